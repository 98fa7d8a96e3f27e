#!/usr/bin/env bash
# alloc-h200.sh — the allocator's acceptance checks (issue 13) on one NVIDIA GPU, in one
# offline command that ends with a table of verdicts:
#   A. cached hipMalloc+hipFree round trip (CU2HIP_ALLOC_CONF=backend:caching, defaults)
#      against raw hipMallocAsync+hipFreeAsync, measured in the same run, twice, at 512 B,
#      64 KiB, 1 MiB, 16 MiB and 256 MiB (bench/alloc_bench.hip, as bench/gpu-bench.sh runs it);
#   B. fragmentation on the deep-RL traces: peak reserved / peak allocated of cu2hip's settings
#      against PyTorch's caching allocator (default and expandable_segments:True);
#   C. the DQN sample ported with --alloc-hooks: its trace bitwise equal to the CUDA
#      original's of the same run and to samples/golden (pass-through, caching, caching with
#      expandable segments; small and full mode).
# A to C are the `run` phase of bench/alloc-trace-gpu.sh (same binaries, same invocations);
# this script adds the verdicts, and compares the DQN traces with Python (no cu2hip-parity,
# which needs LLVM, on the GPU machine).
#
# Usage: bench/alloc-h200.sh build DIR      (CPU machine: nvcc, g++, cu2hip; no GPU)
#        bench/alloc-h200.sh run DIR [OUT]  (GPU machine: only DIR, python3; torch for the
#                                            PyTorch rows, which are skipped without it)
#        bench/alloc-h200.sh summary DIR OUT (the tables again from a run's OUT)
# OUT defaults to DIR/out. Logs and full tables stay under OUT; the summary goes to stdout.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PHASE=${1:?usage: alloc-h200.sh build|run DIR [OUT]}
DIR=$(realpath -m "${2:?DIR}")

