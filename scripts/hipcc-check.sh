#!/usr/bin/env bash
# hipcc-check.sh — compile-check ported HIP files with hipcc (device + host, no link), against
# ROCm 7.2 (Debian experimental, in the root built by scripts/rocm-root.sh) and Debian 12's
# ROCm 5.2 (/usr/bin/hipcc on the host). docs/compile-checks.md.
#
# Usage: scripts/hipcc-check.sh [options] FILE...
#   --rocm 7.2|5.2|all     ROCm version(s) to check with (default all)
#   --arch LIST            comma-separated gfx targets for every selected ROCm
#                          (default: 7.2 -> gfx90a,gfx942,gfx1100; 5.2 -> gfx90a,gfx1030)
#   --ndebug both|on|off   compile with -DNDEBUG, without, or both (default both)
#   -j N                   parallel compiles (default nproc)
#   --extra-flags "..."    more hipcc flags (word-split)
#   -I DIR                 include directory (repeatable; also -IDIR)
# Prints one row per (file, rocm, arch, ndebug): ok / FAIL (+ first error lines) / skip.
# Exit status: 0 when nothing failed, 1 when a compile failed, 2 on usage/setup errors.
#
# Command per job: hipcc -std=c++17 --offload-arch=<arch> [-DNDEBUG] -I <repo>/runtime/include
#                  [-I dirs] [extra] -x hip -c -o <temporary object> FILE   (env HIP_PLATFORM=amd)
#
# ROCm 7.2 (root: $CU2HIP_ROCM72_ROOT, default /var/cache/cu2hip/rocm-7.2): hipcc 7.2.4
#   (Debian 7.2.4+dfsg-1~exp1; `hipcc --version`: "HIP version: 7.2.53211-9999", Debian clang
#   22.1.8). No extra flags needed: ROCm lives in /usr of the root. Runs as
#   `chroot <root> hipcc ...` inside one private mount namespace (unshare --mount
#   --propagation private) holding /proc, /dev, and bind mounts of each file's directory,
#   each -I dir and <repo>/runtime/include at the same absolute paths (mount points are created
#   as empty directories inside the root). Needs root.
#   hipBLAS: only <hipblas/hipblas.h> exists (/usr/include/hipblas/); the flat <hipblas.h> is
#   gone. Also there: hipblaslt/, hipcub/, hipfft/, hiprand/, hipsolver/, hipsparse/, miopen/,
#   rccl/, rocprim/, rocrand/, thrust/. Device bitcode: /usr/lib/llvm-22/lib/clang/22/amdgcn/.
#   ROCm 7 rules: `__shfl_xor_sync(0xffffffff, v, 1)` fails ("static assertion failed due to
#   requirement 'sizeof(unsigned int) == 8': The mask must be a 64-bit integer"); a mask of
#   0xffffffffffffffffULL compiles.
# ROCm 5.2 (host /usr/bin/hipcc, Perl hipcc 5.2.3, HIP 5.2.21153, Debian clang 15.0.6): hipcc
#   already adds --rocm-path=/usr, and hip_common.h defines __HIP_PLATFORM_AMD__, so no extra
#   flags are needed (HIP_PLATFORM=amd is set in case the caller's environment says nvidia).
#   Always pass --offload-arch: without it hipcc runs rocm_agent_enumerator, which fails
#   without /sys/class/kfd. Device libraries (rocm-device-libs 5.2) have no gfx1100 or gfx942
#   bitcode, so those targets are reported as "skip" on 5.2 (gfx1030 is the wave32 target
#   there; gfx940 works). HIP 5.2 has no __shfl_*_sync / __ballot_sync etc. (they came in
#   ROCm 6.2): ported code using them needs the runtime's shims to compile on 5.2.
# A target is skipped when the ROCm's device library has no oclc_isa_version_<n>.bc for it.
set -euo pipefail

usage() { sed -n '2,16p' "$0"; }
die() { echo "hipcc-check: error: $*" >&2; exit 2; }

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/.." && pwd)
ROOT="${CU2HIP_ROCM72_ROOT:-/var/cache/cu2hip/rocm-7.2}"
BC52=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode

