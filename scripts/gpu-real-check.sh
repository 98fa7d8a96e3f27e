#!/usr/bin/env bash
# gpu-real-check.sh — run real CUDA programs and their cu2hip ports side by side on an NVIDIA
# GPU (docs/design.md ladder step 3): the CUDA original built with nvcc, the HIP port built with nvcc
# for HIP's NVIDIA platform (Debian 12's HIP 5.2 headers patched for CUDA 13). Both must exit 0
# and print the same self-check verdicts; their output is compared line by line after dropping
# timing lines. Nothing of the programs is kept in the repository: pass their directories.
#
# Usage: scripts/gpu-real-check.sh --phase build --orig DIR --port DIR --out DIR [--set NAME=VALUE]... PROG=SRC[,SRC..]...
#        scripts/gpu-real-check.sh --phase run --out DIR [PROG[:ARGS]]...   (on the GPU machine)
#   build: compiles DIR/bin/<prog>.cuda and DIR/bin/<prog>.hip here (nvcc; no GPU needed)
#   --set NAME=VALUE  size override applied to copies of both trees (as in real-emu-check.sh):
#          every `int/int64_t/long/size_t/unsigned NAME = ...;` gets VALUE, e.g. --set B=2
#   run:   runs every pair, prints prog, exit codes, verdict lines equal?, seconds CUDA/HIP, the
#          self-check verdict of each (e.g. llm.c's "All results match") and the median of the
#          program's own timings ("time N ms" lines) for CUDA and HIP with their ratio;
#          PROG:ARGS runs a built program with arguments (e.g. matmul_forward:3 for llm.c's kernel 3)
# Env (build): CU2HIP_NVCC_FLAGS extra nvcc flags for both (e.g. "-Xcompiler -fopenmp");
#   CU2HIP_BUILD_JOBS programs built at once (default 1).
# Env (run): CU2HIP_RUN_TIMEOUT seconds each binary may run (default 120);
#   CU2HIP_KREC_DIR: binaries built from `cu2hip --instrument` trees (the port and its
#   --instrument-out CUDA copy) record their launches into DIR/<prog>.{cuda,hip}.jsonl
#   (compare them with `cu2hip compare`; CU2HIP_KREC_LAUNCHES bounds the launches);
#   CU2HIP_RUN_PARALLEL pairs run at once (default 1; more for verdict sweeps only).
# Example PROG=SRC: reduction=2_Concepts_and_Techniques/reduction/reduction.cpp,2_Concepts_and_Techniques/reduction/reduction_kernel.cu
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PHASE=; ORIG=; PORT=; OUT=; ARCH=${CU2HIP_CUDA_ARCH:-sm_90}; PROGS=(); SETS=()
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
while [[ $# -gt 0 ]]; do
  case "$1" in
    --phase) PHASE=$2; shift ;;
    --orig) ORIG=$(realpath "$2"); shift ;;
    --port) PORT=$(realpath "$2"); shift ;;
    --out) OUT=$(realpath -m "$2"); shift ;;
    --arch) ARCH=$2; shift ;;
    --set) SETS+=("$2"); shift ;;
    -*) echo "gpu-real-check: unknown argument $1" >&2; exit 2 ;;
    *) PROGS+=("$1") ;;
  esac
  shift
done
[[ -n $OUT ]] || { sed -n '2,15p' "$0"; exit 2; }

