#!/usr/bin/env bash
# gpu-parity.sh — build, run and compare the four sample trainers on an NVIDIA GPU: the CUDA
# originals (nvcc), their HIP ports made by cu2hip (built for NVIDIA with nvcc
# -D__HIP_PLATFORM_NVIDIA__ and Debian 12's HIP 5.2 headers patched for CUDA 13), and the CPU
# references; prints sample, steps, max relative difference, CUDA ms/step, HIP ms/step, ratio.
# docs/design.md "Verification ladder", step 3; docs/parity.md explains tolerances and results.
#
# Usage: scripts/gpu-parity.sh [--dir DIR] [--phase all|build|run|compare] [--arch sm_XX]
#                              [--samples "a b"] [--cpu-full] [--update-golden]
#   build    (needs nvcc, g++, zlib, build/tool/cu2hip, runtime/hip-nvidia/make-headers.sh):
#            ports samples/ into DIR/ports, makes DIR/hip-include, builds DIR/bin/<s>_{cuda,hip,
#            cpu}, copies the data files into DIR/data. No GPU needed.
#   run      (needs an NVIDIA GPU; only DIR and this script): runs every binary in small and
#            full mode (CPU references: small; with --cpu-full also full, except samples named
#            in $CU2HIP_CPU_FULL_SKIP) writing
#            DIR/traces/<sample>.<mode>.<impl>.jsonl and DIR/logs/.
#   compare  (needs cu2hip-parity: build/bin or build/tool/parity, or $CU2HIP_PARITY): CUDA vs
#            HIP (default tolerances), CPU reference vs CUDA (--min-rtol $CPU_RTOL, see
#            docs/parity.md), HIP vs the committed golden CUDA traces; prints the table and
#            writes DIR/parity-table.md. --update-golden copies the CUDA traces to samples/golden.
#   all      build + run + compare (default).
# The phases can run on different machines: build here, carry DIR to the GPU machine, run,
# bring DIR/traces back, compare. Exit status: 0 all within tolerance, 1 a mismatch or a
# failed program, 2 a setup error.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DIR=$ROOT/build/gpu-parity
PHASE=all
ARCH=${CU2HIP_CUDA_ARCH:-sm_90}
SAMPLES="policy_gradient_cartpole dqn_replay mlp_digits tiny_transformer"
CPU_FULL=0
UPDATE_GOLDEN=0
CPU_RTOL=${CU2HIP_CPU_RTOL:-1e-3}
REPS=${CU2HIP_TIMING_REPS:-11}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}

die() { echo "gpu-parity: error: $*" >&2; exit 2; }
log() { echo "gpu-parity: $*"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --dir) DIR=$(realpath -m "$2"); shift ;;
    --phase) PHASE=$2; shift ;;
    --arch) ARCH=$2; shift ;;
    --samples) SAMPLES=$2; shift ;;
    --cpu-full) CPU_FULL=1 ;;
    --update-golden) UPDATE_GOLDEN=1 ;;
    -h|--help) sed -n '2,27p' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
  shift
done
case "$PHASE" in all|build|run|compare) ;; *) die "--phase must be all, build, run or compare" ;; esac

data_args() { # sample -> --data argument for the run phase
  case "$1" in
    mlp_digits) echo "--data $DIR/data/digits.csv.gz" ;;
    tiny_transformer) echo "--data $DIR/data/GPL-3" ;;
  esac
}

