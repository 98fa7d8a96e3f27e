#!/usr/bin/env python3
"""Time cu2hip on source trees: the whole run at -j1 and -j2 (wall and CPU),
CPU per translation unit, the shares spent in Clang parses and in building the
shared SDK prelude, and the kernels vectorized / reductions made native /
refused by reason (run with --option=--vectorize --option=--wave=native);
optionally hipify-clang on the same .cu files, one process per file, one and
two at a time.

Not a test: it prints tables (Markdown) and checks nothing but, with --same
TAG, that binary TAG writes the tree and findings that 'after' writes.

  bench/parse-bench.py --after build/tool/cu2hip
      [--before [TAG=]OLD/cu2hip ...] [--same TAG] [--j1-only TAG]
      [--option=--vectorize --option=--wave=native]
      [--hipify /path/to/hipify-clang] [--runs 2] [--cuda-path DIR]
      TREE[,CLANG_ARG...] ...

TREE is a directory ported with --in-root; CLANG_ARGs (comma-separated, e.g.
-I/src/Common) are passed to both tools after `--`. Wall and CPU (user+sys)
seconds are the best of --runs runs; on a loaded machine compare CPU. The
shares are cu2hip's own figures (--report "time"): thread-seconds in Clang
parses, and in prelude builds, over the wall time of the -j1 run. Kernel
counts come from the ported files (one cu2hip::vec_map_* call per vectorized
kernel, one `int cu2hip_width = 32` parameter per native warp reduction) and
refusals from the --report notes of the vectorize and wave-native rules.
"""
import argparse
import collections
import json
import os
import re
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


def cu2hip_run(binary, tree, clang_args, jobs, out_dir, report, cuda_path, options):
    if os.path.exists(out_dir):
        shutil.rmtree(out_dir)
    cmd = [binary, "--in-root", tree, "--out-root", out_dir, "-j", str(jobs),
           "--quiet", "--report", report] + options
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


def reason(message):
    """The reason of a vectorize / wave-native refusal, without the kernel's name."""
    for sep in (" not vectorized: ", " stays logical32 (32-lane warps): "):
        if sep in message:
            message = message.split(sep, 1)[1]
            break
    message = re.sub(r"'[^']*'", "'...'", message)
    message = re.sub(r"(at )?line \d+", "line N", message)
    message = re.sub(r"<[^>]*>", "<...>", message)
    return message.split(";")[0].split(" (")[0][:90]


def kernel_counts(report, out_dir):
    """Kernels vectorized and reductions made native (from the ported files:
    one vec_map call per vectorized kernel, one `int cu2hip_width = 32`
    parameter per native warp reduction), and refusals by rule and reason
    (the --report notes of the vectorize and wave-native rules)."""
    vec = native = 0
    for root, _, files in os.walk(out_dir):
        for f in files:
            try:
                with open(os.path.join(root, f), errors="replace") as fh:
                    text = fh.read()
            except OSError:
                continue
            vec += len(re.findall(r"cu2hip::vec_map_(?:grid_stride|at)\s*\(", text))
            native += text.count("int cu2hip_width = 32")
    refused = collections.Counter()
    for f in report["files"]:
        for fi in f.get("findings", []):
            rule = fi.get("rule", "")
            if rule in ("vectorize", "wave-native") and fi.get("severity") == "note":
                refused[(rule, reason(fi["message"]))] += 1
    return vec, native, refused


def findings_of(report):
    """Findings per file, comparable between runs (no times), less the
    parse-sdk notes, which say which CUDA headers a parse read."""
    return {f["input"]: sorted(json.dumps(x, sort_keys=True) for x in f.get("findings", [])
                               if x.get("rule") != "parse-sdk")
            for f in report["files"]}


