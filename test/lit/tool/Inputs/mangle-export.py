"""Makes an edit export invalid in one way, for apply-validate.test.
Usage: mangle-export.py KIND EXPORT [OUT]
  past-end  the first edit's Offset moved past the end of its file
  overlap   the first edit repeated one byte later with other text
  conflict  writes OUT: the export with its first ReplacementText changed
  truncate  the export cut after its first half (at a line end)"""
import re
import sys

kind, path = sys.argv[1], sys.argv[2]
text = open(path).read()
if kind == "past-end":
    text = re.sub(r"Offset: *\d+", "Offset: 1000000", text, count=1)
elif kind == "overlap":
    reps = re.finditer(r"( *- Offset: *(\d+)\n *Length: *(\d+)\n *ReplacementText: [^\n]*\n"
                       r" *Rule: [^\n]*\n)", text)
    rep = next(m for m in reps if int(m.group(3)) > 1)
    twin = re.sub(r"Offset: *\d+", "Offset: %d" % (int(rep.group(2)) + 1), rep.group(1))
    twin = re.sub(r"ReplacementText: [^\n]*", "ReplacementText: other", twin)
    text = text.replace(rep.group(1), rep.group(1) + twin, 1)
elif kind == "conflict":
    text = re.sub(r"ReplacementText: [^\n]*", "ReplacementText: somethingElse", text, count=1)
    path = sys.argv[3]
elif kind == "truncate":
    cut = text.rfind("\n", 0, len(text) // 2) + 1
    text = text[:cut]
else:
    sys.exit("unknown kind " + kind)
open(path, "w").write(text)
