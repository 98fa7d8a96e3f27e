#!/bin/sh
# run_case.sh PROGRAM EXPECTED: runs a ported handed case (a complete program)
# on the emulator and passes when it exits 0 and its first output line is
# EXPECTED, the line the case's header gives for the CUDA original.
prog=$1 expected=$2
out=$("$prog")
rc=$?
first=$(printf '%s\n' "$out" | head -n 1)
printf '%s\n' "$out"
if [ "$rc" -ne 0 ]; then
  echo "run_case: exit status $rc (want 0)" >&2
  exit 1
fi
if [ "$first" != "$expected" ]; then
  echo "run_case: printed '$first', want '$expected'" >&2
  exit 1
fi
exit 0
