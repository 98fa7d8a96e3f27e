#!/usr/bin/env bash
# lit-compile-check.sh — port every handed case (../shared/cases/*.cu) and every lit input
# marked for compilation with cu2hip, then compile-check the ports with scripts/hipcc-check.sh.
# docs/compile-checks.md.
#
# Usage: scripts/lit-compile-check.sh [-j N] [--keep] [--only REGEX]
#   -j N          parallel compiles (passed to hipcc-check.sh; default nproc)
#   --keep        keep the temp dir with the ports and logs (its path is printed)
#   --only REGEX  only inputs whose path matches REGEX (grep -E)
#
# Which lit inputs: files under test/lit/ (Inputs/ included) with a line
#   // COMPILE-CHECK: rocm72     ROCm 7.2, gfx942 + gfx1100
#   // COMPILE-CHECK: all        the same, plus gfx90a on Debian 12's HIP 5.2
# (no marker: not compile-checked). Optional extra port options on a line
#   // COMPILE-ARGS: --launch=ggl
# Handed cases: all on ROCm 7.2; on HIP 5.2 too unless listed in CASES_72_ONLY below (their
# libraries — hipBLAS, hipCUB, bf16 types — are not in Debian 12's HIP 5.2 packages).
# Every check runs with and without -DNDEBUG (HIP's mask checks trap only in debug builds).
#
# Output: one row per input: port status, then ok/FAIL/skip per (ROCm, target), both NDEBUG
# settings combined (FAIL if either failed). Exit status 0 when everything ported and compiled,
# 1 otherwise, 2 on setup errors.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/.." && pwd)
CASES=${CU2HIP_CASES:-${CU2HIP_CASES_DIR:-$(cd "$REPO/.." && pwd)/shared/cases}}
CU2HIP=${CU2HIP:-$REPO/build/tool/cu2hip}
CHECK=$HERE/hipcc-check.sh
CASES_72_ONLY="07 08 14 18 19 24"
# Handed cases whose fault kind cu2hip does not port yet. Their compile failure is reported
# as "xfail" and does not fail the run; once one compiles everywhere it is reported as
# "XPASS" and fails the run, so that this list is kept true. (19 needs ROCm >= 5.3 for
# hipDeviceAttributeWallClockRate, 24 needs rocThrust: both are ROCm 7.2 only above.)
CASES_OPEN=""

jobs=$(nproc) keep=0 only=""
while [[ $# -gt 0 ]]; do
  case $1 in
    -j) jobs=$2; shift 2 ;;
    -j*) jobs=${1#-j}; shift ;;
    --keep) keep=1; shift ;;
    --only) only=$2; shift 2 ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "lit-compile-check: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[[ -x $CU2HIP ]] || { echo "lit-compile-check: $CU2HIP not built (ninja -C build cu2hip)" >&2; exit 2; }
if [[ ! -d $CASES ]]; then
  echo "lit-compile-check: no handed cases at $CASES (set CU2HIP_CASES_DIR); checking the lit inputs only" >&2
  CASES=
fi

TMP=$(mktemp -d /tmp/cu2hip-lcc.XXXXXX)
# hipcc-check bind-mounts each file's directory into the ROCm root: keep it readable there.
chmod 755 "$TMP"
[[ $keep == 1 ]] || trap 'rm -rf "$TMP"' EXIT
mkdir -p "$TMP/out" "$TMP/log"

# name|source|scope|extra-args   (scope: rocm72 or all)
: >"$TMP/inputs"
for f in "$CASES"/[0-9]*.cu; do
  [[ -n $CASES && -f $f ]] || continue
  n=$(basename "$f" .cu)
  scope=all
  for c in $CASES_72_ONLY; do [[ $n == "$c"-* ]] && scope=rocm72; done
  echo "case-$n|$f|$scope|" >>"$TMP/inputs"