# ---- internal: one compile job (called through xargs) ------------------------------------
if [[ "${1:-}" == --__job ]]; then
  # --__job OUTDIR IDX ROCM ARCH NDEBUG FILE
  out=$2 idx=$3 rocm=$4 arch=$5 nd=$6 file=$7
  read -r -a common <"$out/flags"
  flags=(-std=c++17 "--offload-arch=$arch")
  [[ $nd == on ]] && flags+=(-DNDEBUG)
  # A real object file per job: parallel jobs writing -o /dev/null make
  # clang-offload-bundler fail at random (it reads its output back).
  # Each hipcc call gets a private TMPDIR (clang leaves empty <stem>-XXXXXX
  # directories in it), removed after the call and by the run's trap.
  run=$(basename "$out")
  if [[ $rocm == 7.2 ]]; then
    obj=/tmp/hipcc-check.$$.$idx.o; objhost=$ROOT$obj
    tmp=/tmp/$run.$idx.tmp; tmphost=$ROOT$tmp
  else
    obj=$out/$idx.o; objhost=$obj
    tmp=$out/$idx.tmp; tmphost=$tmp
  fi
  mkdir -p "$tmphost"
  flags+=("${common[@]}" -x hip -c -o "$obj" "$file")
  t0=$(date +%s%N)
  if [[ $rocm == 7.2 ]]; then
    cmd=(chroot "$ROOT" /usr/bin/env HIP_PLATFORM=amd PATH=/usr/bin:/bin HOME=/tmp TMPDIR="$tmp" hipcc "${flags[@]}")
  else
    cmd=(env HIP_PLATFORM=amd TMPDIR="$tmp" /usr/bin/hipcc "${flags[@]}")
  fi
  if "${cmd[@]}" >"$out/$idx.log" 2>&1; then st=ok; else st=FAIL; fi
  rm -f "$objhost"
  rm -rf "$tmphost"
  t1=$(date +%s%N)
  ms=$(( (t1 - t0) / 1000000 ))
  printf '%s %d.%d\n' "$st" $((ms / 1000)) $((ms % 1000 / 100)) >"$out/$idx.status"
  exit 0
fi

# ---- internal: inside the private mount namespace --------------------------------------
if [[ "${1:-}" == --__ns ]]; then
  out=$2 jobs=$3
  mount -t proc proc "$ROOT/proc"
  mount --bind /dev "$ROOT/dev"
  while IFS= read -r d; do
    mkdir -p "$ROOT$d"
    mount --bind "$d" "$ROOT$d"
  done <"$out/binds"
  xargs -a "$out/jobs" -P "$jobs" -L 1 "$0" --__job
  exit 0
fi

# ---- options ----------------------------------------------------------------------------
ROCMS=all ARCHS="" NDEBUG=both JOBS=$(nproc) EXTRA="" INCS=() FILES=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --rocm) [[ $# -ge 2 ]] || die "--rocm needs a value"; ROCMS=$2; shift ;;
    --arch) [[ $# -ge 2 ]] || die "--arch needs a value"; ARCHS=$2; shift ;;
    --ndebug) [[ $# -ge 2 ]] || die "--ndebug needs a value"; NDEBUG=$2; shift ;;
    -j) [[ $# -ge 2 ]] || die "-j needs a value"; JOBS=$2; shift ;;
    -j*) JOBS=${1#-j} ;;
    --extra-flags) [[ $# -ge 2 ]] || die "--extra-flags needs a value"; EXTRA=$2; shift ;;
    -I) [[ $# -ge 2 ]] || die "-I needs a value"; INCS+=("$2"); shift ;;
    -I*) INCS+=("${1#-I}") ;;
    -h|--help) usage; exit 0 ;;
    --) shift; FILES+=("$@"); break ;;
    -*) die "unknown option '$1' (see --help)" ;;
    *) FILES+=("$1") ;;
  esac
  shift
done
[[ ${#FILES[@]} -gt 0 ]] || { usage >&2; die "no input files"; }
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || die "-j wants a positive number, got '$JOBS'"
case "$ROCMS" in all) ROCMS_L=(7.2 5.2) ;; 7.2|5.2) ROCMS_L=("$ROCMS") ;;
  *) die "--rocm wants 7.2, 5.2 or all, got '$ROCMS'" ;; esac
case "$NDEBUG" in both) ND_L=(off on) ;; on|off) ND_L=("$NDEBUG") ;;
  *) die "--ndebug wants both, on or off, got '$NDEBUG'" ;; esac

abspath() { (cd "$(dirname "$1")" && echo "$(pwd -P)/$(basename "$1")"); }
ABSFILES=()
for f in "${FILES[@]}"; do
  [[ -f "$f" ]] || die "no such file: $f"
  ABSFILES+=("$(abspath "$f")")
done
ABSINCS=()
for d in "${INCS[@]}"; do
  [[ -d "$d" ]] || die "-I $d: no such directory"
  ABSINCS+=("$(cd "$d" && pwd -P)")
done
RTINC=$(cd "$REPO/runtime/include" 2>/dev/null && pwd -P) || die "$REPO/runtime/include missing"

for r in "${ROCMS_L[@]}"; do
  if [[ $r == 7.2 ]]; then
    [[ -f "$ROOT/.cu2hip-root" ]] || die "ROCm 7.2 root $ROOT not built (run scripts/rocm-root.sh, or use --rocm 5.2)"
    [[ $(id -u) -eq 0 ]] || die "--rocm 7.2 needs root (chroot, mount namespace); run with sudo"
    command -v unshare >/dev/null || die "unshare not found (util-linux)"
  else
    [[ -x /usr/bin/hipcc ]] || die "/usr/bin/hipcc missing (scripts/setup.sh installs Debian's hipcc 5.2)"
  fi
