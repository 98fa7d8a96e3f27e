#!/usr/bin/env python3
"""Checks rewriters/cuda-decls/ against the maps: every CUDA name of the maps
(functions, types, enumerators, macros, namespaces) is listed in names.txt as
present (declared in the generated headers), clang (declared by Clang's own
CUDA headers, there with or without an SDK) or absent (the CUDA SDK the data
was generated from has no such declaration), and every present name is spelled in
the generated headers. A map entry added after the data was generated fails the check: rerun
scripts/gen-cuda-decls.sh where a CUDA SDK exists."""
import os
import re
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
maps = os.path.join(root, "rewriters", "maps")
decls = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "rewriters", "cuda-decls")
entry = re.compile(r'cuda: *"?([^,"}]+)"?,.*kind: *([a-z]+)')

names, headers = set(), set()  # headers: not checked (the SDK may lack some)
for dirpath, _, files in os.walk(maps):
    for f in files:
        if f.endswith(".yaml"):
            for line in open(os.path.join(dirpath, f), encoding="utf-8"):
                m = entry.search(line)
                if m:
                    (headers if m.group(2) == "header" else names).add(m.group(1).strip())

listed = {}
for line in open(os.path.join(decls, "names.txt"), encoding="utf-8"):
    if line.startswith("#") or not line.strip():
        continue
    state, name = line.split(None, 1)
    listed[name.strip()] = state

text = []
for dirpath, _, files in os.walk(os.path.join(decls, "include")):
    for f in files:
        text.append(open(os.path.join(dirpath, f), encoding="utf-8").read())
spelled = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", "\n".join(text)))

errors = []
for n in sorted(names - listed.keys()):
    errors.append("map name '%s' is not in names.txt (regenerate: scripts/gen-cuda-decls.sh)" % n)
for n, state in sorted(listed.items()):
    if state == "present" and n.split("::")[-1] not in spelled:
        errors.append("'%s' is listed present but no generated header declares it" % n)
present = sum(1 for n in names if listed.get(n) == "present")
clang = sum(1 for n in names if listed.get(n) == "clang")
for e in errors:
    print("check-cuda-decls: error: " + e)
print("check-cuda-decls: %d map names, %d declared, %d by Clang's CUDA headers, %d absent "
      "from the SDK; %d errors" % (len(names), present, clang, len(names) - present - clang,
                                   len(errors)))
sys.exit(1 if errors else 0)
