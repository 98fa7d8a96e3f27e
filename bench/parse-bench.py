#!/usr/bin/env python3
"""Time cu2hip on source trees: the whole run at -j1 and -j2, the time per
translation unit, the share spent parsing, and (optionally) hipify-clang on
the same files, one file at a time, as it is normally used.

Not a test: it prints a table (Markdown) and checks nothing but that two
cu2hip binaries, when given, write byte-identical trees.

  bench/parse-bench.py --after build/tool/cu2hip [--before OLD/cu2hip]
      [--hipify /path/to/hipify-clang] [--runs 3] [--cuda-path DIR]
      TREE[,CLANG_ARG...] ...

TREE is a directory ported with --in-root; CLANG_ARGs (comma-separated, e.g.
-I/src/Common) are passed to both tools after `--`. Wall and CPU (user+sys)
seconds are the best of --runs runs. The parse share is cu2hip's own
figure (--report "time"): thread-seconds in Clang parses and prelude
builds over the wall time of the -j1 run.
"""
import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

TU_EXT = (".cu", ".cpp", ".cc", ".cxx", ".c")


def run_timed(cmd, cwd=None):
    """Runs `cmd`; returns (wall s, cpu s of the child, exit code)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    proc = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, proc.returncode, proc.stderr.decode(errors="replace")


def cu2hip_run(binary, tree, clang_args, jobs, out_dir, report, cuda_path):
    if os.path.exists(out_dir):
        shutil.rmtree(out_dir)
    cmd = [binary, "--in-root", tree, "--out-root", out_dir, "-j", str(jobs),
           "--quiet", "--report", report]
    if cuda_path:
        cmd.append("--cuda-path=" + cuda_path)
    if clang_args:
        cmd += ["--"] + clang_args
    return run_timed(cmd)


def translation_units(tree):
    units = []
    for root, dirs, files in os.walk(tree):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for f in sorted(files):
            if f.endswith(TU_EXT):
                units.append(os.path.join(root, f))
    return units


def best_of(runs, fn):
    results = [fn() for _ in range(runs)]
    wall = min(r[0] for r in results)
    cpu = min(r[1] for r in results)
    return wall, cpu, results[-1]


def time_cu2hip(binary, tree, clang_args, runs, work, tag, cuda_path):
    """Returns a dict of figures for one binary on one tree."""
    out = {}
    report = os.path.join(work, tag + ".json")
    for jobs in (1, 2):
        out_dir = os.path.join(work, "%s-j%d" % (tag, jobs))
        wall, cpu, last = best_of(runs, lambda: cu2hip_run(
            binary, tree, clang_args, jobs, out_dir, report, cuda_path))
        out["wall_j%d" % jobs] = wall
        out["cpu_j%d" % jobs] = cpu
        if jobs == 1:
            out["out_dir"] = out_dir
            with open(report) as f:
                rep = json.load(f)
            t = rep.get("time")
            if t:
                parse = t["parse"] + t["prelude_pch"]
                out["parse_share"] = parse / wall if wall else 0.0
                out["phases"] = t
            out["units"] = sum(1 for f in rep["files"]
                               if f.get("parsed") and f["input"].endswith(TU_EXT))
            out["rc"] = last[2]
    return out


def time_hipify(binary, tree, clang_args, runs, work, cuda_path, extra):
    """hipify-clang one file at a time; returns (wall s, cpu s, failures)."""
    units = [u for u in translation_units(tree) if u.endswith(".cu")]
    out_dir = os.path.join(work, "hipify")
    os.makedirs(out_dir, exist_ok=True)

    def once():
        wall = cpu = 0.0
        failed = 0
        for u in units:
            cmd = [binary, u, "-o", os.path.join(out_dir, os.path.basename(u) + ".hip"),
                   "--cuda-path=" + (cuda_path or "/usr/local/cuda")] + extra.options + [
                   "--", "-std=c++17"] + extra.clang_args + clang_args
            w, c, rc, _ = run_timed(cmd, cwd=os.path.dirname(u))
            wall += w
            cpu += c
            failed += rc != 0
        return wall, cpu, failed

    wall, cpu, last = best_of(runs, once)
    return wall, cpu, last[2], len(units)


def same_tree(a, b):
    rc = subprocess.run(["diff", "-r", "-q", a, b], stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL).returncode
    return rc == 0


def ratio(a, b):
    return "%.2fx" % (a / b) if b else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("trees", nargs="+")
    ap.add_argument("--after", required=True, help="cu2hip binary to time")
    ap.add_argument("--before", help="an older cu2hip binary, timed side by side")
    ap.add_argument("--hipify", help="hipify-clang binary, timed on the same .cu files")
    ap.add_argument("--hipify-option", action="append", default=[], dest="options",
                    help="option for hipify-clang (before --), e.g. --clang-resource-directory=DIR")
    ap.add_argument("--hipify-clang-arg", action="append", default=[], dest="clang_args",
                    help="clang argument for hipify-clang only (after --)")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--cuda-path")
    args = ap.parse_args()

    work = tempfile.mkdtemp(prefix="cu2hip-bench-")
    try:
        for spec in args.trees:
            parts = spec.split(",")
            tree, clang_args = os.path.abspath(parts[0]), parts[1:]
            print("## %s\n" % tree)
            if clang_args:
                print("clang arguments: `%s`\n" % " ".join(clang_args))
            rows = []
            figures = {}
            for tag, binary in (("before", args.before), ("after", args.after)):
                if binary:
                    figures[tag] = time_cu2hip(binary, tree, clang_args, args.runs, work,
                                               tag, args.cuda_path)
            print("| | wall -j1 | cpu -j1 | wall -j2 | per unit (-j1) | parse share | parsed units |")
            print("|---|---|---|---|---|---|---|")
            for tag, f in figures.items():
                share = "%.0f%%" % (100 * f["parse_share"]) if "parse_share" in f else "-"
                per = f["wall_j1"] / f["units"] if f["units"] else 0.0
                print("| cu2hip %s | %.2f s | %.2f s | %.2f s | %.3f s | %s | %d |" % (
                    tag, f["wall_j1"], f["cpu_j1"], f["wall_j2"], per, share, f["units"]))
            if "before" in figures and "after" in figures:
                b, a = figures["before"], figures["after"]
                print("| before/after | %s | %s | %s | | | |" % (
                    ratio(b["wall_j1"], a["wall_j1"]), ratio(b["cpu_j1"], a["cpu_j1"]),
                    ratio(b["wall_j2"], a["wall_j2"])))
            if args.hipify:
                wall, cpu, failed, n = time_hipify(args.hipify, tree, clang_args, args.runs,
                                                   work, args.cuda_path, args)
                print("| hipify-clang (%d files, one at a time; %d failed) | %.2f s | %.2f s | | %.3f s | | |"
                      % (n, failed, wall, cpu, wall / n if n else 0.0))
                if "after" in figures:
                    print("| hipify-clang/after | %s | %s | | | | |" % (
                        ratio(wall, figures["after"]["wall_j1"]),
                        ratio(cpu, figures["after"]["cpu_j1"])))
            print()
            if "after" in figures and "phases" in figures["after"]:
                t = figures["after"]["phases"]
                print("after, -j1 phases: parse %.2f s (%d parses), SDK prelude PCH %.2f s "
                      "(%d built, %d uses), token rules %.2f s, writing %.2f s\n" % (
                          t["parse"], t["parses"], t["prelude_pch"], t["preludes_built"],
                          t["prelude_uses"], t["token_rules"], t["writing"]))
            if "before" in figures and "after" in figures:
                same = same_tree(figures["before"]["out_dir"], figures["after"]["out_dir"])
                print("ported trees byte-identical (before vs after): %s\n" %
                      ("yes" if same else "NO"))
            sys.stdout.flush()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
