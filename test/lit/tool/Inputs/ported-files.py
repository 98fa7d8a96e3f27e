"""Prints the files a --report JSON says were ported in that run (not kept
unchanged from the last run), relative to ROOT, sorted, on one line."""
import json
import sys

report, root = sys.argv[1], sys.argv[2].rstrip("/") + "/"
files = json.load(open(report))["files"]
ported = sorted(f["input"][len(root):] for f in files if not f.get("unchanged"))
print("ported:", " ".join(ported) if ported else "(none)")
