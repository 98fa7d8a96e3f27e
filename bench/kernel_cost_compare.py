#!/usr/bin/env python3
"""Joins `cu2hip check --kernels --report` JSON files of a port and a hand port and prints, per
kernel, target and wave mode, the instruction counts (total and by class), VGPRs, SGPRs and
occupancy of both sides with the port/hand ratios. Used by bench/kernel-cost-hand.sh.

Usage: kernel_cost_compare.py [--json OUT] [--markdown] (INPUT MODE PORT.json HAND.json)...
  --markdown  a Markdown table (total, VALU, SALU, cross-lane, branches, VGPRs, occupancy)
"""
import json
import re
import sys

CLASSES = ["valu", "salu", "smem", "vmem-load", "vmem-store", "vmem-atomic", "lds",
           "cross-lane", "matrix", "branch", "wait", "barrier", "other"]
SHORT = {"valu": "VALU", "salu": "SALU", "smem": "SMEM", "vmem-load": "VMLD",
         "vmem-store": "VMST", "vmem-atomic": "VMAT", "lds": "LDS", "cross-lane": "XLANE",
         "matrix": "MFMA", "branch": "BRNCH", "wait": "WAIT", "barrier": "BAR", "other": "OTH"}


def plain_name(mangled):
    """The unqualified name of an Itanium-mangled function (or the name itself)."""
    m = re.match(r"_Z(?:N\d*\w*?)?(\d+)", mangled)
    if not m:
        return mangled
    n = int(m.group(1))
    start = m.end()
    return mangled[start:start + n]


def kernels(path):
    with open(path) as f:
        doc = json.load(f)
    return {(k["kernel"], k["target"]): k for k in doc.get("kernels", [])}


def total(k):
    return sum(k.get("instructions", {}).values())


def ratio(a, b):
    return f"{a / b:.2f}" if b else ("1.00" if a == 0 else "inf")


def join(port, hand):
    by_plain = {}
    for (name, target), k in hand.items():
        by_plain.setdefault((plain_name(name), target), []).append(k)
    for (name, target), k in sorted(port.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        h = hand.get((name, target))
        if h is None:
            cands = by_plain.get((plain_name(name), target), [])
            h = cands[0] if len(cands) == 1 else None
        yield name, target, k, h


def print_markdown(rows):
    def pair(p, h, key):
        a, b = p["instructions"].get(key, 0), h["instructions"].get(key, 0)
        return f"{a}/{b}"
    print("| input | kernel | target | mode | instr. port/hand | ratio | VALU | SALU | cross-lane "
          "| branch | VGPR | occupancy |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        p, h = r["port"], r["hand"]
        if h is None:
            continue
        print(f"| {r['input']} | {plain_name(r['kernel'])} | {r['target']} | {r['mode']} "
              f"| {total(p)}/{total(h)} | {ratio(total(p), total(h))} | {pair(p, h, 'valu')} "
              f"| {pair(p, h, 'salu')} | {pair(p, h, 'cross-lane')} | {pair(p, h, 'branch')} "
              f"| {p['vgprs']}/{h['vgprs']} "
              f"| {p['occupancy_waves_per_simd']}/{h['occupancy_waves_per_simd']} |")


def main(argv):
    out_json, markdown = None, False
    while argv[:1] in (["--json"], ["--markdown"]):
        if argv[0] == "--json":
            out_json, argv = argv[1], argv[2:]
        else:
            markdown, argv = True, argv[1:]
    if not argv or len(argv) % 4:
        print(__doc__, file=sys.stderr)
        return 2
    used = [c for c in CLASSES]
    rows, records = [], []
    for i in range(0, len(argv), 4):
        unit, mode, port_path, hand_path = argv[i:i + 4]
        for name, target, p, h in join(kernels(port_path), kernels(hand_path)):
            rec = {"input": unit, "mode": mode, "kernel": name, "target": target,
                   "port": p, "hand": h}
            records.append(rec)
            rows.append(rec)
    present = [c for c in used if any(r["port"].get("instructions", {}).get(c) or
                                      (r["hand"] or {}).get("instructions", {}).get(c)
                                      for r in rows)]
    if markdown:
        print_markdown(rows)
        rows = []
    head = (f"{'KERNEL':30} {'TARGET':7} {'MODE':9} {'TOTAL p/h':>11} {'RATIO':>5} "
            + " ".join(f"{SHORT[c] + ' p/h':>11}" for c in present)
            + f" {'VGPR p/h':>9} {'SGPR p/h':>9} {'OCC p/h':>7}")
    if rows:
        print(head)
    for r in rows:
        p, h = r["port"], r["hand"]
        name = plain_name(r["kernel"])[:30]
        if h is None:
            print(f"{name:30} {r['target']:7} {r['mode']:9} {total(p):>5}/    - (no hand kernel)")
            continue
        cls = " ".join(f"{str(p['instructions'].get(c, 0)) + '/' + str(h['instructions'].get(c, 0)):>11}"
                       for c in present)
        print(f"{name:30} {r['target']:7} {r['mode']:9} {str(total(p)) + '/' + str(total(h)):>11} "
              f"{ratio(total(p), total(h)):>5} {cls} "
              f"{str(p['vgprs']) + '/' + str(h['vgprs']):>9} {str(p['sgprs']) + '/' + str(h['sgprs']):>9} "
              f"{str(p['occupancy_waves_per_simd']) + '/' + str(h['occupancy_waves_per_simd']):>7}")
    if out_json:
        with open(out_json, "w") as f:
            json.dump(records, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
