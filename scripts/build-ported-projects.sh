#!/usr/bin/env bash
# build-ported-projects.sh — port real CUDA projects with cu2hip and build them from their
# own ported build files on ROCm 7.2 (the root of scripts/rocm-root.sh), for one gfx target;
# prints a table: project, build system, configures, builds, links, hand edits.
#
# Usage: scripts/build-ported-projects.sh [options]
#   --llmc DIR          a karpathy/llm.c tree: ported whole, built with its Makefile
#   --cuda-samples DIR  an NVIDIA/cuda-samples tree: Common/, the top CMakeLists.txt and the
#                       --samples are ported together (paths kept), each sample configured
#                       and built alone through its own CMakeLists.txt
#   --samples LIST      comma-separated sample directories under Samples/ (default: the set
#                       below: runtime, cuBLAS, cuFFT, cuRAND, cooperative groups, grid sync,
#                       several .cu files per target)
#   --llmc-targets LIST comma-separated make targets (default below)
#   --arch GFX          AMD target the ports are built for (default gfx942)
#   --work DIR          where ports, builds and logs go (default: a new temporary directory,
#                       kept; its path is printed)
#   --cu2hip PATH       the tool (default <repo>/build/tool/cu2hip)
#   -j N                cu2hip and make parallelism (default 2)
#   --markdown          print the table as Markdown
# Exit status: 0 when every project configured, built and linked; 1 otherwise; 2 on usage
# or setup errors. Needs root (chroot into the ROCm 7.2 root, a private mount namespace).
#
# How: `cu2hip -j N --in-root SRC --out-root WORK/hip/NAME` (cuda-samples with
# `-- -I <tree>/Common`), then, inside the root (chroot, WORK bind-mounted at the same path,
# HIP_PLATFORM=amd): llm.c `make OFFLOAD_ARCH=<arch> <target>`; each sample
# `cmake -S <sample> -B WORK/build/<sample> -DCMAKE_HIP_ARCHITECTURES=<arch>
# -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22` and `cmake --build`. The root
# has ROCm's clang (clang-<N>, no plain cc or c++) and, from rocm-root.sh, cmake and make; the
# compilers are the root's environment, not an edit of the ported files. Nothing in the
# ported trees is edited by this script: the "hand edits" column says so, and a checksum of
# each ported tree's build files before and after the build proves it.
# "builds" = every compile succeeded, "links" = the program exists (an ELF executable);
# "<arch> code" = it holds a code object for <arch> (its offload bundle names
# amdgcn-amd-amdhsa--<arch>), or "host only" for a program without device code.
set -euo pipefail

usage() { sed -n '2,22p' "$0"; }
die() { echo "build-ported-projects: error: $*" >&2; exit 2; }

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/.." && pwd)
ROOT="${CU2HIP_ROCM72_ROOT:-/var/cache/cu2hip/rocm-7.2}"

# ---- internal: a command inside the root, WORK bind-mounted -------------------------------
if [[ "${1:-}" == --__in-root ]]; then
  work=$2; shift 2
  mount -t proc proc "$ROOT/proc"
  mount --bind /dev "$ROOT/dev"
  mkdir -p "$ROOT$work"
  mount --bind "$work" "$ROOT$work"
  exec chroot "$ROOT" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/tmp LANG=C.UTF-8 \
    HIP_PLATFORM=amd /bin/sh -c "$1"
fi

