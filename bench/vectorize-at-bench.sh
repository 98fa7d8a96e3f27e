#!/usr/bin/env bash
# vectorize-at-bench.sh — the porter's vectorized output (cu2hip --vectorize: vec_map_at
# kernels with launches sized by vec_map_at_threads, and kernel templates instantiated for float
# and __half) against the scalar original on an NVIDIA GPU, as HIP built for HIP's NVIDIA
# platform (nvcc -D__HIP_PLATFORM_NVIDIA__).
#
# Usage (from the repository root):
#   bench/vectorize-at-bench.sh --prepare   where cu2hip is built: port
#       test/packed/single_index_kernels.cu without and with --vectorize into $PREP/scalar.hip
#       and $PREP/vec.hip, test/packed/template_kernels.cu into $PREP/tscalar.hip and
#       $PREP/tvec.hip, and make HIP-on-NVIDIA headers in $PREP/hipnv
#       (runtime/hip-nvidia/make-headers.sh, needs /usr/include/hip); then stop.
#   bench/vectorize-at-bench.sh             on the GPU machine: build $PREP's ports with
#       bench/vectorize_at_bench.hip and run it (exactness, then the bandwidth tables: the
#       single-index kernels, then the templated float and __half kernels at 2^26..2^28).
#   bench/vectorize-at-bench.sh --build-only   build as above (no GPU needed) and stop.
# Env: PREP     ports and headers (default .gpu-carry/vectorize-at, ignored by git)
#      CU2HIP   the porter (default build/tool/cu2hip)
#      OUT      where results go (default ./bench-out): vectorize-at.md, machine.txt
#      ARCH     nvcc arch (default sm_90)
#      NVCC_EXTRA  more nvcc flags, e.g. -DCU2HIP_VEC_GROUP=1 for the grid-stride form with one
#               vector per loop iteration (packed.h's default groups 4)
set -euo pipefail
cd "$(dirname "$0")/.."
PREP=${PREP:-.gpu-carry/vectorize-at}
SRC=test/packed/single_index_kernels.cu
TSRC=test/packed/template_kernels.cu

if [[ ${1:-} == --prepare ]]; then
  CU2HIP=${CU2HIP:-build/tool/cu2hip}
  mkdir -p "$PREP"
  "$CU2HIP" --quiet --no-summary -o "$PREP/scalar.hip" "$SRC" -- -Iruntime/include
  "$CU2HIP" --quiet --no-summary --vectorize -o "$PREP/vec.hip" "$SRC" -- -Iruntime/include
  "$CU2HIP" --quiet --no-summary -o "$PREP/tscalar.hip" "$TSRC" -- -Iruntime/include
  "$CU2HIP" --quiet --no-summary --vectorize -o "$PREP/tvec.hip" "$TSRC" -- -Iruntime/include
  runtime/hip-nvidia/make-headers.sh "$PREP/hipnv" >"$PREP/make-headers.log"
  grep -c 'cu2hip::vec_map_at_threads<float>(' "$PREP/vec.hip" | sed 's/^/rewritten launches: /'
  grep -c 'cu2hip::vec_map_' "$PREP/tvec.hip" | sed 's/^/vectorized template lines: /'
  echo "prepared $PREP (carry it to the GPU machine)"
  exit 0
fi

OUT=${OUT:-$PWD/bench-out}
ARCH=${ARCH:-sm_90}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[[ -f $PREP/vec.hip && -f $PREP/tvec.hip && -d $PREP/hipnv/hip ]] || { echo "vectorize-at-bench: run --prepare first" >&2; exit 2; }
mkdir -p "$OUT"
B=$(mktemp -d /tmp/cu2hip-vat.XXXXXX)
{
  echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv,noheader || true
  "$NVCC" --version | tail -2
} | tee "$OUT/machine.txt"
F=(-O3 -std=c++17 -arch="$ARCH" -DNDEBUG -D__HIP_PLATFORM_NVIDIA__ -I"$PREP/hipnv"
   -Iruntime/include -w -x cu ${NVCC_EXTRA:-})
echo "building ..."
PIDS=()
"$NVCC" "${F[@]}" -DSI_NS=si_scalar -c "$PREP/scalar.hip" -o "$B/scalar.o" & PIDS+=($!)
"$NVCC" "${F[@]}" -DSI_NS=si_vec -c "$PREP/vec.hip" -o "$B/vec.o" & PIDS+=($!)
"$NVCC" "${F[@]}" -DTK_NS=tk_scalar -DTK_NO_BF16 -c "$PREP/tscalar.hip" -o "$B/tscalar.o" & PIDS+=($!)
"$NVCC" "${F[@]}" -DTK_NS=tk_vec -DTK_NO_BF16 -c "$PREP/tvec.hip" -o "$B/tvec.o" & PIDS+=($!)
"$NVCC" "${F[@]}" -c bench/vectorize_at_bench.hip -o "$B/main.o" & PIDS+=($!)
for P in "${PIDS[@]}"; do wait "$P"; done # each build's status (set -e stops on a failure)
"$NVCC" -arch="$ARCH" "$B/main.o" "$B/scalar.o" "$B/vec.o" "$B/tscalar.o" "$B/tvec.o" \
  -o "$B/vectorize_at_bench"
if [[ ${1:-} == --build-only ]]; then
  echo "built $B/vectorize_at_bench"
  exit 0
fi
cp "$PREP/vec.hip" "$PREP/tvec.hip" "$OUT/"
"$B/vectorize_at_bench" | tee "$OUT/vectorize-at.md"
