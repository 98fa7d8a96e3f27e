#!/usr/bin/env bash
# gpu-texture-check.sh — CUDA's hardware texture sampler against cu2hip's software sampler
# (--texture=software, runtime/include/cu2hip/texture.h) on an NVIDIA GPU.
#
# Builds test/gpu/texture_fetch.cu twice: as CUDA with nvcc, and as its cu2hip port
# (--texture=software) with nvcc over the HIP-on-NVIDIA headers
# (runtime/hip-nvidia/make-headers.sh, as scripts/gpu-parity.sh does); runs both; diffs their
# output, one line per fetch with the result as hex floats, every address mode (wrap, clamp,
# mirror, border), point and linear filtering, unnormalized and normalized coordinates, over
# pitch2D, array (2D, 3D, layered) and linear resources.
#
# Usage: scripts/gpu-texture-check.sh [--dir DIR] [--phase all|build|run|compare] [--arch sm_XX]
#   build    (needs nvcc, build/tool/cu2hip, Debian's libamdhip64-dev headers; no GPU):
#            DIR/bin/texture_fetch_{cuda,hip}
#   run      (needs an NVIDIA GPU): DIR/out/{cuda,hip}.txt
#   compare  diff of the two; prints the count of differing fetches and the first ones
#   all      build + run + compare (default)
# Exit status: 0 every fetch identical, 1 a difference or a failed program, 2 a setup error.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DIR=$ROOT/build/gpu-texture
PHASE=all
ARCH=${CU2HIP_CUDA_ARCH:-sm_90}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
CU2HIP=${CU2HIP:-$ROOT/build/tool/cu2hip}

die() { echo "gpu-texture-check: error: $*" >&2; exit 2; }
log() { echo "gpu-texture-check: $*"; }

while [[ $# -gt 0 ]]; do
  case $1 in
    --dir) DIR=$2; shift 2 ;;
    --phase) PHASE=$2; shift 2 ;;
    --arch) ARCH=$2; shift 2 ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) die "unknown argument '$1'" ;;
  esac
done
DIR=$(mkdir -p "$DIR" && cd "$DIR" && pwd)

phase_build() {
  [[ -x $NVCC ]] || die "nvcc not found (set NVCC)"
  [[ -x $CU2HIP ]] || die "$CU2HIP not built (cmake --build build --target cu2hip)"
  mkdir -p "$DIR/bin" "$DIR/port" "$DIR/logs"
  local src=$ROOT/test/gpu/texture_fetch.cu
  "$CU2HIP" --texture=software --quiet --no-summary "$src" -o "$DIR/port/texture_fetch.hip" \
    >"$DIR/logs/port.log" 2>&1 || { cat "$DIR/logs/port.log"; die "cu2hip failed"; }
  rm -rf "$DIR/hip-include"
  bash "$ROOT/runtime/hip-nvidia/make-headers.sh" "$DIR/hip-include" >"$DIR/logs/make-headers.log" 2>&1 \
    || { cat "$DIR/logs/make-headers.log"; die "make-headers.sh failed"; }
  local common=(-O2 -std=c++17 -arch="$ARCH" -Xcompiler -static-libstdc++ -Xcompiler -static-libgcc)
  "$NVCC" "${common[@]}" "$src" -o "$DIR/bin/texture_fetch_cuda" >"$DIR/logs/build-cuda.log" 2>&1 \
    || { cat "$DIR/logs/build-cuda.log"; return 1; }
  "$NVCC" "${common[@]}" -D__HIP_PLATFORM_NVIDIA__ -I "$DIR/hip-include" -I "$ROOT/runtime/include" \
    -x cu "$DIR/port/texture_fetch.hip" -o "$DIR/bin/texture_fetch_hip" >"$DIR/logs/build-hip.log" 2>&1 \
    || { cat "$DIR/logs/build-hip.log"; return 1; }
  cp "$0" "$DIR/gpu-texture-check.sh"
  log "built $DIR/bin/texture_fetch_cuda and texture_fetch_hip"
}

phase_run() {
  command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  export LD_LIBRARY_PATH=/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  mkdir -p "$DIR/out"
  local rc=0 impl
  for impl in cuda hip; do
    "$DIR/bin/texture_fetch_$impl" >"$DIR/out/$impl.txt" 2>"$DIR/out/$impl.err" \
      || { log "texture_fetch_$impl failed:"; cat "$DIR/out/$impl.err"; rc=1; }
  done
  return $rc
}

phase_compare() {
  local a=$DIR/out/cuda.txt b=$DIR/out/hip.txt
  [[ -s $a && -s $b ]] || die "no outputs in $DIR/out (run the run phase)"
  local total diffs
  total=$(wc -l <"$a")
  diffs=$(diff <(cat "$a") <(cat "$b") | grep -c '^<' || true)
  log "$total fetches (CUDA), $(wc -l <"$b") (port); $diffs CUDA lines differ"
  if [[ $diffs -ne 0 ]]; then
    # Per case and mode: how many fetches differ.
    diff "$a" "$b" | sed -n 's/^< \([^ ]* mode=[0-9] filter=[0-9] norm=[0-9]\).*/\1/p' | sort | uniq -c | head -40
    diff "$a" "$b" | head -20
    return 1
  fi
  log "every fetch identical"
}

case $PHASE in
  build) phase_build ;;
  run) phase_run ;;
  compare) phase_compare ;;
  all) phase_build && phase_run && phase_compare ;;
  *) die "unknown phase '$PHASE'" ;;
esac
