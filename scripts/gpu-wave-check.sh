#!/usr/bin/env bash
# gpu-wave-check.sh — the wave-rule kernels of test/emu/wave_rules on an NVIDIA GPU: each CUDA
# original (nvcc) and its cu2hip ports (--wave=logical32 and --wave=native, built with nvcc for
# HIP's NVIDIA platform) run with the same harness, which compares every output with values
# computed on the CPU (test/emu/wave_rules/check.h). On NVIDIA the wavefront is 32 lanes, so
# this checks that the ports compute CUDA's results on real hardware and that wave.h's NVIDIA
# path is right; wave 64 is covered by the CPU emulator (ctest -L emu).
#
# Usage: scripts/gpu-wave-check.sh --phase build --out DIR   (here: ports + nvcc, no GPU needed)
#        scripts/gpu-wave-check.sh --phase run --out DIR     (on the GPU machine)
# Env: CU2HIP (porter, default build/tool/cu2hip), NVCC, CU2HIP_CUDA_ARCH (default sm_90).
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PHASE=; OUT=; ARCH=${CU2HIP_CUDA_ARCH:-sm_90}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
CU2HIP=${CU2HIP:-$ROOT/build/tool/cu2hip}
while [[ $# -gt 0 ]]; do
  case "$1" in
    --phase) PHASE=$2; shift ;;
    --out) OUT=$(realpath -m "$2"); shift ;;
    *) echo "gpu-wave-check: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
[[ -n $OUT && ( $PHASE == build || $PHASE == run ) ]] || { sed -n '2,12p' "$0"; exit 2; }
WR=$ROOT/test/emu/wave_rules
KERNELS=(reduce_broadcast scan ballot_compact vote_decide leader_atomic block_reduce early_exit)

if [[ $PHASE == build ]]; then
  mkdir -p "$OUT/bin" "$OUT/logs" "$OUT/src"
  [[ -d $OUT/hipnv ]] || bash "$ROOT/runtime/hip-nvidia/make-headers.sh" "$OUT/hipnv" >/dev/null
  common=(-std=c++17 -O2 -arch="$ARCH" -w -D__HIP_PLATFORM_NVIDIA__ -I "$OUT/hipnv"
          -I "$ROOT/runtime/include" -I "$WR")
  for k in "${KERNELS[@]}"; do
    "$NVCC" "${common[@]}" -x cu "$WR/$k.cu" "$WR/${k}_main.cpp" -o "$OUT/bin/$k.cuda" \
      >"$OUT/logs/$k.cuda.build" 2>&1 || { echo "BUILD FAILED $k.cuda"; tail -5 "$OUT/logs/$k.cuda.build"; }
    for form in logical32 native; do
      "$CU2HIP" --quiet --no-summary --wave=$form -o "$OUT/src/$k.$form.hip" "$WR/$k.cu" \
        -- -I "$ROOT/runtime/include" 2>"$OUT/logs/$k.$form.port" ||
        { echo "PORT FAILED $k.$form"; continue; }
      "$NVCC" "${common[@]}" -x cu "$OUT/src/$k.$form.hip" "$WR/${k}_main.cpp" \
        -o "$OUT/bin/$k.$form" >"$OUT/logs/$k.$form.build" 2>&1 ||
        { echo "BUILD FAILED $k.$form"; tail -5 "$OUT/logs/$k.$form.build"; }
    done
    echo "built $k"
  done
  exit 0
fi

# run
printf '%-18s %-10s %-6s %s\n' kernel build rc verdict
bad=0
for k in "${KERNELS[@]}"; do
  for form in cuda logical32 native; do
    exe=$OUT/bin/$k.$form
    if [[ ! -x $exe ]]; then printf '%-18s %-10s %-6s %s\n' "$k" "$form" - "not built"; bad=1; continue; fi
    arg=--form=logical32; [[ $form == native ]] && arg=--form=native
    timeout 120 "$exe" "$arg" >"$OUT/logs/$k.$form.out" 2>&1; rc=$?
    printf '%-18s %-10s %-6s %s\n' "$k" "$form" "$rc" "$(tail -1 "$OUT/logs/$k.$form.out")"
    [[ $rc == 0 ]] || bad=1
  done
done
echo "gpu-wave-check: $([[ $bad == 0 ]] && echo 'all as expected' || echo 'FAILURES')"
exit $bad