def time_cu2hip(binary, tree, clang_args, runs, work, tag, cuda_path, options, j1_only):
    """Returns a dict of figures for one binary on one tree."""
    out = {"wall_j2": 0.0, "cpu_j2": 0.0}
    report = os.path.join(work, tag + ".json")
    for jobs in ((1,) if j1_only else (1, 2)):
        out_dir = os.path.join(work, "%s-j%d" % (tag, jobs))
        wall, cpu, last = best_of(runs, lambda: cu2hip_run(
            binary, tree, clang_args, jobs, out_dir, report, cuda_path, options))
        out["wall_j%d" % jobs] = wall
        out["cpu_j%d" % jobs] = cpu
        if jobs == 1:
            out["out_dir"] = out_dir
            with open(report) as f:
                rep = json.load(f)
            out["findings"] = findings_of(rep)
            out["kernels"] = kernel_counts(rep, out_dir)
            t = rep.get("time")
            if t:
                out["parse_share"] = t["parse"] / wall if wall else 0.0
                out["prelude_share"] = t["prelude_pch"] / wall if wall else 0.0
                out["phases"] = t
            out["units"] = sum(1 for f in rep["files"]
                               if f.get("parsed") and f["input"].endswith(TU_EXT))
            out["rc"] = last[2]
    return out


def hipify_cmd(binary, u, out_dir, cuda_path, extra, clang_args):
    return [binary, u, "-o", os.path.join(out_dir, os.path.basename(u) + ".hip"),
            "--cuda-path=" + (cuda_path or "/usr/local/cuda")] + extra.options + [
            "--", "-std=c++17"] + extra.clang_args + clang_args


def time_hipify(binary, tree, clang_args, runs, work, cuda_path, extra, parallel):
    """hipify-clang one file per process, `parallel` processes at a time;
    returns (wall s, cpu s, failures, files)."""
    units = [u for u in translation_units(tree) if u.endswith(".cu")]
    out_dir = os.path.join(work, "hipify")
    os.makedirs(out_dir, exist_ok=True)

    def once():
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        failed = 0
        pending = list(units)
        running = []
        while pending or running:
            while pending and len(running) < parallel:
                u = pending.pop(0)
                running.append(subprocess.Popen(
                    hipify_cmd(binary, u, out_dir, cuda_path, extra, clang_args),
                    cwd=os.path.dirname(u), stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL))
            done = running.pop(0)
            failed += done.wait() != 0
        wall = time.monotonic() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return wall, cpu, failed

    wall, cpu, last = best_of(runs, once)
    return wall, cpu, last[2], len(units)


def same_tree(a, b):
    """The ported trees are equal, leaving out the manifests (.cu2hip), which
    record each run's options."""
    rc = subprocess.run(["diff", "-r", "-q", "-x", ".cu2hip", a, b], stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL).returncode
    return rc == 0


