#!/usr/bin/env bash
# build.sh — configure (once) and build everything into build/: the cu2hip porter, the runtime
# libraries, the CPU emulator, cu2hip-parity, the samples' CPU references and all unit tests.
# Usage: scripts/build.sh [extra cmake -D options]
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${CU2HIP_BUILD_DIR:-$ROOT/build}
if [[ ! -f $BUILD/build.ninja ]]; then
  cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
fi
cmake --build "$BUILD" -j "$(nproc)"