done

bitcode_dir() {
  if [[ $1 == 5.2 ]]; then echo "$BC52"
  else compgen -G "$ROOT/usr/lib/llvm-*/lib/clang/*/amdgcn/bitcode" | head -1; fi
}
default_archs() { if [[ $1 == 5.2 ]]; then echo gfx90a,gfx1030; else echo gfx90a,gfx942,gfx1100; fi; }

OUT=$(mktemp -d "${TMPDIR:-/tmp}/hipcc-check.XXXXXX")
# The jobs' private TMPDIRs inside the ROCm root are named after $OUT.
trap 'rm -rf "$OUT" "$ROOT/tmp/$(basename "$OUT")".*.tmp' EXIT
printf '%s ' -I "$RTINC" > "$OUT/flags"
for d in "${ABSINCS[@]}"; do printf '%s ' -I "$d" >> "$OUT/flags"; done
# shellcheck disable=SC2086
[[ -n "$EXTRA" ]] && printf '%s ' $EXTRA >> "$OUT/flags"
echo >> "$OUT/flags"
# Paths with spaces would break the flags file and xargs lines.
for p in "${ABSFILES[@]}" "${ABSINCS[@]}" "$RTINC"; do
  [[ "$p" != *[[:space:]]* ]] || die "paths with spaces are not supported: '$p'"
done

declare -a ROWS=()
: >"$OUT/jobs.72"; : >"$OUT/jobs.52"
n=0
for f in "${ABSFILES[@]}"; do
  for r in "${ROCMS_L[@]}"; do
    IFS=, read -r -a al <<<"${ARCHS:-$(default_archs "$r")}"
    bc=$(bitcode_dir "$r")
    for a in "${al[@]}"; do
      for nd in "${ND_L[@]}"; do
        ROWS[n]="$f $r $a $nd"
        isa=${a#gfx}; isa=${isa%%:*}
        if [[ -n "$bc" && ! -f "$bc/oclc_isa_version_$isa.bc" ]]; then
          echo "skip 0" >"$OUT/$n.status"
          echo "ROCm $r has no device library for $a ($bc/oclc_isa_version_$isa.bc)" >"$OUT/$n.log"
        else
          echo "$OUT $n $r $a $nd $f" >>"$OUT/jobs.${r/./}"
        fi
        n=$((n + 1))
      done
    done
  done
done

t0=$SECONDS
cat "$OUT/jobs.72" "$OUT/jobs.52" >"$OUT/jobs"   # 7.2 first: its compiles are the slower
if [[ -s "$OUT/jobs.72" ]]; then
  # Directories to bind into the root: the files' directories, -I dirs, runtime/include
  # (a directory inside another one in the list is covered by the outer bind).
  {
    for f in "${ABSFILES[@]}"; do dirname "$f"; done
    printf '%s\n' "${ABSINCS[@]}" "$RTINC"
  } | sort -u | awk 'NF { for (i = 1; i <= n; i++) if (index($0, kept[i] "/") == 1) next; kept[++n] = $0; print }' >"$OUT/binds"
  # All jobs (5.2 ones too, harmlessly) run inside one private mount namespace.
  unshare --mount --propagation private "$0" --__ns "$OUT" "$JOBS" || die "mount namespace setup failed"
elif [[ -s "$OUT/jobs" ]]; then
  xargs -a "$OUT/jobs" -P "$JOBS" -L 1 "$0" --__job
fi
elapsed=$((SECONDS - t0))

fails=0 oks=0 skips=0
printf '%-6s %-4s %-8s %-7s %6s  %s\n' RESULT ROCM ARCH NDEBUG SEC FILE
for ((i = 0; i < n; i++)); do
  read -r f r a nd <<<"${ROWS[i]}"
  if [[ -f "$OUT/$i.status" ]]; then read -r st sec <"$OUT/$i.status"; else st=FAIL sec=0; fi
  rel=${f#"$PWD/"}
  printf '%-6s %-4s %-8s %-7s %6s  %s\n' "$st" "$r" "$a" "$nd" "$sec" "$rel"
  case $st in
    ok) oks=$((oks + 1)) ;;
    skip) skips=$((skips + 1)); sed 's/^/         /' "$OUT/$i.log" ;;
    *) fails=$((fails + 1))
       # Error lines only: a warning naming hipError_t is not the failure.
       { grep -m4 -E '(fatal error|error):|Error:' "$OUT/$i.log" || tail -4 "$OUT/$i.log" || echo "(no output)"; } |
         cut -c1-300 | sed 's/^/         /' ;;
  esac
done
echo "hipcc-check: $oks ok, $fails failed, $skips skipped in ${elapsed}s (-j $JOBS)"
[[ $fails -eq 0 ]] || exit 1
