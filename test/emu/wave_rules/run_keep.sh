#!/bin/sh
# run_keep.sh CXX_WRAPPER KEEP_PORT HARNESS_LIB OUT — ctest driver for the
# keep form of a wave-rule kernel (cu2hip --wave=keep: renamed, masks only
# widened, no wave rules), see check.h:
#  1. build it for the emulator at test time (a port that does not compile is
#     a test result, not a broken build);
#  2. wave 32: every output right;
#  3. wave 64 with CU2HIP_EMU_MASK_CHECK=0 (ROCm built with -DNDEBUG): wrong
#     exactly where the catalogue says so (the harness checks each output);
#  4. wave 64 with the mask check (ROCm debug build): must trap, since the
#     widened 32-bit mask 0x00000000ffffffff names only half of a full wave.
# Exit 77 (ctest: skipped) when the port does not compile because of the
# known porter bug test/lit/rules/wave-vote-keep.cu (XFAIL): --wave=keep
# leaves the 32-bit mask of __ballot_sync/__all_sync/__any_sync, which ROCm
# >= 6.2 and the emulator reject.
set -u
[ $# -eq 4 ] || { echo "usage: $0 CXX_WRAPPER KEEP_PORT HARNESS_LIB OUT" >&2; exit 2; }
cxx=$1 port=$2 harness=$3 out=$4
if ! "$cxx" -O1 "$port" "$harness" -o "$out" >"$out.build.log" 2>&1; then
  if grep -q "must be a 64-bit integer" "$out.build.log"; then
    grep -m1 -B1 "required from here" "$out.build.log"
    echo "SKIPPED: the keep port does not compile: a 32-bit mask on a vote/ballot"
    echo "(known porter bug, test/lit/rules/wave-vote-keep.cu XFAIL)"
    exit 77
  fi
  cat "$out.build.log"
  echo "FAIL: the keep port does not compile"
  exit 1
fi
rc=0
echo "== wave 32"
CU2HIP_EMU_WAVE=32 "$out" --form=keep || rc=1
echo "== wave 64, CU2HIP_EMU_MASK_CHECK=0 (ROCm release semantics)"
CU2HIP_EMU_WAVE=64 CU2HIP_EMU_MASK_CHECK=0 "$out" --form=keep || rc=1
echo "== wave 64, mask check on (ROCm debug semantics): must trap"
if CU2HIP_EMU_WAVE=64 "$out" --form=keep >"$out.trap.log" 2>&1; then
  cat "$out.trap.log"
  echo "FAIL: no trap"
  rc=1
elif grep -q "ROCm traps here" "$out.trap.log"; then
  grep -m1 "cu2hip-emu: error" "$out.trap.log"
else
  cat "$out.trap.log"
  echo "FAIL: died, but not with the mask trap"
  rc=1
fi
exit $rc
