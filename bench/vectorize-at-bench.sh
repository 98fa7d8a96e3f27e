#!/usr/bin/env bash
# vectorize-at-bench.sh — the porter's single-index vectorized output (cu2hip --vectorize:
# vec_map_at kernels, launches sized by vec_map_at_threads) against the scalar original on an
# NVIDIA GPU, as HIP built for HIP's NVIDIA platform (nvcc -D__HIP_PLATFORM_NVIDIA__).
#
# Usage (from the repository root):
#   bench/vectorize-at-bench.sh --prepare   where cu2hip is built: port
#       test/packed/single_index_kernels.cu without and with --vectorize into $PREP/scalar.hip
#       and $PREP/vec.hip, and make HIP-on-NVIDIA headers in $PREP/hipnv
#       (runtime/hip-nvidia/make-headers.sh, needs /usr/include/hip); then stop.
#   bench/vectorize-at-bench.sh             on the GPU machine: build $PREP's ports with
#       bench/vectorize_at_bench.hip and run it (exactness, then the bandwidth table).
# Env: PREP     ports and headers (default .gpu-carry/vectorize-at, ignored by git)
#      CU2HIP   the porter (default build/tool/cu2hip)
#      OUT      where results go (default ./bench-out): vectorize-at.md, machine.txt
#      ARCH     nvcc arch (default sm_90)
set -euo pipefail
cd "$(dirname "$0")/.."
PREP=${PREP:-.gpu-carry/vectorize-at}
SRC=test/packed/single_index_kernels.cu

if [[ ${1:-} == --prepare ]]; then
  CU2HIP=${CU2HIP:-build/tool/cu2hip}
  mkdir -p "$PREP"
  "$CU2HIP" --quiet --no-summary -o "$PREP/scalar.hip" "$SRC" -- -Iruntime/include
  "$CU2HIP" --quiet --no-summary --vectorize -o "$PREP/vec.hip" "$SRC" -- -Iruntime/include
  runtime/hip-nvidia/make-headers.sh "$PREP/hipnv" >"$PREP/make-headers.log"
  grep -c 'cu2hip::vec_map_at_threads<float>(' "$PREP/vec.hip" | sed 's/^/rewritten launches: /'
  echo "prepared $PREP (carry it to the GPU machine)"
  exit 0
fi

OUT=${OUT:-$PWD/bench-out}
ARCH=${ARCH:-sm_90}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[[ -f $PREP/vec.hip && -d $PREP/hipnv/hip ]] || { echo "vectorize-at-bench: run --prepare first" >&2; exit 2; }
mkdir -p "$OUT"
B=$(mktemp -d /tmp/cu2hip-vat.XXXXXX)
{
  echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv,noheader || true
  "$NVCC" --version | tail -2
} | tee "$OUT/machine.txt"
F=(-O3 -std=c++17 -arch="$ARCH" -DNDEBUG -D__HIP_PLATFORM_NVIDIA__ -I"$PREP/hipnv"
   -Iruntime/include -w -x cu)
echo "building ..."
"$NVCC" "${F[@]}" -DSI_NS=si_scalar -c "$PREP/scalar.hip" -o "$B/scalar.o" &
"$NVCC" "${F[@]}" -DSI_NS=si_vec -c "$PREP/vec.hip" -o "$B/vec.o" &
"$NVCC" "${F[@]}" -c bench/vectorize_at_bench.hip -o "$B/main.o" &
wait
"$NVCC" -arch="$ARCH" "$B/main.o" "$B/scalar.o" "$B/vec.o" -o "$B/vectorize_at_bench"
cp "$PREP/vec.hip" "$OUT/vec.hip"
"$B/vectorize_at_bench" | tee "$OUT/vectorize-at.md"
