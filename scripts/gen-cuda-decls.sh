#!/usr/bin/env bash
# Regenerates rewriters/cuda-decls/ (declaration-only CUDA headers, used when
# no CUDA SDK is found) from the CUDA SDK at ${1:-/usr/local/cuda}.
# Needs the build's cu2hip-gen-cuda-decls (cmake --build build --target
# cu2hip-gen-cuda-decls); BUILD=dir selects another build directory.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cuda=${1:-/usr/local/cuda}
gen=${BUILD:-$root/build}/tools/cuda-decls/cu2hip-gen-cuda-decls
out=$root/rewriters/cuda-decls
rm -rf "$out.new"
"$gen" --cuda-path="$cuda" --maps="$root/rewriters/maps" \
  --extra="$root/tools/cuda-decls/extra-names.txt" \
  -resource-dir="$(/usr/lib/llvm-16/bin/clang -print-resource-dir)" -o "$out.new"
rm -rf "$out"
mv "$out.new" "$out"
echo "wrote $out: $(find "$out" -type f | wc -l) files, $(du -sh "$out" | cut -f1)"
