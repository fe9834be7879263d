#!/usr/bin/env python3
"""The longest function bodies of the endpoint families (functions/*/src).

    python3 infra/handler_sizes.py [--top N] [--handlers-only] [--max LINES]

Lists `async fn` bodies (what handlers are) by their number of lines, signature
to closing brace, longest first. With --handlers-only only the functions a
family's route table names (`post(module::name)`, `get(...)`, ...); with --max
it exits 1 when one is longer (issue 30: handlers of 20-40 lines, none over 60).
Braces inside strings, chars and comments are skipped; tests are not counted.
"""

import argparse
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
FN = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?async\s+fn\s+([a-z_0-9]+)")
ROUTED = re.compile(r"\b(?:get|post|patch|delete|put)\(\s*([a-z_0-9:]+)\s*\)")


def strip_code(line, state):
    """The line without string, char and comment contents; `state` carries a block comment or raw string across lines."""
    out = []
    i = 0
    while i < len(line):
        if state["block"]:
            end = line.find("*/", i)
            if end < 0:
                return "".join(out)
            state["block"] = False
            i = end + 2
            continue
        if state["raw"] is not None:
            end = line.find('"' + "#" * state["raw"], i)
            if end < 0:
                return "".join(out)
            i = end + 1 + state["raw"]
            state["raw"] = None
            continue
        c = line[i]
        if line.startswith("//", i):
            break
        if line.startswith("/*", i):
            state["block"] = True
            i += 2
            continue
        m = re.match(r'r(#*)"', line[i:])
        if m and (i == 0 or not (line[i - 1].isalnum() or line[i - 1] == "_")):
            state["raw"] = len(m.group(1))
            i += len(m.group(0))
            continue
        if c == '"':
            i += 1
            while i < len(line) and line[i] != '"':
                i += 2 if line[i] == "\\" else 1
            i += 1
            continue
        m = re.match(r"'(\\.|[^\\'])'", line[i:])
        if m:
            i += len(m.group(0))
            continue
        out.append(c)
        i += 1
    return "".join(out)


def functions(path):
    lines = path.read_text().splitlines()
    state = {"block": False, "raw": None}
    code = [strip_code(line, state) for line in lines]
    found = []
    in_tests = False
    for start, line in enumerate(lines):
        if re.match(r"^\s*#\[cfg\(test\)\]", line):
            in_tests = True
        m = FN.match(code[start])
        if not m or in_tests:
            continue
        depth = 0
        opened = False
        for end in range(start, len(lines)):
            for c in code[end]:
                if c == "{":
                    depth += 1
                    opened = True
                elif c == "}":
                    depth -= 1
            if opened and depth == 0:
                found.append((end - start + 1, m.group(1), start + 1))
                break
            if not opened and code[end].rstrip().endswith(";"):
                break
    return found


def routed_names():
    names = set()
    for path in ROOT.glob("functions/*/src/**/*.rs"):
        for m in ROUTED.finditer(path.read_text()):
            names.add(m.group(1).split("::")[-1])
    return names


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--handlers-only", action="store_true")
    parser.add_argument("--max", type=int)
    args = parser.parse_args()
    handlers = routed_names() if args.handlers_only else None
    rows = []
    for path in sorted(ROOT.glob("functions/*/src/**/*.rs")):
        for length, name, line in functions(path):
            if handlers is None or name in handlers:
                rows.append((length, f"{path.relative_to(ROOT)}:{line}", name))
    rows.sort(reverse=True)
    for length, where, name in rows[: args.top]:
        print(f"{length:5d}  {name}  {where}")
    lengths = sorted(length for length, _, _ in rows)
    if lengths:
        print(f"{len(lengths)} functions; median {lengths[len(lengths) // 2]} lines, longest {lengths[-1]}")
    if args.max is not None and lengths and lengths[-1] > args.max:
        print(f"handler_sizes.py: longer than {args.max} lines: {rows[0][2]}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
