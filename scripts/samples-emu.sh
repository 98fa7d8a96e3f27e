#!/usr/bin/env bash
# samples-emu.sh — run the sample trainers' HIP ports on the CPU SIMT emulator (runtime/emu,
# docs/emulator.md) at wave 64 and wave 32, and parity-check every run: port samples/ with
# `cu2hip --launch=ggl --dynamic-shared=macro` (the source forms the emulator compiles), build
# each port with build/bin/cu2hip-emu-c++, run it in --small mode at CU2HIP_EMU_WAVE=64 and 32,
# and compare its trace with
#   * the CPU reference's committed values, samples/expected/<s>.small.cpu.jsonl, with the
#     tolerances scripts/samples-check.sh uses (cu2hip-parity defaults: exact values bitwise,
#     reduce 1e-5, train 1e-3; the emulator computes on the CPU like the reference);
#   * the golden CUDA trace, samples/golden/<s>.small.cuda.jsonl, with the CPU-vs-GPU
#     tolerances of docs/parity.md (--min-rtol 1e-3 --min-atol 1e-4: the GPU's expf/tanhf and
#     FMA contraction differ from the CPU's). Meaningful in small mode for every sample (the RL
#     samples only drift apart over full-length runs); GOLDEN_SKIP lists exceptions (none).
# Prints a table (sample, wave, steps, max rel diff vs CPU, vs golden, seconds) and a summary.
#
# Usage: scripts/samples-emu.sh [--build DIR] [--dir DIR] [--waves "64 32"] [--samples "..."]
#                               [-j N]
#   --build DIR   build tree holding tool/cu2hip, bin/cu2hip-emu-c++, bin/cu2hip-parity
#                 (default build)
#   --dir DIR     work directory (default <build>/samples-emu)
#   --waves LIST  wave sizes to run (default "64 32")
#   --samples L   samples to run (default: every samples/<s>/<s>.cu)
#   -j N          parallel ports and compiles (default nproc); runs are one at a time, so the
#                 seconds column is the run's own time
# Env: CU2HIP, CU2HIP_EMU_CXX_WRAPPER, CU2HIP_PARITY override the tools; CU2HIP_EMU_THREADS
#      (default 1) is passed through to the runs; CU2HIP_EMU_DEVICES (default 2: dp_mlp trains
#      on 2 emulated devices, the other samples use device 0) too.
# Step counts: each sample's own --small size (policy_gradient_cartpole 8 iterations,
#   dqn_replay 300 steps, mlp_digits 4 epochs, tiny_transformer 6 steps, dp_mlp 10 steps on
#   2 devices), the size of the
#   committed traces; each run takes seconds on the emulator, so none needs a smaller --steps.
# Exit status: 0 every run matched, 1 a build, run or comparison failed, 2 setup error.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=$ROOT/build
DIR=""
WAVES="64 32"
SAMPLES=""
JOBS=$(nproc)
GOLDEN_SKIP=""
CPU_TOL=()                                  # samples-check.sh: cu2hip-parity defaults
GOLDEN_TOL=(--min-rtol 1e-3 --min-atol 1e-4)  # docs/parity.md: CPU vs GPU
RUN_TIMEOUT=600

die() { echo "samples-emu: error: $*" >&2; exit 2; }
log() { echo "samples-emu: $*"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --build) BUILD=$(realpath -m "$2"); shift ;;
    --dir) DIR=$(realpath -m "$2"); shift ;;
    --waves) WAVES=$2; shift ;;
    --samples) SAMPLES=$2; shift ;;
    -j) JOBS=$2; shift ;;
    -h|--help) sed -n '2,33p' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
  shift
