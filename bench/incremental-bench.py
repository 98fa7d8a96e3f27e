#!/usr/bin/env python3
"""Time cu2hip's incremental re-runs and check its export/apply path.

For each TREE: a first run into a fresh out-root, then a re-run of the
unchanged tree into the same out-root (the manifest keeps every file), and
the ratio of the unchanged re-run to the first run; with --header-change
also a re-run after one header changed (appended a comment; the header is
the local one most translation units include). Then the distributed path:
`--export-edits` once per translation unit (one process each, as ninja or a
job array runs them) and `cu2hip apply`, whose out-root must equal the first
run's byte for byte (`diff -r`, the manifest directory left out), and whose
closing summary must count the same files, lines, findings and edits.

Not a test: it prints a Markdown table, and exits 1 when an apply differs.

  bench/incremental-bench.py --cu2hip build/tool/cu2hip [--runs 1]
      [--header-change] [--option=--vectorize ...] TREE[,CLANG_ARG...] ...

TREE is a directory ported with --in-root; CLANG_ARGs (comma-separated, e.g.
-I/src/Common) go after `--`. Wall and CPU (user+sys) seconds are the best of
--runs runs (the re-runs: each after its own first run). The trees are
copied to a scratch directory first (the header change is made there).
"""
import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

TU_EXT = (".cu", ".cpp", ".cc", ".cxx", ".c")
HDR_EXT = (".cuh", ".h", ".hpp")


def run_timed(cmd):
    """Runs `cmd`; returns (wall s, cpu s of the child, exit code, stderr)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, proc.returncode, proc.stderr.decode(errors="replace")


def units_of(tree):
    out = []
    for d, _, files in os.walk(tree):
        out += [os.path.join(d, f) for f in files if f.endswith(TU_EXT)]
    return sorted(out)


def most_included_header(tree):
    """The local header named in the most #include lines of the tree."""
    counts = {}
    headers = {}
    for d, _, files in os.walk(tree):
        for f in files:
            if f.endswith(HDR_EXT):
                headers.setdefault(f, os.path.join(d, f))
    for d, _, files in os.walk(tree):
        for f in files:
            if not f.endswith(TU_EXT + HDR_EXT):
                continue
            text = open(os.path.join(d, f), errors="replace").read()
            for name in re.findall(r'#\s*include\s*"([^"]+)"', text):
                base = os.path.basename(name)
                if base in headers:
                    counts[base] = counts.get(base, 0) + 1
    if not counts:
        return None
    return headers[max(sorted(counts), key=lambda b: counts[b])]


def summary_counts(stderr):
    """The summary lines that must match between a run and an apply."""
    keep = []
    for line in stderr.splitlines():
        if line.startswith("cu2hip: ") and " files (" in line:
            keep.append(re.sub(r", [0-9.]+ s$", "", line))
        elif line.startswith("  ") and not line.startswith("  time:") and \
                not line.startswith("  unchanged"):
            keep.append(line)
    return keep


def best(runs):
    return min(runs, key=lambda r: r[1])


