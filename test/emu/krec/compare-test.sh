#!/bin/sh
# compare-test.sh LOGICAL32_BIN KEEP_BIN CU2HIP OUTDIR [CUDA_TRACE]
# Per-kernel parity on the emulator (docs/parity.md, "Per-kernel parity"): warp32_program.cu
# ported by cu2hip --instrument with its default wave policy (logical32) is the reference,
# recorded at wave 64; the --wave=keep port must differ first at launch #1 (block_sum) at
# wave 64 and nowhere at wave 32. With CUDA_TRACE (recorded from the instrumented CUDA
# original on an NVIDIA GPU), the logical32 port at wave 64 must match it and the keep port
# at wave 64 must again differ first at block_sum.
set -u
ref=$1 keep=$2 cu2hip=$3 out=$4 cuda=${5:-}
mkdir -p "$out"
fail() { echo "compare-test: FAIL: $*" >&2; exit 1; }

# The keep port passes CUDA's 32-bit masks on: recorded as a ROCm release build runs it
# (CU2HIP_EMU_MASK_CHECK=0: no trap, the mask only filters ballot results).
record() { # record BIN WAVE TRACE
  CU2HIP_EMU_MASK_CHECK=0 CU2HIP_EMU_WAVE=$2 CU2HIP_KREC=$3 "$1" || fail "$1 at wave $2 exited $?"
  grep -q '"type":"end"' "$3" || fail "$3 has no end record"
}
record "$ref" 64 "$out/logical32.wave64.jsonl"
record "$keep" 64 "$out/keep.wave64.jsonl"
record "$keep" 32 "$out/keep.wave32.jsonl"

expect() { # expect STATUS PATTERN A B: cu2hip compare A B exits STATUS, prints PATTERN
  "$cu2hip" compare "$3" "$4" >"$out/compare.log" 2>&1
  rc=$?
  cat "$out/compare.log"
  [ "$rc" -eq "$1" ] || fail "cu2hip compare $3 $4 exited $rc, want $1"
  grep -q "$2" "$out/compare.log" || fail "cu2hip compare $3 $4 did not print '$2'"
}
expect 1 'first_beyond=#1:block_sum' "$out/logical32.wave64.jsonl" "$out/keep.wave64.jsonl"
expect 1 'buffer arg 1 (f32): worst element' "$out/logical32.wave64.jsonl" "$out/keep.wave64.jsonl"
expect 0 'first_beyond=none' "$out/logical32.wave64.jsonl" "$out/keep.wave32.jsonl"
expect 0 'launches compared: 4, bitwise equal: 4' "$out/logical32.wave64.jsonl" "$out/keep.wave32.jsonl"
if [ -n "$cuda" ]; then
  expect 0 'first_beyond=none' "$cuda" "$out/logical32.wave64.jsonl"
  expect 1 'first_beyond=#1:block_sum' "$cuda" "$out/keep.wave64.jsonl"
fi
echo "compare-test: PASS"
