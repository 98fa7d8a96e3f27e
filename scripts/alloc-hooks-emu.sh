#!/usr/bin/env bash
# alloc-hooks-emu.sh — the DQN sample ported with --alloc-hooks (every cudaMalloc/cudaFree of
# its per-step scratch buffers through cu2hip's allocator hooks), built for the CPU emulator,
# run in small mode at wave 64 and 32 with the pass-through and the caching allocator, and
# parity-checked against the CPU reference's committed trace.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
B=$ROOT/build
W=$B/alloc-hooks-emu
rm -rf "$W" && mkdir -p "$W"
"$B/tool/cu2hip" --alloc-hooks --launch=ggl --dynamic-shared=macro --in-root "$ROOT/samples" \
  --out-root "$W/ports" --quiet --no-summary -- -I "$ROOT/runtime/include" || exit 1
cp "$W/ports/dqn_replay/dqn_replay.cu" "$W/dqn_replay.cpp"
"$B/bin/cu2hip-emu-c++" -O2 -I "$ROOT/runtime/alloc" -I "$ROOT/samples/common" "$W/dqn_replay.cpp" \
  "$ROOT"/runtime/alloc/{hip_hooks,allocator,allocator_stats,config}.cpp -o "$W/dqn_hooks" -lz >"$W/build.log" 2>&1 \
  || { tail -20 "$W/build.log"; exit 1; }
rc=0
for conf in "" "backend:caching"; do
  for wave in 64 32; do
    if CU2HIP_ALLOC_CONF=$conf CU2HIP_EMU_WAVE=$wave "$W/dqn_hooks" --small --quiet \
         --trace "$W/t.$wave.jsonl" >"$W/run.log" 2>&1 &&
       "$B/bin/cu2hip-parity" "$ROOT/samples/expected/dqn_replay.small.cpu.jsonl" "$W/t.$wave.jsonl" \
         >"$W/parity.log" 2>&1; then
      echo "alloc-hooks-emu: dqn_replay conf=[${conf:-passthrough}] wave=$wave: $(tail -1 "$W/parity.log")"
    else
      echo "alloc-hooks-emu: FAIL conf=[${conf:-passthrough}] wave=$wave"; tail -5 "$W/run.log" "$W/parity.log"; rc=1
    fi
  done
done
exit $rc
