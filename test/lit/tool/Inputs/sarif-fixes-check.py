"""Checks the SARIF 2.1.0 `fixes` of a cu2hip report:
sarif-fixes-check.py REPORT INPUT OUTPUT

Every fix must be well formed (description, one artifactChange naming the
result's own artifact, replacements with a deletedRegion of start/end line
and column and an insertedContent text); applying a result's replacements to
INPUT (columns in code points, the run's columnKind) must give lines that
OUTPUT (the ported file) holds. Prints one line per result: its rule, then
each replacement as line:col-line:col, the deleted text and the inserted."""
import json
import sys

report, input_path, output_path = sys.argv[1:4]
doc = json.load(open(report))
run = doc["runs"][0]
assert run["columnKind"] == "unicodeCodePoints", run.get("columnKind")
lines = open(input_path, encoding="utf-8").read().split("\n")
ported = open(output_path, encoding="utf-8").read().split("\n")

def check_region(reg):
    for key in ("startLine", "startColumn", "endLine", "endColumn"):
        assert isinstance(reg[key], int) and reg[key] >= 1, reg
    assert (reg["endLine"], reg["endColumn"]) >= (reg["startLine"], reg["startColumn"]), reg

for res in run["results"]:
    fixes = res.get("fixes", [])
    if not fixes:
        print(res["ruleId"], "no fix")
        continue
    assert len(fixes) == 1, fixes
    fix = fixes[0]
    assert fix["description"]["text"], fix
    changes = fix["artifactChanges"]
    assert len(changes) == 1, changes
    own = res["locations"][0]["physicalLocation"]
    assert changes[0]["artifactLocation"] == own["artifactLocation"], changes[0]
    out = [res["ruleId"]]
    for rep in changes[0]["replacements"]:
        reg = rep["deletedRegion"]
        check_region(reg)
        text = rep["insertedContent"]["text"]
        assert isinstance(text, str), rep
        # One-line regions here: cut by code points and check the port has the result.
        assert reg["startLine"] == reg["endLine"], reg
        line = lines[reg["startLine"] - 1]
        a, b = reg["startColumn"] - 1, reg["endColumn"] - 1
        assert line[a:b].strip(), (line, a, b)
        assert line[:a] + text + line[b:] in ported, (line[:a] + text + line[b:])
        assert reg["startLine"] == own["region"]["startLine"], (reg, own)
        assert reg["startColumn"] == own["region"]["startColumn"], (reg, own)
        out.append("%d:%d-%d:%d %r -> %r" % (reg["startLine"], reg["startColumn"],
                                            reg["endLine"], reg["endColumn"], line[a:b], text))
    print(" ".join(out))