def ratio(a, b):
    return "%.2fx" % (a / b) if b else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("trees", nargs="+")
    ap.add_argument("--after", required=True, help="cu2hip binary to time")
    ap.add_argument("--before", action="append", default=[], metavar="[TAG=]BINARY",
                    help="an older cu2hip binary, timed side by side (repeatable)")
    ap.add_argument("--same", action="append", default=[], metavar="TAG",
                    help="check that this binary's ported tree and findings are those of "
                         "'after' (repeatable)")
    ap.add_argument("--option", action="append", default=[], dest="cu2hip_options",
                    help="option for every cu2hip binary, e.g. --vectorize")
    ap.add_argument("--hipify", help="hipify-clang binary, timed on the same .cu files")
    ap.add_argument("--hipify-option", action="append", default=[], dest="options",
                    help="option for hipify-clang (before --), e.g. --clang-resource-directory=DIR")
    ap.add_argument("--hipify-clang-arg", action="append", default=[], dest="clang_args",
                    help="clang argument for hipify-clang only (after --)")
    ap.add_argument("--j1-only", action="append", default=[], metavar="TAG",
                    help="time this binary at -j1 only (repeatable)")
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--cuda-path")
    args = ap.parse_args()

    binaries = []
    for i, b in enumerate(args.before):
        tag, _, path = b.rpartition("=")
        binaries.append((tag or ("before" if i == 0 else "before%d" % i), path))
    binaries.append(("after", args.after))

    work = tempfile.mkdtemp(prefix="cu2hip-bench-")
    try:
        for spec in args.trees:
            parts = spec.split(",")
            tree, clang_args = os.path.abspath(parts[0]), parts[1:]
            print("## %s\n" % tree)
            if clang_args:
                print("clang arguments: `%s`\n" % " ".join(clang_args))
            figures = {}
            for tag, binary in binaries:
                figures[tag] = time_cu2hip(binary, tree, clang_args, args.runs, work, tag,
                                           args.cuda_path, args.cu2hip_options,
                                           tag in args.j1_only)
            print("| | wall -j1 | cpu -j1 | wall -j2 | cpu -j2 | cpu per unit (-j1) | "
                  "parse share | prelude share | units |")
            print("|---|---|---|---|---|---|---|---|---|")
            for tag, f in figures.items():
                share = "%.0f%%" % (100 * f["parse_share"]) if "parse_share" in f else "-"
                pshare = "%.0f%%" % (100 * f["prelude_share"]) if "prelude_share" in f else "-"
                per = f["cpu_j1"] / f["units"] if f["units"] else 0.0
                print("| cu2hip %s | %.2f s | %.2f s | %.2f s | %.2f s | %.3f s | %s | %s | %d |" % (
                    tag, f["wall_j1"], f["cpu_j1"], f["wall_j2"], f["cpu_j2"], per, share,
                    pshare, f["units"]))
            a = figures["after"]
            for tag, b in figures.items():
                if tag != "after":
                    print("| %s/after | %s | %s | %s | %s | | | | |" % (
                        tag, ratio(b["wall_j1"], a["wall_j1"]), ratio(b["cpu_j1"], a["cpu_j1"]),
                        ratio(b["wall_j2"], a["wall_j2"]), ratio(b["cpu_j2"], a["cpu_j2"])))
            if args.hipify:
                for par in (1, 2):
                    wall, cpu, failed, n = time_hipify(args.hipify, tree, clang_args, args.runs,
                                                       work, args.cuda_path, args, par)
                    print("| hipify-clang (%d files, %d at a time; %d failed) | %s | %s | %s | %s "
                          "| %.3f s | | | |" % (
                              n, par, failed,
                              "%.2f s" % wall if par == 1 else "",
                              "%.2f s" % cpu if par == 1 else "",
                              "%.2f s" % wall if par == 2 else "",
                              "%.2f s" % cpu if par == 2 else "", cpu / n if n else 0.0))
            print()
            for tag, f in figures.items():
                if "phases" in f:
                    t = f["phases"]
                    print("%s, -j1 phases: parse %.2f s (%d parses), SDK prelude PCH %.2f s "
                          "(%d built, %d uses), token rules %.2f s, writing %.2f s\n" % (
                              tag, t["parse"], t["parses"], t["prelude_pch"],
                              t["preludes_built"], t["prelude_uses"], t["token_rules"],
                              t["writing"]))
            print("| kernels | " + " | ".join(figures) + " |")
            print("|---|" + "---|" * len(figures))
            print("| vectorized | " + " | ".join(str(f["kernels"][0]) for f in figures.values()) + " |")
            print("| native reductions | " + " | ".join(str(f["kernels"][1]) for f in figures.values()) + " |")
            reasons = sorted(set(k for f in figures.values() for k in f["kernels"][2]))
            for r in reasons:
                print("| refused (%s): %s | " % r + " | ".join(
                    str(f["kernels"][2].get(r, 0)) for f in figures.values()) + " |")
            print()
            for tag in args.same:
                b = figures[tag]
                print("%s vs after: ported trees byte-identical: %s; findings identical: %s\n" % (
                    tag, "yes" if same_tree(b["out_dir"], a["out_dir"]) else "NO",
                    "yes" if b["findings"] == a["findings"] else "NO"))
            sys.stdout.flush()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
