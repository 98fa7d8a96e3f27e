#!/usr/bin/env bash
# gpu-bench.sh — build and run the allocator and vectorization benchmarks on an
# NVIDIA GPU, as HIP sources compiled for HIP's NVIDIA platform (nvcc
# -D__HIP_PLATFORM_NVIDIA__ against runtime/hip-nvidia's patched HIP headers).
#
# Usage: bench/gpu-bench.sh            (from the repository root)
# Env:   OUT      where tables and logs go (default ./bench-out)
#        HIPHDR   a ready HIP-on-NVIDIA include dir; otherwise one is made with
#                 runtime/hip-nvidia/make-headers.sh (needs /usr/include/hip),
#                 or bench/.hip-nvidia-headers is used when present.
#        ARCH     nvcc arch (default sm_90)
# Prints the tables and writes alloc.md, vectorize.md and logs under $OUT.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/bench-out}
ARCH=${ARCH:-sm_90}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
CXX=${CXX:-$(command -v c++ || command -v g++)}
B=$(mktemp -d /tmp/cu2hip-bench.XXXXXX)
mkdir -p "$OUT"

if [[ -z "${HIPHDR:-}" ]]; then
  if [[ -d /usr/include/hip/nvidia_detail ]]; then
    HIPHDR=$B/hiphdr
    runtime/hip-nvidia/make-headers.sh "$HIPHDR" >"$B/make-headers.log" 2>&1
  elif [[ -d bench/.hip-nvidia-headers/hip ]]; then
    HIPHDR=$PWD/bench/.hip-nvidia-headers
  else
    echo "gpu-bench: no HIP-on-NVIDIA headers (set HIPHDR)" >&2
    exit 2
  fi
fi

{
  echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv,noheader || true
  "$NVCC" --version | tail -2
} | tee "$OUT/machine.txt"

F=(-O3 -std=c++17 -arch="$ARCH" -DNDEBUG -D__HIP_PLATFORM_NVIDIA__ -I"$HIPHDR"
   -Iruntime/include -Iruntime/alloc -w)
echo "building ..."
"$NVCC" "${F[@]}" -x cu bench/vectorize_bench.hip -o "$B/vectorize_bench" &
"$NVCC" "${F[@]}" -x cu -c bench/alloc_bench.hip -o "$B/ab.o" &
"$NVCC" "${F[@]}" -x cu -c runtime/alloc/hip_hooks.cpp -o "$B/hh.o" &
"$CXX" -O2 -std=c++17 -Iruntime/alloc -c runtime/alloc/allocator.cpp -o "$B/al.o" &
"$CXX" -O2 -std=c++17 -Iruntime/alloc -c runtime/alloc/allocator_stats.cpp -o "$B/as.o" &
"$CXX" -O2 -std=c++17 -c runtime/alloc/config.cpp -o "$B/cf.o" &
wait
"$NVCC" -arch="$ARCH" "$B/ab.o" "$B/hh.o" "$B/al.o" "$B/as.o" "$B/cf.o" -o "$B/alloc_bench"

echo
echo "== allocator: ns per alloc+free round trip =="
{
  echo "| setting (CU2HIP_ALLOC_CONF) | calls | size | ns / round trip |"
  echo "|---|---|---|---|"
  "$B/alloc_bench" raw raw || echo "alloc_bench raw failed: $?" >&2
  env -u CU2HIP_ALLOC_CONF "$B/alloc_bench" "passthrough (default)" || echo "failed: $?" >&2
  for c in backend:caching backend:caching,free_fence:0 backend:async; do
    CU2HIP_ALLOC_CONF=$c "$B/alloc_bench" "$c" || echo "alloc_bench $c failed: $?" >&2
  done
} 2> >(tee "$OUT/alloc-stderr.log" >&2) | tee "$OUT/alloc.md"
echo "-- a bad setting stops the program at start-up:"
( CU2HIP_ALLOC_CONF=max_split_size_mb:abc "$B/alloc_bench" x 2>&1 || true ) | head -2 | tee -a "$OUT/alloc-stderr.log"

echo
echo "== vectorize =="
"$B/vectorize_bench" | tee "$OUT/vectorize.md" || echo "vectorize_bench failed" >&2
echo "gpu-bench: done; results in $OUT"