def bench_tree(args, spec, scratch):
    parts = spec.split(",")
    src, clang_args = os.path.abspath(parts[0]), parts[1:]
    name = os.path.basename(src.rstrip("/"))
    tree = os.path.join(scratch, name, "src")
    if os.path.exists(os.path.dirname(tree)):
        shutil.rmtree(os.path.dirname(tree))
    shutil.copytree(src, tree, symlinks=True)
    tail = (["--"] + clang_args) if clang_args else []
    opts = ["--quiet"] + args.option

    def port(out, extra=()):
        return [args.cu2hip, "--in-root", tree, "--out-root", out] + opts + list(extra) + tail

    first, rerun = [], []
    out = os.path.join(scratch, name, "out")
    for _ in range(args.runs):
        shutil.rmtree(out, ignore_errors=True)
        first.append(run_timed(port(out)))
        rerun.append(run_timed(port(out)))
    f, r = best(first), best(rerun)
    # The reference for apply: the first run's tree and summary.
    normal = os.path.join(scratch, name, "normal")
    shutil.rmtree(normal, ignore_errors=True)
    shutil.copytree(out, normal, symlinks=True)
    n = f
    header = most_included_header(tree) if args.header_change else None
    h = None
    if header:
        with open(header, "a") as fh:
            fh.write("\n// changed\n")
        h = run_timed(port(out))
        with open(header) as fh:
            text = fh.read()
        with open(header, "w") as fh:
            fh.write(text[: -len("\n// changed\n")])
    print("%s: first %.2f s wall / %.2f s CPU, unchanged re-run %.3f / %.3f" % (
        name, f[0], f[1], r[0], r[1]), file=sys.stderr, flush=True)

    # Distributed: one export per unit, then one apply.
    ex = os.path.join(scratch, name, "edits")
    shutil.rmtree(ex, ignore_errors=True)
    ex_wall = ex_cpu = 0.0
    units = units_of(tree)
    for u in units:
        w, c, _, _ = run_timed([args.cu2hip, "--in-root", tree, "--export-edits", ex,
                                "--unit", u, "--no-summary"] + opts + tail)
        ex_wall, ex_cpu = ex_wall + w, ex_cpu + c
    applied = os.path.join(scratch, name, "applied")
    shutil.rmtree(applied, ignore_errors=True)
    a = run_timed([args.cu2hip, "apply", ex, "--in-root", tree, "--out-root", applied] +
                  opts + tail)
    for root in (normal, applied):  # each keeps its own manifest
        shutil.rmtree(os.path.join(root, ".cu2hip"), ignore_errors=True)
    same_tree = subprocess.run(["diff", "-r", normal, applied],
                               stdout=subprocess.DEVNULL).returncode == 0
    same_summary = summary_counts(n[3]) == summary_counts(a[3]) and n[2] == a[2]
    print("%s: exports %.2f s wall / %.2f s CPU, apply %.2f / %.2f, tree %s, summary %s" % (
        name, ex_wall, ex_cpu, a[0], a[1], "identical" if same_tree else "DIFFERENT",
        "same" if same_summary else "DIFFERENT"), file=sys.stderr, flush=True)
    return {
        "name": name, "units": len(units), "first": f, "rerun": r, "header": h,
        "header_name": os.path.relpath(header, tree) if header else "-",
        "export": (ex_wall, ex_cpu), "apply": a, "same_tree": same_tree,
        "same_summary": same_summary,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cu2hip", required=True)
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--header-change", action="store_true")
    ap.add_argument("trees", nargs="+")
    args = ap.parse_args()
    args.cu2hip = os.path.abspath(args.cu2hip)
    scratch = tempfile.mkdtemp(prefix="cu2hip-incr-bench-")
    rows = []
    for t in args.trees:
        rows.append(bench_tree(args, t, scratch))
        print("done:", t, file=sys.stderr, flush=True)
    shutil.rmtree(scratch, ignore_errors=True)

    print("| tree | units | first run wall / CPU s | unchanged re-run wall / CPU s "
          "| re-run / first: wall, CPU | one header changed: wall / CPU s |")
    print("|---|---|---|---|---|---|")
    for x in rows:
        f, r, h = x["first"], x["rerun"], x["header"]
        print("| %s | %d | %.2f / %.2f | %.3f / %.3f | %.1f%%, %.1f%% | %s |" % (
            x["name"], x["units"], f[0], f[1], r[0], r[1], 100 * r[0] / f[0],
            100 * r[1] / f[1],
            "%.2f / %.2f (%s)" % (h[0], h[1], x["header_name"]) if h else "-"))
    print()
    print("| tree | exports (one process per unit) wall / CPU s | apply wall / CPU s "
          "| apply tree == normal run (diff -r) | same summary counts, exit status |")
    print("|---|---|---|---|---|")
    ok = True
    for x in rows:
        a = x["apply"]
        print("| %s | %.2f / %.2f | %.2f / %.2f | %s | %s |" % (
            x["name"], x["export"][0], x["export"][1], a[0], a[1],
            "identical" if x["same_tree"] else "DIFFERENT",
            "yes" if x["same_summary"] else "NO"))
        ok &= x["same_tree"] and x["same_summary"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
