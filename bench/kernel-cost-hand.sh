#!/usr/bin/env bash
# kernel-cost-hand.sh — what cu2hip's port of a kernel costs on AMD targets next to a hand port
# of the same kernel: ports each CUDA input with cu2hip (one output tree per --wave mode), runs
# `cu2hip check --kernels` over the port and over the hand-written HIP file, and prints per
# kernel, target and mode: instructions (total = sum of the classes of docs/check.md, and by
# class), VGPRs, SGPRs, occupancy (waves per SIMD), port/hand ratios. Reports figures only; it
# asserts nothing about speed (exit status 1 only when a port or a compile fails).
#
# Usage: bench/kernel-cost-hand.sh [--cu2hip BIN] [--rocm-root DIR] [--targets LIST]
#                                  [--waves "logical32 native"] [--work DIR] [--json FILE]
#                                  [CUDA.cu:HAND.hip ...]
#   --cu2hip BIN     the porter (default build/tool/cu2hip); its `check` compiles both sides
#   --rocm-root DIR  ROCm root for check (default /var/cache/cu2hip/rocm-7.2)
#   --targets LIST   gfx targets (default gfx942,gfx1100)
#   --waves LIST     cu2hip --wave modes to port with (default "logical32"; "keep" is not a
#                    port that builds on ROCm >= 6.2 with 32-bit masks, see docs/wave64.md)
#   --work DIR       work directory (default: a temporary one, removed at exit)
#   --json FILE      also write the joined figures as JSON
#   --markdown       print a Markdown table instead (docs/results/)
#   --ndebug         compile both sides with -DNDEBUG (HIP's mask assertions compiled out)
#   pairs            CUDA input and its hand port (default: test/cost/reductions.cu,
#                    reductions_guarded.cu, reductions_lane_exit.cu with their *_hand.hip)
# Kernels are joined by mangled name, else by unqualified name.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CU2HIP=$ROOT/build/tool/cu2hip
ROCM=/var/cache/cu2hip/rocm-7.2
TARGETS=gfx942,gfx1100
WAVES=logical32
WORK=""
JSON=""
MD=""
EXTRA=()
PAIRS=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --cu2hip) CU2HIP=$2; shift 2 ;;
    --rocm-root) ROCM=$2; shift 2 ;;
    --targets) TARGETS=$2; shift 2 ;;
    --waves) WAVES=$2; shift 2 ;;
    --work) WORK=$2; shift 2 ;;
    --json) JSON=$2; shift 2 ;;
    --markdown) MD=--markdown; shift ;;
    --ndebug) EXTRA=(-- -DNDEBUG); shift ;;
    -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
    -*) echo "kernel-cost-hand.sh: unknown option $1" >&2; exit 2 ;;
    *) PAIRS+=("$1"); shift ;;
  esac
done
if [[ ${#PAIRS[@]} -eq 0 ]]; then
  PAIRS=("$ROOT/test/cost/reductions.cu:$ROOT/test/cost/reductions_hand.hip"
         "$ROOT/test/cost/reductions_guarded.cu:$ROOT/test/cost/reductions_guarded_hand.hip"
         "$ROOT/test/cost/reductions_lane_exit.cu:$ROOT/test/cost/reductions_lane_exit_hand.hip")
fi
[[ -x $CU2HIP ]] || { echo "kernel-cost-hand.sh: no porter at $CU2HIP" >&2; exit 2; }
if [[ -z $WORK ]]; then
  WORK=$(mktemp -d /tmp/kernel-cost-hand.XXXXXX)
  trap 'rm -rf "$WORK"' EXIT
fi
mkdir -p "$WORK"
STATUS=0
check() { # out-root report
  "$CU2HIP" check --out-root "$1" --rocm-root "$ROCM" --offload-arch "$TARGETS" --kernels \
    --report "$2" "${EXTRA[@]}" >"$2.log" 2>&1 || { echo "check failed for $1 (see $2.log)" >&2; STATUS=1; }
}
ARGS=()
n=0
for P in "${PAIRS[@]}"; do
  CU=${P%%:*} HAND=${P#*:}
  [[ -f $CU && -f $HAND ]] || { echo "kernel-cost-hand.sh: missing $CU or $HAND" >&2; exit 2; }
  n=$((n + 1))
  mkdir -p "$WORK/$n/in" "$WORK/$n/hand"
  cp "$CU" "$WORK/$n/in/" && cp "$HAND" "$WORK/$n/hand/"
  check "$WORK/$n/hand" "$WORK/$n/hand.json"
  for W in $WAVES; do
    rm -rf "$WORK/$n/port-$W"
    if ! "$CU2HIP" --no-summary --wave="$W" --in-root "$WORK/$n/in" --out-root "$WORK/$n/port-$W" \
        >"$WORK/$n/port-$W.log" 2>&1; then
      echo "port failed: $CU --wave=$W (see $WORK/$n/port-$W.log)" >&2; STATUS=1; continue
    fi
    check "$WORK/$n/port-$W" "$WORK/$n/port-$W.json"
    ARGS+=("$(basename "$CU")" "$W" "$WORK/$n/port-$W.json" "$WORK/$n/hand.json")
  done
done
python3 "$ROOT/bench/kernel_cost_compare.py" ${JSON:+--json "$JSON"} $MD "${ARGS[@]}" || STATUS=1
exit $STATUS
