#!/usr/bin/env bash
# Regenerates rewriters/cuda-decls/ (declaration-only CUDA headers, used when
# no CUDA SDK is found, and first where one of their version is) from the
# CUDA SDK at ${1:-/usr/local/cuda}.
# Needs the build's cu2hip-gen-cuda-decls (cmake --build build --target
# cu2hip-gen-cuda-decls); BUILD=dir selects another build directory.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cuda=${1:-/usr/local/cuda}
gen=${BUILD:-$root/build}/tools/cuda-decls/cu2hip-gen-cuda-decls
out=$root/rewriters/cuda-decls
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$out.new"' EXIT
generate() {
  "$gen" --cuda-path="$cuda" --maps="$root/rewriters/maps" \
    --extra="$root/tools/cuda-decls/extra-names.txt" \
    -resource-dir="$(/usr/lib/llvm-16/bin/clang -print-resource-dir)" "$@"
}
rm -rf "$out.new"
generate -o "$out.new"
# Macros users commonly define that the SDK's conditionals test: one whose
# definition leaves every generated header as it is is marked '=NAME' in
# sdk-macros.txt, so that defining it does not send a parse to the SDK
# (rewriters/include/cu2hip/BundledHeaders.h).
for name in NDEBUG _DEBUG DEBUG NOMINMAX WIN32_LEAN_AND_MEAN; do
  generate --define="$name" -o "$tmp/$name" > /dev/null
  if diff -rq "$out.new/include" "$tmp/$name/include" > /dev/null; then
    echo "=$name" >> "$out.new/sdk-macros.txt"
  fi
  rm -rf "${tmp:?}/$name"
done
rm -rf "$out"
mv "$out.new" "$out"
echo "wrote $out: $(find "$out" -type f | wc -l) files, $(du -sh "$out" | cut -f1)"