phase_build() {
  [[ -x $NVCC ]] || die "nvcc not found (set NVCC)"
  local CU2HIP=${CU2HIP:-$ROOT/build/tool/cu2hip}
  [[ -x $CU2HIP ]] || die "porter not built: $CU2HIP (cmake --build build)"
  mkdir -p "$DIR"/{bin,data,logs}
  rm -rf "$DIR/ports"
  log "porting samples/ -> $DIR/ports"
  "$CU2HIP" --in-root "$ROOT/samples" --out-root "$DIR/ports" --no-summary -- \
      -I "$ROOT/runtime/include" >"$DIR/logs/cu2hip.log" 2>&1 \
    || { cat "$DIR/logs/cu2hip.log"; die "cu2hip failed"; }
  log "HIP-on-NVIDIA headers -> $DIR/hip-include"
  rm -rf "$DIR/hip-include"
  bash "$ROOT/runtime/hip-nvidia/make-headers.sh" "$DIR/hip-include" >"$DIR/logs/make-headers.log" 2>&1 \
    || { cat "$DIR/logs/make-headers.log"; die "make-headers.sh failed"; }
  local digits text
  digits=$(dpkg -L python3-sklearn 2>/dev/null | grep '/digits.csv.gz$' | head -1)
  [[ -n $digits ]] || digits=/usr/lib/python3/dist-packages/sklearn/datasets/data/digits.csv.gz
  text=/usr/share/common-licenses/GPL-3
  cp "$digits" "$DIR/data/digits.csv.gz" || die "digits.csv.gz not found (apt-get install python3-sklearn)"
  cp "$text" "$DIR/data/GPL-3" || die "$text not found"
  # -static-libstdc++: the binaries are carried to the GPU machine, whose image may differ.
  local common=(-O2 -std=c++17 -I "$ROOT/runtime/include")
  local link=(-lcublas -lz -Xcompiler -static-libstdc++ -Xcompiler -static-libgcc)
  # HIP 5.2's NVIDIA headers lack the ROCm>=6 spelling hipHostAllocMapped that cu2hip emits
  # for cudaHostAllocMapped (same value as hipHostMallocMapped): see docs/parity.md.
  local hipdefs=(-D__HIP_PLATFORM_NVIDIA__ -DhipHostAllocMapped=hipHostMallocMapped
                 -I "$DIR/hip-include" -I "$ROOT/samples/common/hipblas_nvidia")
  local pids=() s
  for s in $SAMPLES; do
    ( "$NVCC" "${common[@]}" -arch="$ARCH" "$ROOT/samples/$s/$s.cu" -o "$DIR/bin/${s}_cuda" "${link[@]}" \
        >"$DIR/logs/build-${s}_cuda.log" 2>&1 ) & pids+=($!)
    ( "$NVCC" "${common[@]}" -arch="$ARCH" "${hipdefs[@]}" -x cu "$DIR/ports/$s/$s.cu" \
        -o "$DIR/bin/${s}_hip" "${link[@]}" >"$DIR/logs/build-${s}_hip.log" 2>&1 ) & pids+=($!)
    ( g++ "${common[@]}" -ffp-contract=off "$ROOT/samples/$s/${s}_ref.cpp" -o "$DIR/bin/${s}_cpu" \
        -lz -static-libstdc++ -static-libgcc >"$DIR/logs/build-${s}_cpu.log" 2>&1 ) & pids+=($!)
  done
  local rc=0 p
  for p in "${pids[@]}"; do wait "$p" || rc=1; done
  for s in $SAMPLES; do
    for impl in cuda hip cpu; do
      if [[ -x $DIR/bin/${s}_$impl ]]; then log "built ${s}_$impl"
      else log "BUILD FAILED ${s}_$impl:"; tail -20 "$DIR/logs/build-${s}_$impl.log"; rc=1; fi
    done
  done
  cp "$0" "$DIR/gpu-parity.sh"
  return $rc
}

# Whether each port's device code is the original's: the SASS of the two binaries with the
# instruction addresses and encodings dropped (cuobjdump is on the GPU machine, not here).
# Writes DIR/logs/sass.txt: "<sample> identical|differs (N vs M instructions)".
sass_check() {
  command -v cuobjdump >/dev/null || return 0
  local s impl
  : >"$DIR/logs/sass.txt"
  for s in $SAMPLES; do
    for impl in cuda hip; do
      cuobjdump --dump-sass "$DIR/bin/${s}_$impl" 2>/dev/null | grep -E '^\s+/\*[0-9a-f]{4}\*/' \
        | sed -E 's@/\*[0-9a-f]{4}\*/@@; s@;.*@@' >"$DIR/logs/sass-$s.$impl.txt"
    done
    if cmp -s "$DIR/logs/sass-$s.cuda.txt" "$DIR/logs/sass-$s.hip.txt"; then
      echo "$s identical ($(wc -l <"$DIR/logs/sass-$s.cuda.txt") instructions)" >>"$DIR/logs/sass.txt"
    else
      echo "$s differs ($(wc -l <"$DIR/logs/sass-$s.cuda.txt") vs $(wc -l <"$DIR/logs/sass-$s.hip.txt") instructions)" >>"$DIR/logs/sass.txt"
    fi
  done
}

