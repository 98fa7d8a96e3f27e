"""Checks a cu2hip SARIF report: sarif-check.py REPORT LIST_RULES_OUTPUT ROOT|- EXPECT...

Each EXPECT is rule:level:uri:line:col; the results must be exactly these,
in order. ROOT is the --in-root whose file:// URI is SRCROOT, or - for a run
without one (then no uriBaseId may appear)."""
import json
import sys

report, listing, root, expected = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
doc = json.load(open(report))
assert doc["version"] == "2.1.0", doc["version"]
assert doc["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json", doc["$schema"]
assert len(doc["runs"]) == 1
run = doc["runs"][0]
driver = run["tool"]["driver"]
assert driver["name"] == "cu2hip" and driver["version"], driver.get("version")

# driver.rules: every id --list-rules prints, in its order, fired or not.
ids = [line.split()[0] for line in open(listing) if line.strip()]
rules = driver["rules"]
assert [r["id"] for r in rules] == ids, "rules differ from --list-rules"
for r in rules:
    assert r["shortDescription"]["text"], r
    assert "docs/rules.md#" + r["id"] in r["fullDescription"]["text"], r
    assert r["defaultConfiguration"]["level"] in ("error", "warning", "note"), r

if root == "-":
    assert "originalUriBaseIds" not in run
else:
    assert run["originalUriBaseIds"]["SRCROOT"]["uri"] == "file://" + root.replace(" ", "%20") + "/"

got = []
for res in run["results"]:
    loc = res["locations"][0]["physicalLocation"]
    art = loc["artifactLocation"]
    assert ("uriBaseId" in art) == (root != "-"), art
    if root != "-":
        assert art["uriBaseId"] == "SRCROOT", art
    assert rules[res["ruleIndex"]]["id"] == res["ruleId"], res
    assert "fixes" not in res
    got.append("%s:%s:%s:%d:%d" % (res["ruleId"], res["level"], art["uri"],
                                   loc["region"]["startLine"], loc["region"]["startColumn"]))
    print(res["ruleId"], "message:", res["message"]["text"])
assert got == expected, "results %s, expected %s" % (got, expected)