build() {
  bash "$ROOT/bench/alloc-trace-gpu.sh" build "$DIR" || exit 2
  cp "$0" "$DIR/alloc-h200.sh"
  mkdir -p "$DIR/golden"
  cp "$ROOT"/samples/golden/dqn_replay.{small,full}.cuda.jsonl "$DIR/golden/"
  git -C "$ROOT" log -1 --format='%h %s' >"$DIR/commit.txt" 2>/dev/null || true
  git -C "$ROOT" status --short -- runtime/alloc bench >>"$DIR/commit.txt" 2>/dev/null || true
  local REL=${DIR#"$ROOT"/}
  echo "alloc-h200: built into $DIR ($(du -sh "$DIR" | cut -f1)); on the GPU machine, from the"
  echo "repository root (with $REL carried along): bash $REL/alloc-h200.sh run $REL"
}

run() {
  local OUT=${1:-$DIR/out}
  rm -rf "$OUT"
  mkdir -p "$OUT"
  echo "# cu2hip allocator acceptance run (issue 13)"
  echo "built from: $(head -1 "$DIR/commit.txt" 2>/dev/null || echo '?')"
  echo "started $(date -u +%Y-%m-%dT%H:%M:%SZ); full logs and tables under $OUT"
  echo
  echo "## Running bench/alloc-trace-gpu.sh run (traces, round trips, DQN) ..."
  local T0=$SECONDS
  bash "$DIR/alloc-trace-gpu.sh" run "$DIR" "$OUT" >"$OUT/alloc-trace-gpu.log" 2>&1
  echo "alloc-trace-gpu.sh: rc $?, $((SECONDS - T0)) s (its output: $OUT/alloc-trace-gpu.log)"
  echo
  summary "$OUT"
  echo
  echo "finished $(date -u +%Y-%m-%dT%H:%M:%SZ)"
}

# The verdict tables from the files `alloc-trace-gpu.sh run` left in OUT.
summary() {
  python3 - "$1" "$DIR/golden" <<'PY'
import json, os, re, sys

out, golden = sys.argv[1], sys.argv[2]
verdicts = []  # (check, measured, verdict)

def read(path):
    try:
        return open(path).read()
    except OSError:
        return ""

print(open(os.path.join(out, "machine.txt")).read().strip() if os.path.exists(
    os.path.join(out, "machine.txt")) else "(no machine.txt)")
print()

# ---- A. round trips ------------------------------------------------------------------
rows = []  # (label, calls, size, ns)
for line in read(os.path.join(out, "roundtrip.md")).splitlines():
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) == 4 and re.fullmatch(r"\d+", cells[3]):
        rows.append((cells[0], cells[1], cells[2], int(cells[3])))
sizes = ["512 B", "64 KiB", "1 MiB", "16 MiB", "256 MiB"]
def pick(label_re, calls):
    return {s: [ns for (l, c, sz, ns) in rows if re.fullmatch(label_re, l) and c == calls and sz == s]
            for s in sizes}
cached = pick(r"backend:caching \(run \d\)", "hipMalloc+hipFree")
pool = pick(r"raw HIP", "hipMallocAsync+hipFreeAsync (1 stream)")
cached_k = pick(r"backend:caching \(run \d\)", "hipMalloc+kernel+hipFree")
raw_k = pick(r"raw HIP", "hipMalloc+kernel+hipFree")
nofence = pick(r"backend:caching,free_fence:0", "hipMalloc+hipFree")
print("## A. Round trip, ns (mean over >= 0.15 s; two runs each, interleaved, same process order)")
print()
print("Cached = cu2hip::hipMalloc + cu2hip::hipFree with CU2HIP_ALLOC_CONF=backend:caching "
      "(default settings). Pool = raw hipMallocAsync + hipFreeAsync on one stream (the "
      "platform's stream-ordered pool). Met = the slower cached run is faster than the "
      "faster pool run.")
print()
print("| size | cached run 1, 2 | pool run 1, 2 | cached / pool (worst) | verdict | "
      "with a kernel: cached / raw hipMalloc | free_fence:0 (no fence, unsafe) |")
print("|---|---|---|---|---|---|---|")
for s in sizes:
    c, p = cached[s], pool[s]
    if not c or not p:
        print(f"| {s} | {c} | {p} | - | NO DATA | - | - |")
        verdicts.append((f"round trip {s}", "no data", "NO DATA"))
        continue
    ratio = max(c) / min(p)
    ok = max(c) < min(p)
    v = "met" if ok else "NOT met"
    k = (f"{max(cached_k[s])} / {min(raw_k[s])}" if cached_k[s] and raw_k[s] else "-")
    nf = ", ".join(map(str, nofence[s])) or "-"
    print(f"| {s} | {', '.join(map(str, c))} | {', '.join(map(str, p))} | {ratio:.2f} | {v} | {k} | {nf} |")
    verdicts.append((f"cached round trip < pool, {s}",
                     f"{max(c)} ns vs {min(p)} ns", v))
print()
events = [line for line in read(os.path.join(out, "roundtrip.md")).splitlines()
          if "| raw HIP | hipEvent" in line]
if events:
    print("Event costs (raw HIP, ns; a free fence is one record and one query):")
    for l in events:
        print("  " + l)
    print()
stats = [l for l in read(os.path.join(out, "bench-stderr.log")).splitlines() if "settings" in l]
if stats:
    print("Allocator counters at the end of each benchmark process (hot-loop segments: memory "
          "taken instead of a host wait for a fence; peak reserved: the price):")
    for l in stats:
        print("  " + l)
    print()

# ---- B. fragmentation -----------------------------------------------------------------
print("## B. Fragmentation on the deep-RL traces (peak reserved / peak allocated)")
print()
text = read(os.path.join(out, "trace-table.md"))
print(text.strip() or "(no trace table)")
print()
def ratios(trace):
    m, res = re.search(r"### " + trace + r"\n(.*?)(\n\n|\Z)", text, re.S), {}
    if not m:
        return res
    for line in m.group(1).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 4:
            try:
                res[cells[0]] = float(cells[3])
            except ValueError:
                pass
    return res
r = ratios("drl-large")
ours = {k: v for k, v in r.items() if k.startswith("cu2hip caching")}
torch = {k: v for k, v in r.items() if k.startswith("PyTorch")}
if "cu2hip caching" in r and "PyTorch default" in r:
    a, b = r["cu2hip caching"], r["PyTorch default"]
    verdicts.append(("large trace: cu2hip caching (default) vs PyTorch default",
                     f"{a:.3f} vs {b:.3f}", "met" if a <= b else "NOT met"))
else:
    verdicts.append(("large trace: default vs PyTorch default", "missing rows", "NO DATA"))
if ours and torch:
    ka, kb = min(ours, key=ours.get), min(torch, key=torch.get)
    verdicts.append((f"large trace: best cu2hip ({ka}) vs best PyTorch ({kb})",
                     f"{ours[ka]:.3f} vs {torch[kb]:.3f}",
                     "met" if ours[ka] <= torch[kb] else "NOT met"))
else:
    verdicts.append(("large trace: best vs best PyTorch", "missing rows", "NO DATA"))

# ---- C. DQN parity ----------------------------------------------------------------------
def records(path):
    keep = {}
    for line in open(path):
        r = json.loads(line)
        if r.get("type") in ("meta", "perf"):
            continue  # implementation name, timings
        key = (r.get("type"), r.get("step"), r.get("name"))
        keep[key] = r.get("values", r.get("value", r.get("records")))
    return keep
def compare(a, b):
    try:
        ra, rb = records(a), records(b)
    except (OSError, ValueError) as e:
        return False, f"unreadable ({e.__class__.__name__})"
    if ra.keys() != rb.keys():
        return False, f"different records ({len(ra)} vs {len(rb)})"
    n = 0
    for k in ra:
        va, vb = ra[k], rb[k]
        va = va if isinstance(va, list) else [va]
        vb = vb if isinstance(vb, list) else [vb]
        if va != vb:
            return False, f"differs at {k[0]} {k[2]} step {k[1]}"
        n += len(va)
    return True, f"bitwise equal ({n} values)"
print("## C. DQN sample with --alloc-hooks: trace vs the CUDA original (this run) and "
      "samples/golden")
print()
print("| mode | hooks setting | run rc | vs CUDA, this run | vs golden |")
print("|---|---|---|---|---|")
log = read(os.path.join(out, "alloc-trace-gpu.log"))
dq = os.path.join(out, "dqn")
for mode in ("small", "full"):
    cuda = os.path.join(dq, f"dqn.{mode}.cuda.jsonl")
    for conf in ("passthrough", "caching", "caching_expandable"):
        f = os.path.join(dq, f"dqn.{mode}.hooks-{conf}.jsonl")
        m = re.search(rf"dqn hooks \[{conf}\] {mode}: rc (\d+)", log)
        rc = m.group(1) if m else "?"
        ok1, t1 = compare(cuda, f)
        ok2, t2 = compare(os.path.join(golden, f"dqn_replay.{mode}.cuda.jsonl"), f)
        print(f"| {mode} | {conf} | {rc} | {t1} | {t2} |")
        verdicts.append((f"DQN {mode}, hooks {conf}, bitwise = CUDA and golden",
                         t1 if not ok1 else t2, "met" if ok1 and ok2 and rc == "0" else "NOT met"))
print()

# ---- summary ----------------------------------------------------------------------------
print("## Summary")
print()
print("| check | measured | verdict |")
print("|---|---|---|")
for c, m, v in verdicts:
    print(f"| {c} | {m} | {v} |")
bad = sum(v != "met" for _, _, v in verdicts)
print()
print(f"{len(verdicts) - bad} of {len(verdicts)} checks met.")
PY
}

case "$PHASE" in
  build) build ;;
  run) run "${3:-}" ;;
  summary) summary "${3:?OUT}" ;;
  *) echo "alloc-h200: unknown phase $PHASE" >&2; exit 2 ;;
esac
