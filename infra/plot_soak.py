#!/usr/bin/env python3
"""Draws the soak run of infra/soak.sh as a small SVG and checks it.

    plot_soak.py SOAK_CSV OUT_SVG [--warmup SECONDS] [--title TEXT]

Three panels over the run's time: requests/s, p50 and p99 latency, the
server's resident memory. Plain SVG from the standard library (no plotting
package to install). Prints the medians over the windows and exits 1 unless
the run had no 5xx, no answer of another status than its kind expects, no
socket error, and a resident memory flat within 10 % after the warm-up
((max - min) / min of the samples after it).
"""

import argparse
import csv
import statistics
import sys
from xml.sax.saxutils import escape

FLAT_WITHIN = 0.10


def read(path):
    with open(path, newline="") as f:
        return [{k: float(v) for k, v in row.items()} for row in csv.DictReader(f)]


def nice_ceiling(value):
    """The smallest 1, 2, 2.5 or 5 times a power of ten at or above value."""
    if value <= 0:
        return 1.0
    power = 10 ** len(str(int(value))) / 10
    for step in (1, 2, 2.5, 5, 10):
        if step * power >= value:
            return step * power
    return 10 * power


def panel(out, rows, top, series, label, unit, width, height, warmup, floor_zero=True):
    """One chart: a frame, four horizontal grid lines with values, the series
    as polylines, the warm-up shaded."""
    left, right = 70, 20
    inner_w, inner_h = width - left - right, height - 40
    t_max = max(r["elapsed_s"] for r in rows)
    values = [r[key] for key, _, _ in series for r in rows]
    high = nice_ceiling(max(values) * 1.05)
    low = 0.0 if floor_zero else min(values) * 0.9

    def x(t):
        return left + inner_w * t / t_max

    def y(v):
        return top + 20 + inner_h * (1 - (v - low) / (high - low))

    out.append(f'<text x="{left}" y="{top + 12}" class="title">{escape(label)}</text>')
    if warmup > 0:
        out.append(f'<rect x="{left}" y="{top + 20}" width="{x(min(warmup, t_max)) - left:.1f}" height="{inner_h}" class="warmup"/>')
        out.append(f'<text x="{left + 4}" y="{top + 32}" class="axis">warm-up</text>')
    for i in range(5):
        v = low + (high - low) * i / 4
        out.append(f'<line x1="{left}" x2="{left + inner_w}" y1="{y(v):.1f}" y2="{y(v):.1f}" class="grid"/>')
        out.append(f'<text x="{left - 6}" y="{y(v) + 4:.1f}" class="axis" text-anchor="end">{v:,.4g} {unit}</text>')
    for key, name, color in series:
        points = " ".join(f"{x(r['elapsed_s']):.1f},{y(r[key]):.1f}" for r in rows)
        out.append(f'<polyline points="{points}" fill="none" stroke="{color}" stroke-width="1.6"/>')
    legend_x = left + inner_w
    for key, name, color in reversed(series):
        out.append(f'<text x="{legend_x}" y="{top + 12}" class="legend" fill="{color}" text-anchor="end">{escape(name)}</text>')
        legend_x -= 9 * len(name) + 14
    return top + height


def draw(rows, svg_path, warmup, title):
    width, panel_h = 720, 170
    out = []
    top = 30
    top = panel(out, rows, top, [("rps", "requests/s", "#1f77b4")], "Throughput", "/s", width, panel_h, warmup)
    top = panel(out, rows, top + 10, [("p50_ms", "p50", "#2ca02c"), ("p99_ms", "p99", "#d62728")], "Latency", "ms", width, panel_h, warmup)
    for r in rows:
        r["rss_mb"] = r["rss_kb"] / 1024
    top = panel(out, rows, top + 10, [("rss_mb", "VmRSS", "#9467bd")], "Server resident memory", "MB", width, panel_h, warmup)
    t_max = max(r["elapsed_s"] for r in rows)
    left, inner_w = 70, width - 90
    step = next((s for s in (5, 10, 15, 30, 60, 120, 300, 600, 1200) if t_max / s <= 6), 3600)
    t = 0
    while t <= t_max:
        out.append(f'<text x="{left + inner_w * t / t_max:.1f}" y="{top + 14}" class="axis" text-anchor="middle">{t} s</text>')
        t += step
    height = top + 30
    style = (
        "text{font-family:sans-serif} .title{font-size:13px;font-weight:bold} .axis{font-size:10px;fill:#444}"
        " .legend{font-size:12px} .grid{stroke:#ddd;stroke-width:1} .warmup{fill:#f2f2f2}"
    )
    svg = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
        f"<style>{style}</style>",
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="18" text-anchor="middle" class="title">{escape(title)}</text>',
        *out,
        "</svg>",
    ]
    with open(svg_path, "w") as f:
        f.write("\n".join(svg) + "\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("csv")
    parser.add_argument("svg")
    parser.add_argument("--warmup", type=float, default=60)
    parser.add_argument("--title", default="Soak: the load mix on the embedded store (shaded: warm-up)")
    args = parser.parse_args()
    rows = read(args.csv)
    if not rows:
        sys.exit("plot_soak.py: no rows in " + args.csv)
    draw(rows, args.svg, args.warmup, args.title)

    requests = sum(r["requests"] for r in rows)
    server_errors = sum(r["server_errors"] for r in rows)
    unexpected = sum(r["unexpected"] for r in rows)
    socket_errors = sum(r["socket_errors"] for r in rows)
    after = [r["rss_kb"] for r in rows if r["elapsed_s"] > args.warmup]
    rss_spread = (max(after) - min(after)) / min(after) if after else float("nan")
    median = lambda key: statistics.median(r[key] for r in rows)  # noqa: E731
    print(f"soak: {len(rows)} windows, {rows[-1]['elapsed_s']:.0f} s, {requests:.0f} requests")
    print(f"soak: medians over windows: {median('rps'):,.0f} requests/s, p50 {median('p50_ms'):.2f} ms, p99 {median('p99_ms'):.2f} ms")
    print(f"soak: error rate {(unexpected + socket_errors) / requests:.6f} ({unexpected:.0f} unexpected statuses, "
          f"{server_errors:.0f} of them 5xx, {socket_errors:.0f} socket errors)")
    if len(after) > 1:
        times = [r["elapsed_s"] for r in rows if r["elapsed_s"] > args.warmup]
        slope = statistics.linear_regression(times, after).slope * 60 / 1024
        print(f"soak: RSS trend after the warm-up (least squares): {slope:+.3f} MB/min")
    if after:
        print(f"soak: RSS after the {args.warmup:.0f} s warm-up: {min(after) / 1024:.1f} to {max(after) / 1024:.1f} MB "
              f"(spread {rss_spread:.1%}; first {after[0] / 1024:.1f} MB, last {after[-1] / 1024:.1f} MB)")
    print(f"soak: plot in {args.svg}")
    failures = []
    if server_errors:
        failures.append(f"{server_errors:.0f} responses were 5xx")
    if unexpected or socket_errors:
        failures.append(f"{unexpected:.0f} unexpected statuses, {socket_errors:.0f} socket errors")
    if not after:
        failures.append("no sample after the warm-up")
    elif rss_spread > FLAT_WITHIN:
        failures.append(f"RSS moved by {rss_spread:.1%} after the warm-up (limit {FLAT_WITHIN:.0%})")
    if failures:
        print("soak: FAILED: " + "; ".join(failures), file=sys.stderr)
        sys.exit(1)
    print("soak: passed (no 5xx, every status as expected, RSS flat within 10 % after the warm-up)")


if __name__ == "__main__":
    main()