done
while IFS= read -r f; do
  scope=$(sed -n 's#^[[:space:]]*//[[:space:]]*COMPILE-CHECK:[[:space:]]*\([a-z0-9]*\).*#\1#p' "$f" | head -1)
  [[ $scope == rocm72 || $scope == all ]] || { echo "lit-compile-check: $f: bad COMPILE-CHECK '$scope'" >&2; exit 2; }
  args=$(sed -n 's#^[[:space:]]*//[[:space:]]*COMPILE-ARGS:[[:space:]]*##p' "$f" | head -1)
  rel=${f#"$REPO/test/lit/"}
  n=lit-$(echo "${rel%.*}" | tr '/' '-')
  echo "$n|$f|$scope|$args" >>"$TMP/inputs"
done < <(grep -rlE '^[[:space:]]*//[[:space:]]*COMPILE-CHECK:' "$REPO/test/lit" | sort)
if [[ -n $only ]]; then
  grep -E "$only" "$TMP/inputs" >"$TMP/inputs.f" || true
  mv "$TMP/inputs.f" "$TMP/inputs"
fi

# Port.
declare -A PORT SCOPE
list72=() list52=()
while IFS='|' read -r name src scope args; do
  out=$TMP/out/$name.hip
  # shellcheck disable=SC2086
  if "$CU2HIP" "$src" -o "$out" --no-summary --quiet $args >"$TMP/log/$name.port" 2>&1; then
    PORT[$name]=ok
    list72+=("$out")
    [[ $scope == all ]] && list52+=("$out")
  else
    PORT[$name]=FAIL
  fi
  SCOPE[$name]=$scope
done <"$TMP/inputs"

# Compile.
: >"$TMP/rows"
if [[ ${#list72[@]} -gt 0 ]]; then
  "$CHECK" --rocm 7.2 --arch gfx942,gfx1100 --ndebug both -j "$jobs" -I "$REPO/runtime/include" \
    "${list72[@]}" >"$TMP/log/check72" 2>&1
  rc=$?; [[ $rc -ge 2 ]] && { cat "$TMP/log/check72" >&2; exit 2; }
fi
if [[ ${#list52[@]} -gt 0 ]]; then
  "$CHECK" --rocm 5.2 --arch gfx90a --ndebug both -j "$jobs" -I "$REPO/runtime/include" \
    "${list52[@]}" >"$TMP/log/check52" 2>&1
  rc=$?; [[ $rc -ge 2 ]] && { cat "$TMP/log/check52" >&2; exit 2; }
fi
cat "$TMP"/log/check* 2>/dev/null | grep -E '^(ok|FAIL|skip)[[:space:]]' >"$TMP/rows" || true

# result NAME ROCM ARCH -> ok | FAIL | skip | -
result() {
  local r
  r=$(awk -v f="$1.hip" -v v="$2" -v a="$3" '{ n = $NF; sub(".*/", "", n) } $2 == v && $3 == a && n == f { print $1 }' "$TMP/rows" | sort -u)
  if [[ -z $r ]]; then echo "-"
  elif grep -q FAIL <<<"$r"; then echo FAIL
  elif grep -q ok <<<"$r"; then echo ok
  else echo skip; fi
}

fail=0
printf '%-44s %-5s %-13s %-14s %-12s\n' INPUT PORT "7.2/gfx942" "7.2/gfx1100" "5.2/gfx90a"
while IFS='|' read -r name src scope args; do
  p=${PORT[$name]}
  if [[ $p == ok ]]; then
    a=$(result "$name" 7.2 gfx942) b=$(result "$name" 7.2 gfx1100)
    c=$([[ $scope == all ]] && result "$name" 5.2 gfx90a || echo "n/a")
  else
    a=- b=- c=-
  fi
  open=0
  for o in $CASES_OPEN; do [[ $name == case-"$o"-* ]] && open=1; done
  if [[ $open == 1 ]]; then
    if [[ $p == ok && $a == ok && $b == ok && ( $c == ok || $c == n/a ) ]]; then
      p=XPASS fail=1
    else
      p=xfail
    fi
  else
    for x in "$p" "$a" "$b" "$c"; do [[ $x == FAIL ]] && fail=1; done
    # A port that was not compiled at all is a failure too.
    [[ $p == ok && ( $a == - || $b == - || $c == - ) ]] && fail=1
  fi
  printf '%-44s %-5s %-13s %-14s %-12s\n' "$name" "$p" "$a" "$b" "$c"
done <"$TMP/inputs"

if [[ $fail != 0 ]]; then
  echo
  echo "First errors:"
  while IFS='|' read -r name src scope args; do
    if [[ ${PORT[$name]} == FAIL ]]; then echo "--- $name (port)"; head -5 "$TMP/log/$name.port"; fi
  done <"$TMP/inputs"
  grep -A6 -E '^FAIL[[:space:]]' "$TMP"/log/check* | head -60
fi
[[ $keep == 1 ]] && echo "ports and logs kept in $TMP"
exit $fail
