"""Compares two outputs of `cargo run --release -p shared --example
chart_numbers`: the same charts from two builds. Prints the largest
difference of each kind (longitude, latitude, distance, their speeds,
houses) and where; lines whose words differ are counted as structural.
    python3 infra/chart_numbers_compare.py before.txt after.txt
"""
import re, sys, collections
num = re.compile(r'-?\d+\.\d+(?:e-?\d+)?|-?\d+e-?\d+')
a = open(sys.argv[1]).read().splitlines(); b = open(sys.argv[2]).read().splitlines()
assert len(a) == len(b)
kinds = ['lon', 'lat', 'dist', 'speed_lon', 'speed_lat', 'speed_dist']
worst = collections.defaultdict(lambda: (0.0, None)); structural = 0
for la, lb in zip(a, b):
    if num.sub('#', la) != num.sub('#', lb):
        structural += 1
        if structural < 4: print("DIFF\n", la[:300], "\n", lb[:300])
        continue
    body = la.split(' Sun ')[0] if ' Sun ' in la else la
    ha = num.findall(la.split('HouseCusps')[1].split('}')[0]) if 'HouseCusps' in la else []
    hb = num.findall(lb.split('HouseCusps')[1].split('}')[0]) if 'HouseCusps' in lb else []
    for u, v in zip(ha, hb):
        d = abs(float(u) - float(v)); d = min(d, abs(d - 360))
        if d > worst['houses'][0]: worst['houses'] = (d, la.split()[0])
    ta = la.split('}', 1)[-1].split(); tb = lb.split('}', 1)[-1].split()
    label = None; k = 0
    for x, y in zip(ta, tb):
        if not num.fullmatch(x):
            label = x; k = 0; continue
        if label and k < 6:
            d = abs(float(x) - float(y)); d = min(d, abs(d - 360))
            key = kinds[k]
            if d > worst[key][0]: worst[key] = (d, (la.split()[0], label))
        k += 1
print("structural diffs", structural)
for key, (d, w) in sorted(worst.items()):
    print(f"{key:12} max {d:.3e}" + (f" deg = {d*3600:.2e} arcsec" if key in ('houses','lon','lat') else "") + f" at {w}")
