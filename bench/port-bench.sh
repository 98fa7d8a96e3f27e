#!/usr/bin/env bash
# port-bench.sh — wall time to port real CUDA trees with cu2hip at -j1 and -j2 (not a test).
#
# Usage: bench/port-bench.sh LLMC_DIR CUDA_SAMPLES_DIR [--compile]
#   LLMC_DIR          a checkout of karpathy/llm.c (train_gpt2_fp32.cu + llmc/ are ported)
#   CUDA_SAMPLES_DIR  a checkout of NVIDIA/cuda-samples (Common/ + the programs listed below)
#   --compile         also compile-check the ports for gfx942 on ROCm 7.2 (scripts/hipcc-check.sh)
# The inputs are copied to a temporary directory first; nothing under them is modified.
# Prints, per tree: files, lines, seconds at -j1 and -j2, the ratio, lines/s.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CU2HIP=${CU2HIP:-$ROOT/build/tool/cu2hip}
[[ $# -ge 2 ]] || { sed -n '2,10p' "$0"; exit 2; }
LLMC=$(realpath "$1"); CS=$(realpath "$2"); COMPILE=${3:-}
[[ -x $CU2HIP ]] || { echo "port-bench: build cu2hip first (scripts/build.sh)" >&2; exit 2; }
W=$(mktemp -d /tmp/cu2hip-bench.XXXXXX)
trap 'rm -rf "$W"' EXIT

SAMPLES="0_Introduction/vectorAdd 0_Introduction/matrixMul 0_Introduction/simpleVoteIntrinsics
0_Introduction/simpleAtomicIntrinsics 0_Introduction/simpleCooperativeGroups
2_Concepts_and_Techniques/reduction 2_Concepts_and_Techniques/shfl_scan
2_Concepts_and_Techniques/radixSortThrust 3_CUDA_Features/warpAggregatedAtomicsCG
4_CUDA_Libraries/simpleCUBLAS"

mkdir -p "$W/llmc/llmc" "$W/cs"
cp "$LLMC/train_gpt2_fp32.cu" "$W/llmc/"
cp "$LLMC"/llmc/*.h "$LLMC"/llmc/*.cuh "$W/llmc/llmc/" 2>/dev/null || true
for s in $SAMPLES; do
  mkdir -p "$W/cs/$(dirname "$s")"; cp -r "$CS/Samples/$s" "$W/cs/$s"; rm -rf "$W/cs/$s/doc"
done
mkdir -p "$W/cs/Common"; cp "$CS"/Common/*.h "$W/cs/Common/"

count() { find "$1" -type f \( -name '*.cu' -o -name '*.cuh' -o -name '*.h' -o -name '*.cpp' \) | wc -l; }
lines() { find "$1" -type f \( -name '*.cu' -o -name '*.cuh' -o -name '*.h' -o -name '*.cpp' \) -exec cat {} + | wc -l; }
run() { # tree jobs extra...
  local t=$1 j=$2; shift 2
  rm -rf "$W/out-$t-$j"
  local s e
  s=$(date +%s.%N)
  "$CU2HIP" --in-root "$W/$t" --out-root "$W/out-$t-$j" -j "$j" --quiet --no-summary "$@" >/dev/null 2>&1 || true
  e=$(date +%s.%N)
  echo "$e - $s" | bc
}
printf '%-12s %6s %7s %8s %8s %7s %9s\n' tree files lines "-j1 s" "-j2 s" "j1/j2" "lines/s"
for t in llmc cs; do
  extra=(); [[ $t == cs ]] && extra=(-- -I "$W/cs/Common")
  t1=$(run $t 1 "${extra[@]}"); t2=$(run $t 2 "${extra[@]}")
  n=$(count "$W/$t"); l=$(lines "$W/$t")
  printf '%-12s %6d %7d %8.2f %8.2f %7.2f %9.0f\n' $t "$n" "$l" "$t1" "$t2" \
    "$(echo "$t1 / $t2" | bc -l)" "$(echo "$l / $t2" | bc -l)"
done
if [[ $COMPILE == --compile ]]; then
  (cd "$W/out-llmc-2" && "$ROOT/scripts/hipcc-check.sh" --rocm 7.2 --arch gfx942 --ndebug on train_gpt2_fp32.cu) || true
  (cd "$W/out-cs-2" && "$ROOT/scripts/hipcc-check.sh" --rocm 7.2 --arch gfx942 --ndebug on -I "$W/out-cs-2/Common" */*/*.cu */*/*.cpp) || true
fi
