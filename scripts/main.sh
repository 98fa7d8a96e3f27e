#!/usr/bin/env bash
# main.sh — the main job on a fresh Debian 12 machine: set up, build cu2hip, port the bundled
# sample trainers (samples/) to HIP, compile the ports for AMD targets (gfx942 and gfx1100 on
# ROCm 7.2, gfx90a on Debian 12's HIP 5.2), run the CPU references and check them against the
# committed values, run the ported samples on the CPU SIMT emulator at wave 64 and wave 32, and
# say plainly what could and could not run here (no GPU here: the GPU parity run is
# scripts/gpu-parity.sh on an NVIDIA machine, or a port against samples/golden on AMD).
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
bash scripts/setup.sh || exit 2
bash scripts/build.sh || exit 2
rc=0
bash scripts/samples-check.sh || rc=1
if [[ -x scripts/samples-emu.sh ]]; then
  bash scripts/samples-emu.sh || rc=1
fi
echo
echo "main: GPU parity (CUDA original vs HIP port on a GPU) cannot run on this machine: no GPU."
echo "main: on an NVIDIA GPU run scripts/gpu-parity.sh; on an AMD GPU run a port with --trace"
echo "main: and compare with build/bin/cu2hip-parity samples/golden/<sample>.full.cuda.jsonl"
exit $rc
