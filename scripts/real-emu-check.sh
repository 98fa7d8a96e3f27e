#!/usr/bin/env bash
# real-emu-check.sh — build cu2hip ports of real CUDA programs for the CPU SIMT emulator and run
# each at wave 64 and 32 (docs/emulator.md). The programs check themselves (llm.c's dev/cuda
# programs print "All results match"); this prints program, wave, exit code, self-check verdict
# and seconds. Nothing of the programs is kept in the repository: pass their directories. The
# ported tree is copied to a scratch directory, size overrides are applied to the copy, and each
# program runs in its directory of the original tree (where its data files are).
#
# Usage: scripts/real-emu-check.sh --orig DIR --port DIR [options] PROG[:ARGS]...
#   PROG              a source file of the ported tree, relative to --port (e.g. layernorm_forward.cu);
#                     :ARGS are its command-line arguments, space separated (e.g. "softmax_forward.cu:2")
#   --set NAME=VALUE  replace the initialiser of every `int/int64_t/long/size_t/unsigned NAME = ...;` in the
#                     copy, e.g. --set B=2 --set T=64 --set repeat_times=1 (repeatable)
#   --build DIR       cu2hip build directory (default: build; uses DIR/bin/cu2hip-emu-c++)
#   --waves "64 32"   wave sizes to run
#   --timeout S       seconds per run (default 300)
#   --flags "..."     extra compiler flags (default -O2)
#   --work DIR        scratch directory (default: a new mktemp -d, removed unless --keep)
#   --keep            keep the scratch directory (binaries and logs)
# Verdicts: match ("All results match" or "PASS"), MISMATCH (a "Mismatch"/"FAIL" line), none (no
# self-check line: e.g. an assertion stopped it first; see exit and note), build-failed, timeout. Exit status 1 when any build or run fails or mismatches.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ORIG=; PORT=; BUILD=$ROOT/build; WAVES="64 32"; TIMEOUT=300; FLAGS="-O2"; WORK=; KEEP=0
SETS=(); PROGS=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --orig) ORIG=$(realpath "$2"); shift ;;
    --port) PORT=$(realpath "$2"); shift ;;
    --build) BUILD=$(realpath "$2"); shift ;;
    --waves) WAVES=$2; shift ;;
    --timeout) TIMEOUT=$2; shift ;;
    --flags) FLAGS=$2; shift ;;
    --set) SETS+=("$2"); shift ;;
    --work) WORK=$(realpath -m "$2"); shift ;;
    --keep) KEEP=1 ;;
    -h|--help) sed -n '2,23p' "$0"; exit 0 ;;
    -*) echo "real-emu-check: unknown option $1" >&2; exit 2 ;;
    *) PROGS+=("$1") ;;
  esac
  shift
done
[[ -n $ORIG && -n $PORT && ${#PROGS[@]} -gt 0 ]] || { sed -n '2,23p' "$0"; exit 2; }
CXX_EMU=$BUILD/bin/cu2hip-emu-c++
[[ -x $CXX_EMU ]] || { echo "real-emu-check: $CXX_EMU not found (build target cu2hip_emu)" >&2; exit 2; }
if [[ -z $WORK ]]; then WORK=$(mktemp -d /tmp/real-emu-check.XXXXXX); else mkdir -p "$WORK"; fi
[[ $KEEP == 1 ]] || trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/src" "$WORK/bin" "$WORK/logs"
cp -r "$PORT/." "$WORK/src/"

# Size overrides on the copy: `int NAME = <anything>;` -> `int NAME = VALUE;`.
# shellcheck source=lib/size-overrides.sh
source "$ROOT/scripts/lib/size-overrides.sh"
[[ ${#SETS[@]} -eq 0 ]] || apply_size_overrides real-emu-check "$WORK/src" "${SETS[@]}"

verdict() { # log -> verdict word
  if grep -qE "All results match|^PASS|Test passed|Result = PASS" "$1"; then echo match
  elif grep -qE "[Mm]ismatch|MISMATCH|^FAIL|Test failed|Result = FAIL" "$1"; then echo MISMATCH
  else echo none; fi
}
note() { # first error-looking line of a log, shortened
  grep -m1 -E "error|cu2hip-emu:|Mismatch|Assertion|[Ii]nvalid|only supported|free\(\)|Aborted|what\(\)" "$1" |
    cut -c1-160
}

status=0
declare -A BUILT=()
printf '%-34s %-5s %-5s %-12s %-8s %s\n' program wave exit verdict seconds note
for spec in "${PROGS[@]}"; do
  prog=${spec%%:*}; args=; [[ $spec == *:* ]] && args=${spec#*:}
  name=$(basename "${prog%.*}"); dir=$(dirname "$prog")
  log=$WORK/logs/$name.build.log
  label=$prog${args:+ $args}
  if [[ -z ${BUILT[$prog]:-} ]]; then # one build per program, however many argument lists
    # shellcheck disable=SC2086
    if "$CXX_EMU" $FLAGS -w -I"$WORK/src/$dir" "$WORK/src/$prog" -o "$WORK/bin/$name" >"$log" 2>&1
    then BUILT[$prog]=ok; else BUILT[$prog]=failed; fi
  fi
  if [[ ${BUILT[$prog]} == failed ]]; then
    printf '%-34s %-5s %-5s %-12s %-8s %s\n' "$label" - - build-failed - "$(note "$log")"
    status=1; continue
  fi
  rundir=$ORIG/$dir; [[ -d $rundir ]] || rundir=$WORK/src/$dir
  for w in $WAVES; do
    rlog=$WORK/logs/$name${args:+.${args// /_}}.wave$w.log
    t0=$(date +%s.%N)
    # shellcheck disable=SC2086
    (cd "$rundir" && CU2HIP_EMU_WAVE=$w timeout "$TIMEOUT" "$WORK/bin/$name" $args) >"$rlog" 2>&1
    rc=$?
    secs=$(echo "$(date +%s.%N) - $t0" | bc)
    v=$(verdict "$rlog"); [[ $rc == 124 ]] && v=timeout
    [[ $rc == 0 && $v != MISMATCH ]] || status=1
    printf '%-34s %-5s %-5s %-12s %-8.1f %s\n' "$label" "$w" "$rc" "$v" "$secs" \
      "$([[ $rc == 0 && $v == match ]] || note "$rlog")"
  done
done
[[ $KEEP == 1 ]] && echo "real-emu-check: logs and binaries in $WORK"
exit $status