done
DIR=${DIR:-$BUILD/samples-emu}
for w in $WAVES; do [[ $w == 32 || $w == 64 ]] || die "wave size must be 32 or 64, got '$w'"; done
if [[ -z $SAMPLES ]]; then
  for d in "$ROOT"/samples/*/; do
    s=$(basename "$d")
    [[ -f $d/$s.cu ]] && SAMPLES+="$s "
  done
fi
[[ -n ${SAMPLES// /} ]] || die "no samples found in $ROOT/samples"

CU2HIP=${CU2HIP:-$BUILD/tool/cu2hip}
EMU_CXX=${CU2HIP_EMU_CXX_WRAPPER:-$BUILD/bin/cu2hip-emu-c++}
PARITY=${CU2HIP_PARITY:-}
if [[ -z $PARITY ]]; then
  for c in "$BUILD/bin/cu2hip-parity" "$BUILD/tool/parity/cu2hip-parity"; do
    [[ -x $c ]] && { PARITY=$c; break; }
  done
fi
[[ -x $CU2HIP ]] || die "porter not built: $CU2HIP (cmake --build build)"
[[ -x $EMU_CXX ]] || die "emulator not built: $EMU_CXX (cmake --build build --target cu2hip_emu)"
[[ -n $PARITY && -x $PARITY ]] || die "cu2hip-parity not built (cmake --build build)"

FAILED=()
ROWS=()
RC=0
T0=$(date +%s.%N)
rm -rf "$DIR/ports" "$DIR/bin" "$DIR/traces"
mkdir -p "$DIR"/{ports,bin,logs,traces}
secs_since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}'; }

# 1. port (the whole tree: the samples include ../common/*.cuh)
t=$(date +%s.%N)
if "$CU2HIP" --launch=ggl --dynamic-shared=macro -j "$JOBS" --in-root "$ROOT/samples" \
     --out-root "$DIR/ports" -- -I "$ROOT/runtime/include" >"$DIR/logs/cu2hip.log" 2>&1; then
  log "ported samples/ with cu2hip --launch=ggl --dynamic-shared=macro ($(secs_since "$t") s)"
else
  tail -20 "$DIR/logs/cu2hip.log"
  FAILED+=("cu2hip on samples/ (see $DIR/logs/cu2hip.log); building what it wrote"); RC=1
fi

# 2. build each port for the emulator. -ffp-contract=off: plain IEEE float like the CPU
#    references (x86-64 without -mfma contracts nothing anyway; this pins it).
t=$(date +%s.%N)
declare -A BUILT
build_one() {
  local s=$1
  "$EMU_CXX" -O2 -ffp-contract=off -I "$DIR/ports" "$DIR/ports/$s/$s.cu" -o "$DIR/bin/$s" -lz \
    >"$DIR/logs/build-$s.log" 2>&1
}
pids=()
for s in $SAMPLES; do
  build_one "$s" &
  pids+=("$!:$s")
  if (( ${#pids[@]} >= JOBS )); then
    p=${pids[0]}; pids=("${pids[@]:1}")
    wait "${p%%:*}" && BUILT[${p#*:}]=1
  fi
done
for p in "${pids[@]}"; do wait "${p%%:*}" && BUILT[${p#*:}]=1; done
for s in $SAMPLES; do
  if [[ -z ${BUILT[$s]:-} ]]; then
    head -30 "$DIR/logs/build-$s.log"
    FAILED+=("build $s for the emulator (see $DIR/logs/build-$s.log)"); RC=1
  fi
done
log "built ${#BUILT[@]} ports with $(basename "$EMU_CXX") ($(secs_since "$t") s)"

# 3. run at each wave size and compare
field() { sed -n "s/.*\"$1\":\"\\{0,1\\}\\([^\",}]*\\).*/\\1/p" | head -1; }
maxrel() { sed -n 's/.*max_rel=\([^ ]*\).*/\1/p' | tail -1; }
for s in $SAMPLES; do
  [[ -n ${BUILT[$s]:-} ]] || continue
  for w in $WAVES; do
    trace=$DIR/traces/$s.small.emu$w.jsonl
    t=$(date +%s.%N)
    CU2HIP_EMU_WAVE=$w CU2HIP_EMU_THREADS=${CU2HIP_EMU_THREADS:-1} \
      CU2HIP_EMU_DEVICES=${CU2HIP_EMU_DEVICES:-2} \
      timeout "$RUN_TIMEOUT" "$DIR/bin/$s" --small --quiet --trace "$trace" \
      >"$DIR/logs/run-$s-w$w.log" 2>&1
    rc=$?
    secs=$(secs_since "$t")
    steps=$(grep -m1 '"type":"meta"' "$trace" 2>/dev/null | field steps)
    result=PASS
    if [[ $rc -ne 0 ]]; then
      tail -5 "$DIR/logs/run-$s-w$w.log"
      FAILED+=("run $s at wave $w: exit $rc (see $DIR/logs/run-$s-w$w.log)"); RC=1
      ROWS+=("$s|$w|${steps:--}|-|-|$secs|FAIL (exit $rc)")
      continue
    fi
    cpu_out=$("$PARITY" "${CPU_TOL[@]}" "$ROOT/samples/expected/$s.small.cpu.jsonl" "$trace" 2>&1)
    cpu_rc=$?
    echo "$cpu_out" >"$DIR/logs/parity-$s-w$w-cpu.log"
    cpu_rel=$(maxrel <<<"$cpu_out")
    if [[ $cpu_rc -ne 0 ]]; then
      echo "$cpu_out" | tail -15
      FAILED+=("$s at wave $w differs from samples/expected (CPU reference)"); RC=1
      result=FAIL; cpu_rel="${cpu_rel:-?} MISMATCH"
    fi
    gold_rel="-"
    if [[ " $GOLDEN_SKIP " == *" $s "* ]]; then
      gold_rel="(not compared)"
    elif [[ -f $ROOT/samples/golden/$s.small.cuda.jsonl ]]; then
      gold_out=$("$PARITY" "${GOLDEN_TOL[@]}" "$ROOT/samples/golden/$s.small.cuda.jsonl" "$trace" 2>&1)
      gold_rc=$?
      echo "$gold_out" >"$DIR/logs/parity-$s-w$w-golden.log"
      gold_rel=$(maxrel <<<"$gold_out")
      if [[ $gold_rc -ne 0 ]]; then
        echo "$gold_out" | tail -15
        FAILED+=("$s at wave $w differs from samples/golden (CUDA on the H200)"); RC=1
        result=FAIL; gold_rel="${gold_rel:-?} MISMATCH"
      fi
    fi
    ROWS+=("$s|$w|${steps:--}|${cpu_rel:--}|$gold_rel|$secs|$result")
  done
done

echo
echo "samples-emu: HIP ports on the CPU SIMT emulator, --small mode"
printf '%-26s %4s %6s %14s %16s %8s  %s\n' sample wave steps "max rel vs CPU" "max rel vs CUDA" seconds result
for r in "${ROWS[@]}"; do
  IFS='|' read -r s w st c g sec res <<<"$r"
  printf '%-26s %4s %6s %14s %16s %8s  %s\n' "$s" "$w" "$st" "$c" "$g" "$sec" "$res"
done
echo "  vs CPU: samples/expected/*.small.cpu.jsonl, cu2hip-parity default tolerances (as samples-check.sh)"
echo "  vs CUDA: samples/golden/*.small.cuda.jsonl, ${GOLDEN_TOL[*]} (CPU vs GPU, docs/parity.md)"
for l in "${FAILED[@]}"; do echo "  FAILED: $l"; done
echo "samples-emu: $([[ $RC -eq 0 ]] && echo PASS || echo FAIL) in $(secs_since "$T0") s (traces and logs in $DIR)"
exit $RC