LLMC="" SAMPLES_DIR="" ARCH=gfx942 WORK="" CU2HIP="$REPO/build/tool/cu2hip" JOBS=2 MD=0
SAMPLES="0_Introduction/vectorAdd,4_CUDA_Libraries/simpleCUBLAS,4_CUDA_Libraries/matrixMulCUBLAS,4_CUDA_Libraries/simpleCUFFT,4_CUDA_Libraries/MersenneTwisterGP11213,0_Introduction/simpleCooperativeGroups,2_Concepts_and_Techniques/reductionMultiBlockCG,2_Concepts_and_Techniques/histogram,0_Introduction/mergeSort"
LLMC_TARGETS="train_gpt2fp32cu,test_gpt2fp32cu,train_gpt2cu,test_gpt2cu,profile_gpt2cu"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --llmc) [[ $# -ge 2 ]] || die "--llmc needs a value"; LLMC=$2; shift ;;
    --cuda-samples) [[ $# -ge 2 ]] || die "--cuda-samples needs a value"; SAMPLES_DIR=$2; shift ;;
    --samples) [[ $# -ge 2 ]] || die "--samples needs a value"; SAMPLES=$2; shift ;;
    --llmc-targets) [[ $# -ge 2 ]] || die "--llmc-targets needs a value"; LLMC_TARGETS=$2; shift ;;
    --arch) [[ $# -ge 2 ]] || die "--arch needs a value"; ARCH=$2; shift ;;
    --work) [[ $# -ge 2 ]] || die "--work needs a value"; WORK=$2; shift ;;
    --cu2hip) [[ $# -ge 2 ]] || die "--cu2hip needs a value"; CU2HIP=$2; shift ;;
    -j) [[ $# -ge 2 ]] || die "-j needs a value"; JOBS=$2; shift ;;
    -j*) JOBS=${1#-j} ;;
    --markdown) MD=1 ;;
    -h|--help) usage; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
  shift
done
[[ -n "$LLMC$SAMPLES_DIR" ]] || { usage >&2; die "give --llmc and/or --cuda-samples"; }
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || die "-j wants a positive number, got '$JOBS'"
[[ $ARCH =~ ^gfx[0-9a-f]+$ ]] || die "--arch wants a gfx target, got '$ARCH'"
[[ -x "$CU2HIP" ]] || die "$CU2HIP not built (cmake --build build --target cu2hip)"
[[ $(id -u) -eq 0 ]] || die "needs root (chroot into $ROOT)"
[[ -f "$ROOT/.cu2hip-root" ]] || die "ROCm 7.2 root $ROOT not built (scripts/rocm-root.sh)"
for t in cmake make; do
  [[ -x "$ROOT/usr/bin/$t" ]] || die "$ROOT has no $t: run scripts/rocm-root.sh (it adds cmake, make)"
done
for d in "$LLMC" "$SAMPLES_DIR"; do [[ -z "$d" || -d "$d" ]] || die "no such directory: $d"; done
[[ -z "$WORK" ]] && WORK=$(mktemp -d "${TMPDIR:-/tmp}/build-ported-projects.XXXXXX")
mkdir -p "$WORK"/{src,hip,build,logs}
WORK=$(cd "$WORK" && pwd -P)
[[ "$WORK" != *[[:space:]]* ]] || die "--work path with blanks: '$WORK'"

in_root() { unshare --mount --propagation private "$0" --__in-root "$WORK" "$1"; }
# Checksum of the build files of a ported tree (to show the build edited none of them).
build_sum() {
  (cd "$1" && find . -path ./build -prune -o \( -name CMakeLists.txt -o -name '*.cmake' \
     -o -name Makefile -o -name '*.mk' \) -type f -print0 | sort -z | xargs -0 -r sha256sum) |
    sha256sum | cut -c1-16
}
# yes when $1 is an executable program.
linked() { [[ -x "$1" ]] && head -c4 "$1" | grep -aq ELF && echo yes || echo no; }
# Its GPU code: yes when it holds a code object for $ARCH, "host only" for a program
# without device code (a .cpp calling libraries), else no.
gpu_code() {
  if [[ ! -f "$1" ]]; then echo -
  elif grep -aq "amdgcn-amd-amdhsa--$ARCH" "$1"; then echo yes
  elif grep -aq "amdgcn-amd-amdhsa" "$1"; then echo "no ($ARCH missing)"
  else echo "host only"; fi
}

ROWS=() FAILS=0
row() { # project, build system, configures, builds, links, gpu code, edits, note
  ROWS+=("$1|$2|$3|$4|$5|$6|$7|$8")
  [[ $3 != no && $4 == yes && $5 == yes && $6 != no* ]] || FAILS=$((FAILS + 1))
}
first_error() {
  { grep -m1 -E '(fatal error|error):|Error:|CMake Error|undefined reference' "$1" || true; } |
    sed "s|$WORK/||g" | cut -c1-200
}

port() { # NAME SRC [clang args...]
  local name=$1 src=$2; shift 2
  echo "build-ported-projects: porting $name ($src)" >&2
  local t0=$SECONDS rc=0
  "$CU2HIP" -j "$JOBS" --quiet --in-root "$src" --out-root "$WORK/hip/$name" ${1:+--} "$@" \
    >"$WORK/logs/port-$name.log" 2>&1 || rc=$?
  echo "build-ported-projects: ported $name in $((SECONDS - t0)) s (exit $rc; log logs/port-$name.log)" >&2
}

# ---- llm.c ---------------------------------------------------------------------------
if [[ -n "$LLMC" ]]; then
  port llm.c "$LLMC"
  out="$WORK/hip/llm.c"
  before=$(build_sum "$out")
  IFS=, read -r -a targets <<<"$LLMC_TARGETS"
  for t in "${targets[@]}"; do
    log="$WORK/logs/llm.c-$t.log"
    rm -f "$out/$t"
    rc=0; in_root "cd $out && make -j$JOBS OFFLOAD_ARCH=$ARCH $t" >"$log" 2>&1 || rc=$?
    links=$(linked "$out/$t") code=$(gpu_code "$out/$t")
    # One hipcc call compiles and links: a failed link is a built program that did not link.
    if [[ $rc -eq 0 || -n $(grep -lE 'linker command failed|undefined reference' "$log" || true) ]]
    then builds=yes; else builds=no; fi
    note=""; [[ $links == yes ]] || note=$(first_error "$log")
    [[ $(build_sum "$out") == "$before" ]] && edits=none || edits="BUILD FILES CHANGED"
    row "llm.c $t" "make (Makefile)" "n/a" "$builds" "$links" "$code" "$edits" "$note"
  done
fi

# ---- cuda-samples --------------------------------------------------------------------
if [[ -n "$SAMPLES_DIR" ]]; then
  IFS=, read -r -a samples <<<"$SAMPLES"
  stage="$WORK/src/cuda-samples"
  rm -rf "$stage"; mkdir -p "$stage/Samples"
  cp -a "$SAMPLES_DIR/Common" "$SAMPLES_DIR/CMakeLists.txt" "$stage/"
  for s in "${samples[@]}"; do
    [[ -d "$SAMPLES_DIR/Samples/$s" ]] || die "no sample $SAMPLES_DIR/Samples/$s"
    mkdir -p "$stage/Samples/$(dirname "$s")"
    cp -a "$SAMPLES_DIR/Samples/$s" "$stage/Samples/$s"
  done
  port cuda-samples "$stage" -I "$stage/Common"
  out="$WORK/hip/cuda-samples"
  before=$(build_sum "$out")
  for s in "${samples[@]}"; do
    n=$(basename "$s") b="$WORK/build/$n" log="$WORK/logs/cuda-samples-$n.log"
    rm -rf "$b"; mkdir -p "$b"
    conf=yes builds=no links=no code=-
    in_root "cmake -S $out/Samples/$s -B $b -DCMAKE_HIP_ARCHITECTURES=$ARCH \
      -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22" >"$log" 2>&1 || conf=no
    if [[ $conf == yes ]]; then
      rc=0; in_root "cmake --build $b -j $JOBS" >>"$log" 2>&1 || rc=$?
      if [[ $rc -eq 0 || -n $(grep -lE 'linker command failed|undefined reference' "$log" || true) ]]
      then builds=yes; fi
      exe=$( { grep -oE "Built target [A-Za-z0-9_]+" "$log" || true; } | tail -1 | awk '{print $3}')
      links=$(linked "$b/${exe:-$n}") code=$(gpu_code "$b/${exe:-$n}")
    fi
    note=""; [[ $links == yes ]] || note=$(first_error "$log")
    [[ $(build_sum "$out") == "$before" ]] && edits=none || edits="BUILD FILES CHANGED"
    row "cuda-samples $n" "CMake (Samples/$s/CMakeLists.txt)" "$conf" "$builds" "$links" "$code" "$edits" "$note"
  done
fi

# ---- table ---------------------------------------------------------------------------
if [[ $MD -eq 1 ]]; then
  echo "| project | build system | configures | builds | links | $ARCH code | hand edits | first error |"
  echo "|---|---|---|---|---|---|---|---|"
  for r in "${ROWS[@]}"; do
    IFS='|' read -r p bs c bu l g e n <<<"$r"
    echo "| $p | $bs | $c | $bu | $l | $g | $e | ${n:+\`$n\`} |"
  done
else
  printf '%-38s %-6s %-10s %-6s %-6s %-10s %-6s %s\n' PROJECT BUILD CONFIGURES BUILDS LINKS GPU-CODE EDITS "FIRST ERROR"
  for r in "${ROWS[@]}"; do
    IFS='|' read -r p bs c bu l g e n <<<"$r"
    printf '%-38s %-6s %-10s %-6s %-6s %-10s %-6s %s\n' "$p" "${bs%% *}" "$c" "$bu" "$l" "$g" "$e" "$n"
  done
fi
echo "build-ported-projects: ${#ROWS[@]} programs, $FAILS short of linking; work dir $WORK" >&2
[[ $FAILS -eq 0 ]] || exit 1