if [[ $PHASE == build ]]; then
  for p in "${PROGS[@]}"; do
    [[ $p == *=* ]] || { echo "gpu-real-check: build wants PROG=SRC[,SRC..], not $p" >&2; exit 2; }
  done
  mkdir -p "$OUT/bin" "$OUT/logs"
  if [[ ${#SETS[@]} -gt 0 ]]; then
    # shellcheck source=lib/size-overrides.sh
    source "$ROOT/scripts/lib/size-overrides.sh"
    rm -rf "$OUT/src"; mkdir -p "$OUT/src/orig" "$OUT/src/port"
    cp -r "$ORIG/." "$OUT/src/orig/"; cp -r "$PORT/." "$OUT/src/port/"
    apply_size_overrides gpu-real-check "$OUT/src/orig" "${SETS[@]}"
    apply_size_overrides gpu-real-check "$OUT/src/port" "${SETS[@]}"
    ORIG=$OUT/src/orig; PORT=$OUT/src/port
  fi
  [[ -d $OUT/hipnv ]] || bash "$ROOT/runtime/hip-nvidia/make-headers.sh" "$OUT/hipnv" >/dev/null
  : > "$OUT/progs.txt"
  build_one() {
    local p=$1 name srcs f o h files
    name=${p%%=*}; srcs=${p#*=}
    IFS=, read -r -a files <<<"$srcs"
    o=(); h=()
    for f in "${files[@]}"; do o+=("$ORIG/$f"); h+=("$PORT/$f"); done
    # shellcheck disable=SC2206
    common=(-std=c++17 -O2 -arch="$ARCH" -w -lcublas -lcublasLt ${CU2HIP_NVCC_FLAGS:-})
    # runtime/include on both sides: an instrumented CUDA copy (cu2hip --instrument-out)
    # includes <cu2hip/krec.h>.
    if "$NVCC" "${common[@]}" -I "$ORIG/Common" -I "$ROOT/runtime/include" -x cu "${o[@]}" -o "$OUT/bin/$name.cuda" \
         >"$OUT/logs/$name.cuda.build" 2>&1 &&
       "$NVCC" "${common[@]}" -D__HIP_PLATFORM_NVIDIA__ -I "$OUT/hipnv" -I "$ROOT/runtime/include" \
         -I "$ROOT/runtime/hip-nvidia/blas_nvidia" -I "$PORT/Common" -x cu "${h[@]}" -o "$OUT/bin/$name.hip" >"$OUT/logs/$name.hip.build" 2>&1; then
      echo "$name" >> "$OUT/progs.txt"; echo "built $name"
    else
      echo "BUILD FAILED $name:"; grep -h -m 5 error "$OUT"/logs/$name.*.build
    fi
  }
  jobs_max=${CU2HIP_BUILD_JOBS:-1}
  for p in "${PROGS[@]}"; do
    while [[ $(jobs -rp | wc -l) -ge $jobs_max ]]; do wait -n; done
    build_one "$p" &
  done
  wait
  sort -o "$OUT/progs.txt" "$OUT/progs.txt"   # parallel builds finish in any order
  exit 0
fi

if [[ $PHASE == run ]]; then
  # Self-check verdict of one program's output: ok, FAIL (a mismatch line) or '-' (none printed).
  verdict() {
    if grep -qiE 'mismatch|not match|incorrect|FAILED' "$1"; then echo FAIL
    elif grep -qiE 'all results match|results match|PASSED|Test passed' "$1"; then echo ok
    else echo -; fi
  }
  # Median of the program's own "time N ms" readings, CPU timings left out ('-' when none).
  median_ms() {
    grep -viE 'time cpu' "$1" | grep -oiE 'time[^0-9]*[0-9]+\.?[0-9]*[[:space:]]*ms' | grep -oE '[0-9]+\.?[0-9]*' |
      sort -g | awk '{v[NR]=$1} END{if(NR==0){print "-"} else if(NR%2){print v[(NR+1)/2]}
                                     else {print (v[NR/2]+v[NR/2+1])/2}}'
  }
  # Drop timing/throughput and device-name lines before comparing.
  norm() { grep -viE 'time|msec|ms\b|GB/s|GFlop|throughput|elapsed|device|GPU|CUDA|HIP|sec' "$1" | sed 's/[0-9]\+\.[0-9]\+e[-+][0-9]\+//g'; }
  # run1 BINARY LOG ARGS...: prints "exit-code seconds".
  run1() {
    local bin=$1 log=$2 s e rc; shift 2
    s=$(date +%s.%N)
    # With CU2HIP_KREC_DIR, an instrumented binary records its launches (docs/parity.md).
    [[ -n ${CU2HIP_KREC_DIR:-} ]] && export CU2HIP_KREC="$CU2HIP_KREC_DIR/$(basename "${log%.out}").jsonl"
    (cd "$OUT/bin" && timeout "${CU2HIP_RUN_TIMEOUT:-120}" "./$bin" "$@" >"$log" 2>&1); rc=$?
    e=$(date +%s.%N); echo "$rc $(awk -v a="$s" -v b="$e" 'BEGIN{print b-a}')"
  }
  # run_pair NAME[:ARGS]: runs the CUDA and the HIP binary with ARGS (space separated) and
  # prints one row; returns 1 unless both exit 0 with the same output.
  run_pair() {
    local spec=$1 name tag args rc1 t1 rc2 t2 same v1 v2 m1 m2 ratio
    name=${spec%%:*}; args=; [[ $spec == *:* ]] && args=${spec#*:}
    tag=$name; [[ -n $args ]] && tag="$name.${args// /_}"
    # shellcheck disable=SC2086
    read -r rc1 t1 < <(run1 "$name.cuda" "$OUT/logs/$tag.cuda.out" $args)
    # shellcheck disable=SC2086
    read -r rc2 t2 < <(run1 "$name.hip" "$OUT/logs/$tag.hip.out" $args)
    if diff <(norm "$OUT/logs/$tag.cuda.out") <(norm "$OUT/logs/$tag.hip.out") >"$OUT/logs/$tag.diff"; then same=yes; else same=NO; fi
    v1=$(verdict "$OUT/logs/$tag.cuda.out"); v2=$(verdict "$OUT/logs/$tag.hip.out")
    m1=$(median_ms "$OUT/logs/$tag.cuda.out"); m2=$(median_ms "$OUT/logs/$tag.hip.out")
    ratio=$(awk -v a="$m1" -v b="$m2" 'BEGIN{if(a=="-"||b=="-"||a==0){print "-"} else printf "%.3f", b/a}')
    printf '%-26s %5s %5s %-10s %9.3f %9.3f %-8s %-8s %10s %10s %6s\n' "${spec/:/ }" "$rc1" "$rc2" \
      "$same" "$t1" "$t2" "$v1" "$v2" "$m1" "$m2" "$ratio"
    [[ $rc1 == 0 && $rc2 == 0 && $same == yes ]]
  }
  printf '%-26s %5s %5s %-10s %9s %9s %-8s %-8s %10s %10s %6s\n' program rc_cu rc_hip same-out \
    cuda_s hip_s ok_cu ok_hip cuda_ms hip_ms ratio
  # Without PROG[:ARGS] operands: every built program, one at a time, without arguments.
  [[ ${#PROGS[@]} -gt 0 ]] || mapfile -t PROGS < "$OUT/progs.txt"
  par=${CU2HIP_RUN_PARALLEL:-1}
  [[ $par == 1 ]] || echo "($par pairs at once, rows in the order they finish: timings are not comparable across rows)"
  # Each row is printed when its pair finishes (one write), so a run stopped early keeps its rows.
  bad=$(mktemp -d "${TMPDIR:-/tmp}/gpu-real-check.XXXXXX"); trap 'rm -rf "$bad"' EXIT
  i=0
  for spec in "${PROGS[@]}"; do
    while [[ $(jobs -rp | wc -l) -ge $par ]]; do wait -n; done
    i=$((i + 1))
    { run_pair "$spec" || touch "$bad/$i"; } &
    [[ $par == 1 ]] && wait
  done
  wait
  [[ -z $(ls -A "$bad") ]]
  exit $?
fi
echo "gpu-real-check: --phase build|run" >&2; exit 2