phase_run() {
  command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader \
    | tee "$DIR/logs/gpu.txt"
  export LD_LIBRARY_PATH=/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  mkdir -p "$DIR/traces" "$DIR/logs"
  local rc=0 s mode impl bg=()
  for s in $SAMPLES; do
    for mode in small full; do
      local flag=""; [[ $mode == small ]] && flag=--small
      # CPU references in the background (they run on the host cores, not the GPU)
      if [[ $mode == small || ( $CPU_FULL -eq 1 && " ${CU2HIP_CPU_FULL_SKIP:-} " != *" $s "* ) ]]; then
        ( "$DIR/bin/${s}_cpu" $flag --quiet $(data_args "$s") \
            --trace "$DIR/traces/$s.$mode.cpu.jsonl" >"$DIR/logs/run-$s.$mode.cpu.log" 2>&1 ) & bg+=($!)
      fi
      for impl in cuda hip; do
        if ! "$DIR/bin/${s}_$impl" $flag --quiet $(data_args "$s") \
            --trace "$DIR/traces/$s.$mode.$impl.jsonl" >"$DIR/logs/run-$s.$mode.$impl.log" 2>&1; then
          log "RUN FAILED $s $mode $impl"; tail -5 "$DIR/logs/run-$s.$mode.$impl.log"; rc=1
        else
          tail -1 "$DIR/logs/run-$s.$mode.$impl.log"
        fi
      done
    done
  done
  # Timing: $REPS more full-mode runs per implementation, alternating CUDA and HIP, after
  # the CPU references have finished (they share the host cores with the launch-bound
  # programs); the compare phase reports the median ms/step and a bootstrap interval of the
  # ratio (step 0, which pays one-time setup, is excluded by the programs themselves).
  local p
  for p in "${bg[@]}"; do wait "$p" || rc=1; done
  bg=()
  sass_check
  mkdir -p "$DIR/timing"
  local r
  for s in $SAMPLES; do
    for ((r = 1; r <= REPS; r++)); do
      for impl in cuda hip; do
        "$DIR/bin/${s}_$impl" --quiet $(data_args "$s") --trace "$DIR/timing/$s.$impl.$r.jsonl" \
          >/dev/null 2>&1 || { log "TIMING RUN FAILED $s $impl $r"; rc=1; }
      done
    done
  done
  return $rc
}

find_parity() {
  local c
  for c in "${CU2HIP_PARITY:-}" "$ROOT/build/bin/cu2hip-parity" "$ROOT/build/tool/parity/cu2hip-parity" \
           "$ROOT/build/tool/bin/cu2hip-parity" "$ROOT/build/parity/bin/cu2hip-parity"; do
    [[ -n $c && -x $c ]] && "$c" --help >/dev/null 2>&1 && { echo "$c"; return 0; }
  done
  return 1
}

perf_of() { # trace -> ms_per_step
  sed -n 's/.*"type":"perf","name":"ms_per_step","value":\([^}]*\)}.*/\1/p' "$1" 2>/dev/null | head -1
}
median_perf() { # sample impl fallback-trace -> median ms/step over timing runs (+ the trace)
  local f vals=()
  for f in "$DIR/timing/$1.$2."*.jsonl "$3"; do [[ -f $f ]] && vals+=("$(perf_of "$f")"); done
  printf '%s\n' "${vals[@]}" | sort -g | awk '{a[NR]=$1} END{ if (NR) print a[int((NR+1)/2)]; else print 0 }'
}
ratio_interval() { # sample -> "lo-hi": 90% bootstrap interval of median(HIP)/median(CUDA)
  python3 - "$DIR/timing" "$1" <<'PY' 2>/dev/null || echo "-"
import glob, json, random, statistics, sys
def runs(impl):
    out = []
    for f in glob.glob(f"{sys.argv[1]}/{sys.argv[2]}.{impl}.*.jsonl"):
        for line in open(f):
            r = json.loads(line)
            if r.get("type") == "perf" and r.get("name") == "ms_per_step":
                out.append(float(r["value"]))
    return out
c, h = runs("cuda"), runs("hip")
if len(c) < 3 or len(h) < 3:
    print("-"); sys.exit()
rng = random.Random(1)
rs = sorted(statistics.median(rng.choices(h, k=len(h))) / statistics.median(rng.choices(c, k=len(c)))
            for _ in range(2000))
print(f"{rs[100]:.3f}-{rs[1899]:.3f} (n={len(c)})")
PY
}
steps_of() { sed -n 's/.*"steps":"\([0-9]*\)".*/\1/p' "$1" 2>/dev/null | head -1; }
field() { sed -n "s/.* $2=\([^ ]*\).*/\1/p" <<<"$1"; }

