#!/usr/bin/env python3
"""Checks that the files of src/animation call only files of a lower layer.

usage: animation_calls.py NM TABLE_HEADER OBJECT...

TABLE_HEADER is src/animation/mixer_internal.h, whose head comment ranks the
files ("Layers, top first": a number, then file names, then what they are).
Each OBJECT is one source file's object in the animation layer. A symbol one
object uses (nm: U) and another defines (T, D, R, B) is a call (or a read)
from the first file to the second; it must go to a lower layer. Exit 1, one
line per wrong call naming both files and the symbol, when one does not, when
an object's file is not in the table, or when the table names a file that has
no object.
"""
import os
import re
import subprocess
import sys


def read_table(path):
    ranks = {}
    inside = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if "Layers, top first" in line:
                inside = True
                continue
            if not inside:
                continue
            m = re.match(r"^ \*\s+(\d+)\s+(.*)$", line.rstrip("\n"))
            if m is None:
                break
            # the files are the words before two spaces and the description
            files = re.split(r"\s{2,}", m.group(2).strip())[0].split()
            for name in files:
                if name in ranks:
                    sys.exit(f"{path}: {name} is in the table twice")
                ranks[name] = int(m.group(1))
    if not ranks:
        sys.exit(f"{path}: no 'Layers, top first' table")
    return ranks


def file_of(obj):
    name = os.path.basename(obj)
    for ext in (".c.o", ".c.obj", ".o", ".obj"):
        if name.endswith(ext):
            return name[: -len(ext)]
    return name


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    nm, table, objects = sys.argv[1], sys.argv[2], sys.argv[3:]
    ranks = read_table(table)
    defined, used = {}, {}
    for obj in objects:
        out = subprocess.run([nm, obj], capture_output=True, text=True, check=True).stdout
        f = file_of(obj)
        used.setdefault(f, set())
        for line in out.splitlines():
            p = line.split()
            if len(p) == 3 and p[1] in "TDRB":
                defined[p[2]] = f
            elif len(p) == 2 and p[0] == "U":
                used[f].add(p[1])
    wrong = []
    for f in sorted(used):
        if f not in ranks:
            wrong.append(f"{f}.c: not in the layer table of {os.path.basename(table)}: give it a layer")
    for f in sorted(ranks):
        if f not in used:
            wrong.append(f"{f}.c: in the layer table, but no such object file")
    calls = 0
    for f in sorted(used):
        for sym in sorted(used[f]):
            g = defined.get(sym)
            if g is None or g == f or f not in ranks or g not in ranks:
                continue
            calls += 1
            if ranks[g] >= ranks[f]:
                wrong.append(f"{f}.c (layer {ranks[f]}) calls {g}.c (layer {ranks[g]}), "
                             f"not below it: {sym}")
    for w in wrong:
        print(w)
    if wrong:
        return 1
    print(f"{len(used)} files, {calls} calls between them, every one downward")
    return 0


if __name__ == "__main__":
    sys.exit(main())
