#!/usr/bin/env python3
"""Compare two outputs of `cargo run --release -p shared --example sky_event_times`.

Lines are "<kind> <case> <what> | <times...>" (Julian days, "-" for an open
end). Events are matched by kind, case and what, in order; prints the events
only one side found and the largest time differences in seconds, per kind of
event. Exits 1 when the two disagree beyond the tolerance given in seconds
(default 1.0), or when an event is missing on one side.

    python3 infra/event_times_compare.py before.txt after.txt [tolerance_seconds]
"""

import collections
import sys


def read(path):
    found = collections.defaultdict(list)
    with open(path) as lines:
        for line in lines:
            head, _, times = line.rstrip("\n").partition(" | ")
            found[head].append(times.split())
    return found


def main():
    before, after = read(sys.argv[1]), read(sys.argv[2])
    tolerance = float(sys.argv[3]) if len(sys.argv) > 3 else 1.0
    worst = collections.defaultdict(lambda: (0.0, ""))
    count = collections.Counter()
    failed = False
    for head in sorted(set(before) | set(after)):
        a, b = before.get(head, []), after.get(head, [])
        if len(a) != len(b):
            print(f"count differs: {head}: {len(a)} before, {len(b)} after")
            failed = True
            continue
        label = head.split()[0] + " " + head.split()[2]
        for times_a, times_b in zip(a, b):
            if len(times_a) != len(times_b):
                print(f"times differ: {head}: {times_a} against {times_b}")
                failed = True
                continue
            for x, y in zip(times_a, times_b):
                count[label] += 1
                if (x == "-") != (y == "-"):
                    print(f"open end differs: {head}: {times_a} against {times_b}")
                    failed = True
                    continue
                if x == "-":
                    continue
                seconds = abs(float(x) - float(y)) * 86400.0
                if seconds > worst[label][0]:
                    worst[label] = (seconds, head)
    for label in sorted(count):
        seconds, head = worst[label]
        flag = "  <-- over tolerance" if seconds > tolerance else ""
        print(f"{label:32} {count[label]:7} instants, largest difference {seconds:.4f} s {head if seconds else ''}{flag}")
        failed |= seconds > tolerance
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
