#!/usr/bin/env bash
# build-file-bench.sh — time cu2hip on one generated build file with many
# findings, at several sizes, to show the cost per line stays flat.
# Usage: bench/build-file-bench.sh [CU2HIP] [LINES...]
#   CU2HIP defaults to build/tool/cu2hip; LINES to 10000 20000 40000 80000.
# Each CMake line holds nvcc options to translate and one to drop (a note);
# each Makefile line an nvcc recipe. Prints: kind, lines, seconds, findings.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CU2HIP=${1:-$ROOT/build/tool/cu2hip}
shift || true
SIZES=("$@")
[[ ${#SIZES[@]} -gt 0 ]] || SIZES=(10000 20000 40000 80000)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
printf '%-6s %8s %8s %9s\n' kind lines seconds findings
for N in "${SIZES[@]}"; do
  python3 - "$TMP" "$N" <<'PY'
import sys
d, n = sys.argv[1], int(sys.argv[2])
with open(d + "/CMakeLists.txt", "w") as f:
    f.write("cmake_minimum_required(VERSION 3.18)\nproject(b LANGUAGES CXX CUDA)\n")
    for i in range(n - 2):
        f.write("target_compile_options(t%d PRIVATE --use_fast_math -maxrregcount 32)\n" % i)
with open(d + "/Makefile", "w") as f:
    f.write("NVCCFLAGS = -O3\n")
    for i in range(n - 1):
        f.write("a%d: ; nvcc -O2 -arch=sm_70 --use_fast_math a.cu -lcufft\n" % i)
PY
  for F in CMakeLists.txt Makefile; do
    S=$(date +%s.%N)
    "$CU2HIP" --no-semantic "$TMP/$F" -o "$TMP/out.$F" 2>"$TMP/err" || true
    E=$(date +%s.%N)
    printf '%-6s %8d %8.2f %9d\n' "${F%%.*}" "$N" "$(echo "$E - $S" | bc)" \
      "$(grep -c -E ': (note|warning|error):' "$TMP/err" || true)"
  done
done