phase_compare() {
  local P
  P=$(find_parity) || { log "compare skipped: cu2hip-parity is not runnable here; run"
                        log "  scripts/gpu-parity.sh --phase compare --dir $DIR   where it is"; return 0; }
  local rc=0 s mode table="$DIR/parity-table.md"
  local ts; ts=$(date -u +%Y-%m-%dT%H:%MZ)
  local gpu; gpu=$(cat "$DIR/logs/gpu.txt" 2>/dev/null | head -1)
  {
    echo "| sample | mode | steps | max rel diff CUDA/HIP | CUDA ms/step (median) | HIP ms/step (median) | HIP/CUDA | 90% interval | CPU ref vs CUDA (small) | HIP vs golden | result |"
    echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
  } >"$table.tmp"
  mkdir -p "$DIR/compare"
  for s in $SAMPLES; do
    for mode in small full; do
      local C=$DIR/traces/$s.$mode.cuda.jsonl H=$DIR/traces/$s.$mode.hip.jsonl
      [[ -f $C && -f $H ]] || { log "no traces for $s $mode"; rc=1; continue; }
      local out res cpu="-" gold="-" status
      out=$("$P" "$C" "$H" 2>&1); res=$?
      echo "$out" >"$DIR/compare/$s.$mode.cuda-hip.txt"
      status=$([[ $res -eq 0 ]] && echo PASS || echo FAIL)
      [[ $res -eq 0 ]] || { rc=1; echo "$out"; }
      local sum; sum=$(tail -1 <<<"$out")
      local X=$DIR/traces/$s.$mode.cpu.jsonl
      if [[ -f $X ]]; then
        local o2 r2; o2=$("$P" --min-rtol "$CPU_RTOL" --min-atol 1e-4 "$C" "$X" 2>&1); r2=$?
        echo "$o2" >"$DIR/compare/$s.$mode.cuda-cpu.txt"
        cpu="$(field "$(tail -1 <<<"$o2")" max_rel) ($([[ $r2 -eq 0 ]] && echo within || echo "outside, first divergence step $(field "$(tail -1 <<<"$o2")" first_divergence)"))"
      fi
      local G=$ROOT/samples/golden/$s.$mode.cuda.jsonl
      if [[ -f $G ]]; then
        local o3 r3; o3=$("$P" "$G" "$H" 2>&1); r3=$?
        echo "$o3" >"$DIR/compare/$s.$mode.golden-hip.txt"
        gold=$([[ $r3 -eq 0 ]] && echo PASS || echo "FAIL@$(field "$(tail -1 <<<"$o3")" first_divergence)")
      fi
      local mc mh ratio ci=-
      mc=$(median_perf "$s" cuda "$C"); mh=$(median_perf "$s" hip "$H")
      if [[ $mode == small ]]; then mc=$(perf_of "$C"); mh=$(perf_of "$H")
      else ci=$(ratio_interval "$s"); fi
      ratio=$(awk -v a="$mc" -v b="$mh" 'BEGIN{ if (a>0) printf "%.4f", b/a; else print "-" }')
      printf '| %s | %s | %s | %s | %.4f | %.4f | %s | %s | %s | %s | %s |\n' "$s" "$mode" "$(steps_of "$C")" \
        "$(field "$sum" max_rel)" "$mc" "$mh" "$ratio" "$ci" "$cpu" "$gold" "$status" >>"$table.tmp"
    done
  done
  { echo "gpu-parity: $ts, GPU: ${gpu:-unknown}, arch $ARCH"; echo; cat "$table.tmp"; } >"$table"
  rm -f "$table.tmp"
  if [[ -s $DIR/logs/sass.txt ]]; then
    { echo; echo "Device code (SASS, cuobjdump on the GPU machine):"; sed 's/^/- /' "$DIR/logs/sass.txt"; } >>"$table"
  fi
  echo; cat "$table"; echo
  if [[ $UPDATE_GOLDEN -eq 1 ]]; then
    mkdir -p "$ROOT/samples/golden"
    cp "$DIR"/traces/*.cuda.jsonl "$ROOT/samples/golden/"
    log "golden traces updated in samples/golden/"
  fi
  return $rc
}

RC=0
if [[ $PHASE == all || $PHASE == build ]]; then phase_build || RC=1; fi
if [[ $PHASE == all || $PHASE == run ]]; then phase_run || RC=1; fi
if [[ $PHASE == all || $PHASE == compare ]]; then phase_compare || RC=1; fi
exit $RC
