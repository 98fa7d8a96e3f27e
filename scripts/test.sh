#!/usr/bin/env bash
# test.sh — every test: set up, build, then
#   1+2. `ninja check-cu2hip` (the full tier, test/lit/CMakeLists.txt): ctest (GoogleTest unit
#      tests of the porter core, allocator, packed loads, parity tool, CPU emulator; sample CPU
#      references in small mode), then lit + FileCheck tests of every rule and every
#      regression case (test/lit, configured by CMake);
#   3. compile checks of every lit output and case output with hipcc (ROCm 7.2: gfx942,
#      gfx1100; HIP 5.2: gfx90a) with and without NDEBUG;
#   4. the samples: port, compile for AMD targets, CPU references vs committed values.
# Prints "N passed, M failed" at the end; exit status non-zero if anything failed.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
bash scripts/setup.sh || exit 2
bash scripts/build.sh || exit 2
passed=0; failed=0; failures=()
step() {
  local name=$1; shift
  echo "== test: $name"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); failures+=("$name"); fi
}
step check-cu2hip cmake --build build --target check-cu2hip
if [[ -f scripts/lit-compile-check.sh ]]; then
  step compile-check bash scripts/lit-compile-check.sh
fi
step samples bash scripts/samples-check.sh
if [[ -x scripts/samples-emu.sh ]]; then
  step samples-emu bash scripts/samples-emu.sh
fi
step alloc-hooks-emu bash scripts/alloc-hooks-emu.sh
echo
for f in "${failures[@]}"; do echo "failed: $f"; done
echo "test.sh: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
