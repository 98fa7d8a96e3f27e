#!/bin/bash
# The parse's temporary directory (TMPDIR/cu2hip-compat.cu2hip-tmp-<pid>-*) is removed
# when a run exits, fails, or is stopped by SIGINT or SIGTERM; one left by a
# SIGKILLed run is removed by the next run. Usage: temp-dirs.sh CU2HIP WORKDIR
# Prints "ok", or "FAIL: why" and exits 1.
set -u
CU2HIP=$1 W=$2
rm -rf "$W" && mkdir -p "$W/tmp" "$W/src" && cd "$W" || exit 1
export TMPDIR=$W/tmp
fail() { echo "FAIL: $*"; exit 1; }
left() { find "$TMPDIR" -maxdepth 1 -name 'cu2hip-compat.cu2hip-tmp-*' | wc -l; }
for i in $(seq 1 40); do
  printf '#include <cuda_runtime.h>\n#include <vector>\n#include <map>\nvoid f%s(){ cudaDeviceSynchronize(); }\n' "$i" > "src/f$i.cu"
done
printf 'void g( {\n' > src/broken.cu

"$CU2HIP" --no-summary src/f1.cu -o out1.hip 2>/dev/null || fail "a plain run failed"
[ "$(left)" = 0 ] || fail "left after a normal exit"
"$CU2HIP" --no-summary --in-root src --out-root out2 2>/dev/null && fail "the broken file did not fail"
[ "$(left)" = 0 ] || fail "left after a failed run"

# Waits until the run $1 has made its directory (or ended).
made() { for _ in $(seq 1 400); do [ "$(left)" != 0 ] && return 0; kill -0 "$1" 2>/dev/null || return 1; sleep 0.05; done; return 1; }
for sig in INT TERM; do
  rm -rf out3
  "$CU2HIP" --no-summary --in-root src --out-root out3 2>/dev/null & pid=$!
  made $pid || fail "SIG$sig: the run ended before it made its directory"
  kill -$sig $pid; wait $pid
  [ "$(left)" = 0 ] || fail "left after SIG$sig"
done

rm -rf out4
"$CU2HIP" --no-summary --in-root src --out-root out4 2>/dev/null & pid=$!
made $pid || fail "SIGKILL: the run ended before it made its directory"
kill -KILL $pid; wait $pid 2>/dev/null
[ "$(left)" = 1 ] || fail "SIGKILL: expected the killed run's directory"
"$CU2HIP" --no-summary src/f1.cu -o out5.hip 2>/dev/null || fail "the run after SIGKILL failed"
[ "$(left)" = 0 ] || fail "the killed run's directory was not removed by the next run"
echo ok
