#!/bin/bash
# Emulator throughput at wave 32 and 64 (and with 1 and N OS threads), then
# the time each sample's --small mode takes on the emulator at wave 64 and 32
# (scripts/samples-emu.sh, which also parity-checks the runs).
#   bench/emu_bench.sh [BUILD_DIR]     (BUILD_DIR default: build)
# Needs the cu2hip_emu target built in BUILD_DIR (it provides
# BUILD_DIR/bin/cu2hip-emu-c++); the sample timings also need the porter
# (BUILD_DIR/tool/cu2hip) and cu2hip-parity. CU2HIP_EMU_BENCH_SAMPLES=0 skips
# them.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="${1:-$here/../build}"
cxx="$build/bin/cu2hip-emu-c++"
if [ ! -x "$cxx" ]; then
  echo "missing $cxx: configure and build the cu2hip_emu target first" >&2
  exit 1
fi
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
"$cxx" -O2 "$here/emu_bench.hip.cpp" -o "$out/emu_bench"
threads="${CU2HIP_EMU_BENCH_THREADS:-$(nproc)}"
for w in 32 64; do
  CU2HIP_EMU_WAVE=$w CU2HIP_EMU_THREADS=1 "$out/emu_bench"
  if [ "$threads" -gt 1 ]; then
    CU2HIP_EMU_WAVE=$w CU2HIP_EMU_THREADS=$threads "$out/emu_bench"
  fi
done
if [ "${CU2HIP_EMU_BENCH_SAMPLES:-1}" != 0 ]; then
  if [ -x "$build/tool/cu2hip" ]; then
    echo
    echo "sample --small times on the emulator (one run at a time, CU2HIP_EMU_THREADS=1):"
    bash "$here/../scripts/samples-emu.sh" --build "$build" --dir "$out/samples" | \
      sed -n '/^samples-emu: HIP ports/,$p'
  else
    echo "sample timings skipped: no porter at $build/tool/cu2hip"
  fi
fi
