#!/usr/bin/env bash
# gpu-llmc-trainer.sh - llm.c's GPT-2 trainer, CUDA original against cu2hip's port, on an NVIDIA
# GPU: every loss and validation line, step times, and per-kernel traces (cu2hip --instrument).
#
# Phases (they may run on different machines):
#   --phase prepare --llmc DIR --dir CARRY   (here: needs cu2hip, python3, Debian's HIP headers)
#       trims llm.c to the trainers (train_gpt2.cu, train_gpt2_fp32.cu, llmc/), ports it with
#       cu2hip's defaults (CARRY/port) and with --instrument (CARRY/port-i, and the instrumented
#       CUDA copy CARRY/cuda-i), copies the original (CARRY/cuda) with the one-line CUDA 13 fix
#       (cudaMemAdvise takes a cudaMemLocation), makes the HIP-on-NVIDIA headers
#       (CARRY/hipnv), writes token files (scripts/llmc-data.py: CARRY/data) and copies
#       cu2hip's runtime headers (CARRY/rt) and this script.
#   --phase run --dir CARRY --out OUT        (GPU machine: needs nvcc; no LLVM, no cu2hip)
#       builds every binary with nvcc in parallel (-arch=sm_90 unless CU2HIP_ARCH), runs
#       bf16 and fp32 mode of train_gpt2.cu and train_gpt2_fp32.cu, CUDA and port alternating,
#       REPS times (default 3) for 40 steps at B=8, T=256 (-e d6, from scratch); the
#       instrumented bf16 trainer without recording, with checksums, with sampled values;
#       reference traces at B=1, T=64 (2 steps, for the emulator) and CUDA-vs-port traces;
#       writes logs and traces into OUT/llmc-results-PART.tar.gz. --part A: build, timing and
#       overhead runs; --part B: the traces (reusing A's binaries on a warm machine); --part C:
#       the overhead runs and the wave program's trace; --part E: references for the
#       emulator (the CUDA original with IEEE math: no fast math, no FMA contraction);
#       default all (A, B).
#   --phase compare --results DIR            (here: needs cu2hip for `cu2hip compare`)
#       loss lines equal?, median step times and ratio, instrumentation overhead, and
#       `cu2hip compare` of the traces; prints Markdown tables.
# Env: CU2HIP (the cu2hip binary, default build/tool/cu2hip), REPS, STEPS (40), CU2HIP_ARCH.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
die() { echo "gpu-llmc-trainer: error: $*" >&2; exit 2; }

PHASE= LLMC= DIR= OUT= RESULTS= PART=
while [[ $# -gt 0 ]]; do
  case $1 in
    --phase) PHASE=$2; shift 2 ;;
    --llmc) LLMC=$2; shift 2 ;;
    --dir) DIR=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    --results) RESULTS=$2; shift 2 ;;
    --part) PART=$2; shift 2 ;;
    *) die "unknown argument $1" ;;
  esac
done

# The CUDA 13 fix: CUDA 13's cudaMemAdvise takes a cudaMemLocation, not a device id.
cuda13_fix() {
  sed -i 's/cudaMemAdviseSetPreferredLocation, cudaCpuDeviceId)/cudaMemAdviseSetPreferredLocation, cudaMemLocation{cudaMemLocationTypeHost, 0})/' \
    "$1/llmc/cuda_utils.cuh"
  grep -q 'cudaMemLocation{cudaMemLocationTypeHost, 0}' "$1/llmc/cuda_utils.cuh" ||
    die "CUDA 13 fix did not apply to $1/llmc/cuda_utils.cuh"
}

prepare() {
  [[ -n $LLMC && -n $DIR ]] || die "prepare needs --llmc DIR --dir CARRY"
  local CU2HIP=${CU2HIP:-$ROOT/build/tool/cu2hip} src=$DIR/src
  rm -rf "$DIR" && mkdir -p "$src"
  cp "$LLMC/train_gpt2.cu" "$LLMC/train_gpt2_fp32.cu" "$src/"
  cp -r "$LLMC/llmc" "$src/llmc"
  "$CU2HIP" --quiet -j2 --in-root "$src" --out-root "$DIR/port" -- -I"$src"
  "$CU2HIP" --quiet -j2 --instrument --in-root "$src" --out-root "$DIR/port-i" \
    --instrument-out "$DIR/cuda-i" -- -I"$src"
  cp -r "$src" "$DIR/cuda"
  cuda13_fix "$DIR/cuda"
  cuda13_fix "$DIR/cuda-i"
  "$ROOT/runtime/hip-nvidia/make-headers.sh" "$DIR/hipnv" >/dev/null
  cp -r "$ROOT/runtime/hip-nvidia/blas_nvidia" "$DIR/blasnv"
  cp -r "$ROOT/runtime/include" "$DIR/rt"
  python3 "$ROOT/scripts/llmc-data.py" "$DIR/data" >/dev/null
  # The wave program of test/emu/krec, instrumented, for its CUDA reference trace.
  "$CU2HIP" --quiet --instrument --in-root "$ROOT/test/emu/krec" --out-root "$DIR/wave-port" \
    --instrument-out "$DIR/wave-cuda-i" -- -I"$ROOT/runtime/include"
  cp "${BASH_SOURCE[0]}" "$DIR/gpu-llmc-trainer.sh"
  cp "$ROOT/scripts/llmc-data.py" "$DIR/llmc-data.py"
  du -sh "$DIR"
}

# nvcc command for one binary: build NAME TREE FILE HIP(0/1) EXTRA... (math flags: $MATH,
# default --use_fast_math as llm.c's Makefile)
build_one() {
  local name=$1 tree=$2 file=$3 hip=$4
  shift 4
  local inc=(-I"$DIR/$tree" -I"$DIR/rt")
  [[ $hip == 1 ]] && inc+=(-D__HIP_PLATFORM_NVIDIA__ -I"$DIR/hipnv" -I"$DIR/blasnv" -x cu)
  nvcc ${MATH:---use_fast_math} -std=c++17 -O3 -arch="${CU2HIP_ARCH:-sm_90}" "${inc[@]}" "$@" \
    "$DIR/$tree/$file" -o "$BIN/$name" -lcublas -lcublasLt "${NVML_LINK[@]}" \
    >"$BIN/$name.build.log" 2>&1 ||
    echo "BUILD FAILED: $name" >>"$BIN/failed"
}

# llmc/mfu.h uses NVML when <nvml.h> is there: NVML_LINK = the stub library to link, else
# the driver's.
nvml_link() {
  NVML_LINK=()
  local d
  for d in /usr/local/cuda/lib64/stubs /usr/local/cuda/targets/x86_64-linux/lib/stubs; do
    [[ -f $d/libnvidia-ml.so ]] && { NVML_LINK=(-L"$d" -lnvidia-ml); break; }
  done
  if [[ ${#NVML_LINK[@]} -eq 0 ]]; then
    d=$(ls /usr/lib/x86_64-linux-gnu/libnvidia-ml.so* /usr/lib64/libnvidia-ml.so* 2>/dev/null | head -n 1)
    [[ -n $d ]] && NVML_LINK=("$d")
  fi
}

build_all() {
  mkdir -p "$BIN"
  nvml_link
  echo "nvcc: $(nvcc --version | tail -n 1); NVML: ${NVML_LINK[*]:-none}"
  rm -f "$BIN/failed"
  local p=port pi=port-i
  build_one cuda_bf16 cuda train_gpt2.cu 0 -DENABLE_BF16 &
  build_one cuda_fp32 cuda train_gpt2.cu 0 -DENABLE_FP32 &
  build_one cuda_legacy cuda train_gpt2_fp32.cu 0 &
  build_one hip_bf16 $p train_gpt2.cu 1 -DENABLE_BF16 &
  build_one hip_fp32 $p train_gpt2.cu 1 -DENABLE_FP32 &
  build_one hip_legacy $p train_gpt2_fp32.cu 1 &
  build_one cudai_bf16 cuda-i train_gpt2.cu 0 -DENABLE_BF16 &
  build_one cudai_fp32 cuda-i train_gpt2.cu 0 -DENABLE_FP32 &
  build_one cudai_legacy cuda-i train_gpt2_fp32.cu 0 &
  build_one hipi_bf16 $pi train_gpt2.cu 1 -DENABLE_BF16 &
  build_one hipi_fp32 $pi train_gpt2.cu 1 -DENABLE_FP32 &
  build_one hipi_legacy $pi train_gpt2_fp32.cu 1 &
  build_one wave_cudai wave-cuda-i warp32_program.cu 0 &
  wait
  [[ -f $BIN/failed ]] && cat "$BIN/failed" && tail -n 20 "$BIN"/*.build.log | head -n 200
  return 0
}

# train NAME LOG ARGS...: one trainer run, from scratch, synthetic data. The legacy
# train_gpt2_fp32.cu (names *_legacy) starts from gpt2_124M.bin in its directory (a fresh d6
# checkpoint made by llmc-data.py) and runs one epoch of its train file (40 steps at B=8,
# T=256): it takes no -e, -x, -n, -h.
train() {
  local name=$1 log=$2
  shift 2
  [[ -x $BIN/$name ]] || { echo "missing $name" >"$log"; return 0; }
  if [[ $name == *_legacy ]]; then
    local a=() skip=0
    for x in "$@"; do  # drop -x N: the epoch's length is the file's
      if [[ $skip == 1 ]]; then skip=0; continue; fi
      [[ $x == -x ]] && { skip=1; continue; }
      a+=("$x")
    done
    (cd "$WORK/legacy" && timeout "${RUN_TIMEOUT:-150}" "$BIN/$name" \
      -i "$WORK/legacy/synth_train.bin" -j "$WORK/legacy/synth_val.bin" -s 100000 "${a[@]}") \
      >"$log" 2>&1 || echo "EXIT $?" >>"$log"
    return 0
  fi
  (cd "$WORK" && timeout "${RUN_TIMEOUT:-150}" "$BIN/$name" -e d6 -i "$DIR/data/synth_train.bin" -j "$DIR/data/synth_val.bin" \
    -n 0 -s 0 -h 0 "$@") >"$log" 2>&1 || echo "EXIT $?" >>"$log"
}

run() {
  [[ -n $DIR && -n $OUT ]] || die "run needs --dir CARRY --out OUT"
  DIR=$(cd "$DIR" && pwd)
  WORK=${WORK:-/tmp/llmc-work}
  BIN=$WORK/bin
  mkdir -p "$WORK/logs" "$WORK/traces"
  local t0=$SECONDS
  # Built once per machine: a second part on the same (warm) machine reuses the binaries.
  [[ -x $BIN/cuda_bf16 || ${PART:-all} == E ]] || build_all
  echo "build: $((SECONDS - t0)) s"
  if [[ ! -f $WORK/legacy/gpt2_124M.bin ]]; then
    python3 "$DIR/llmc-data.py" "$WORK/legacy" --train $((8 * 256 * ${STEPS:-40} + 1)) \
      --checkpoint "$WORK/legacy/gpt2_124M.bin"
  fi
  case ${PART:-all} in
    A) run_timing; run_overhead ;;
    B) run_traces ;;
    C) run_overhead; run_wave ;;
    E) run_strict ;;
    all) run_timing; run_overhead; run_traces ;;
  esac
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >"$WORK/logs/gpu.txt" || true
  cp "$BIN"/*.build.log "$WORK/logs/" 2>/dev/null || true
  tar -C "$WORK" -czf "$OUT/llmc-results-${PART:-all}.tar.gz" logs traces
  echo "total: $((SECONDS - t0)) s"
  ls -la "$OUT"
}

# Loss lines and step times: CUDA and port alternating, REPS times, 40 steps at B=8, T=256.
run_timing() {
  local L=$WORK/logs steps=${STEPS:-40} reps=${REPS:-3} t0=$SECONDS
  for r in $(seq 1 "$reps"); do
    for m in bf16 fp32 legacy; do
      train cuda_$m "$L/cuda_$m.$r.log" -b 8 -t 256 -x "$steps"
      train hip_$m "$L/hip_$m.$r.log" -b 8 -t 256 -x "$steps"
    done
  done
  echo "timing runs: $((SECONDS - t0)) s"
}

# Instrumentation overhead (bf16, 10 steps at B=8, T=256, one validation batch): the plain
# binary, the instrumented one not recording, recording checksums only, and recording 64
# sampled values per buffer (each recorded launch is synchronised and its buffers copied to
# the host and checksummed there).
run_overhead() {
  local L=$WORK/logs T=$WORK/traces t0=$SECONDS o=(-b 8 -t 256 -x 10 -m 1 -v 1000)
  for r in 1 2; do
    train cuda_bf16 "$L/ovh.cuda_bf16.$r.log" "${o[@]}"
    train cudai_bf16 "$L/ovh.cudai_bf16.off.$r.log" "${o[@]}"
    train hip_bf16 "$L/ovh.hip_bf16.$r.log" "${o[@]}"
    train hipi_bf16 "$L/ovh.hipi_bf16.off.$r.log" "${o[@]}"
  done
  CU2HIP_KREC=$T/ovh_sum.jsonl CU2HIP_KREC_VALUES=0 train cudai_bf16 "$L/ovh.cudai_bf16.sum.log" "${o[@]}"
  CU2HIP_KREC=$T/ovh_val.jsonl CU2HIP_KREC_VALUES=64 train cudai_bf16 "$L/ovh.cudai_bf16.val.log" "${o[@]}"
  CU2HIP_KREC=$T/ovh_hval.jsonl CU2HIP_KREC_VALUES=64 train hipi_bf16 "$L/ovh.hipi_bf16.val.log" "${o[@]}"
  ls -la "$T"/ovh_*.jsonl >"$L/overhead-traces.txt" 2>&1 || true
  rm -f "$T"/ovh_*.jsonl
  echo "overhead runs: $((SECONDS - t0)) s"
}

# Per-kernel traces: the emulator's size (B=1, T=64, 2 steps, one validation batch) for bf16
# and fp32 mode; B=8, T=256, first 2 steps, CUDA twice (noise floor) and the port, for all
# three programs; the wave program's CUDA trace.
run_traces() {
  local L=$WORK/logs T=$WORK/traces t0=$SECONDS
  local small=(-b 1 -t 64 -x 2 -m 1 -v 1000) mid=(-b 8 -t 256 -x 2 -m 2 -v 1000)
  # fp32 mode without TF32 (-f 0): the emulator's BLAS computes in full fp32.
  for m in bf16 fp32; do
    local f=()
    [[ $m == fp32 ]] && f=(-f 0)
    CU2HIP_KREC=$T/cuda_$m.small.jsonl train cudai_$m "$L/cudai_$m.small.log" "${small[@]}" "${f[@]}"
    CU2HIP_KREC=$T/hip_$m.small.jsonl train hipi_$m "$L/hipi_$m.small.log" "${small[@]}" "${f[@]}"
  done
  for m in bf16 fp32 legacy; do
    export CU2HIP_KREC_BYTES=16777216
    # The legacy trainer runs its whole epoch: record about its first two steps.
    if [[ $m == legacy ]]; then export CU2HIP_KREC_LAUNCHES=700; else unset CU2HIP_KREC_LAUNCHES; fi
    CU2HIP_KREC=$T/cuda_$m.big.jsonl train cudai_$m "$L/cudai_$m.big.log" "${mid[@]}"
    CU2HIP_KREC=$T/cuda_$m.big.2.jsonl train cudai_$m "$L/cudai_$m.big.2.log" "${mid[@]}"
    CU2HIP_KREC=$T/hip_$m.big.jsonl train hipi_$m "$L/hipi_$m.big.log" "${mid[@]}"
    unset CU2HIP_KREC_BYTES CU2HIP_KREC_LAUNCHES
  done
  run_wave
  echo "trace runs: $((SECONDS - t0)) s"
}

# References for the emulator: the instrumented CUDA original built with IEEE math (no
# --use_fast_math, no FMA contraction: the emulator's host build contracts nothing and
# calls libm), traces at the emulator's size (B=1, T=64, 2 steps) in bf16 and fp32 mode
# (fp32 without TF32), twice each (the second: the noise floor).
run_strict() {
  local L=$WORK/logs T=$WORK/traces t0=$SECONDS small=(-b 1 -t 64 -x 2 -m 1 -v 1000)
  mkdir -p "$BIN"
  nvml_link
  MATH="--fmad=false" build_one cudai_bf16_ieee cuda-i train_gpt2.cu 0 -DENABLE_BF16 &
  MATH="--fmad=false" build_one cudai_fp32_ieee cuda-i train_gpt2.cu 0 -DENABLE_FP32 &
  wait
  [[ -f $BIN/failed ]] && cat "$BIN/failed"
  echo "strict build: $((SECONDS - t0)) s"
  for m in bf16 fp32; do
    local f=()
    [[ $m == fp32 ]] && f=(-f 0)
    for r in 1 2; do
      CU2HIP_KREC=$T/cuda_${m}_ieee.small.$r.jsonl train cudai_${m}_ieee \
        "$L/cudai_${m}_ieee.small.$r.log" "${small[@]}" "${f[@]}"
    done
  done
  echo "strict traces: $((SECONDS - t0)) s"
}

# The CUDA trace of test/emu/krec/warp32_program.cu (committed as that test's reference).
run_wave() {
  [[ -x $BIN/wave_cudai ]] &&
    CU2HIP_KREC=$WORK/traces/warp32_program.cuda.jsonl "$BIN/wave_cudai" >"$WORK/logs/wave.log" 2>&1
  return 0
}

# Median of numbers on stdin.
median() { sort -g | awk '{a[NR]=$1} END {if (NR==0) print "-"; else if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

# Median step time (ms) of a log, the first step excluded: train_gpt2.cu's "| X ms |" field,
# train_gpt2_fp32.cu's "(X ms, ...)".
step_ms() {
  { grep -E '^step +[0-9]+/' "$1" || true; } | sed -nE 's/.*\| ([0-9.]+) ms \|.*/\1/p; s/.*\(([0-9.]+) ms,.*/\1/p' |
    awk 'NR>1' | median
}

# Every step time (ms) of a log but the first, one a line.
step_all() {
  { grep -E '^step +[0-9]+/' "$1" || true; } | sed -nE 's/.*\| ([0-9.]+) ms \|.*/\1/p' | awk 'NR>1'
}

# The loss and validation lines of a log, without timings.
loss_lines() { { grep -E '^(step +[0-9]+/|val loss)' "$1" || true; } | sed -E 's/\| lr .*//; s/ \([0-9.]+ ms,.*//'; }

compare() {
  [[ -n $RESULTS ]] || die "compare needs --results DIR"
  local CU2HIP=${CU2HIP:-$ROOT/build/tool/cu2hip} L=$RESULTS/logs T=$RESULTS/traces
  echo "| program | mode | loss+val lines | equal | CUDA ms/step | port ms/step | port/CUDA |"
  echo "| --- | --- | --- | --- | --- | --- | --- |"
  for m in bf16 fp32 legacy; do
    local eq=yes n c h
    for f in "$L"/cuda_$m.[0-9].log; do
      local r=${f##*/cuda_$m.}
      cmp -s <(loss_lines "$f") <(loss_lines "$L/hip_$m.$r") || eq=NO
    done
    n=$(loss_lines "$L/cuda_$m.1.log" | wc -l)
    c=$(for f in "$L"/cuda_$m.[0-9].log; do step_ms "$f"; done | median)
    h=$(for f in "$L"/hip_$m.[0-9].log; do step_ms "$f"; done | median)
    local prog=train_gpt2.cu
    [[ $m == legacy ]] && prog=train_gpt2_fp32.cu
    echo "| $prog | $m | $n | $eq | $c | $h | $(awk -v a="$c" -v b="$h" 'BEGIN{printf "%.3f", b/a}') |"
  done
  echo
  echo "| bf16 run, 10 steps | ms/step (median of steps 2-10, runs pooled) |"
  echo "| --- | --- |"
  local k
  for k in cuda_bf16 cudai_bf16.off hip_bf16 hipi_bf16.off cudai_bf16.sum cudai_bf16.val hipi_bf16.val; do
    local fs=("$L"/ovh.$k.*log)
    [[ -f ${fs[0]} ]] || fs=("$L/ovh.$k.log")
    echo "| $k | $(for f in "${fs[@]}"; do step_all "$f"; done | median) |"
  done
  echo
  for m in bf16 fp32 legacy; do
    echo "### $m, B=8 T=256, first 2 steps: port against CUDA (noise: a second CUDA run)"
    "$CU2HIP" compare "$T/cuda_$m.big.jsonl" "$T/hip_$m.big.jsonl" --noise "$T/cuda_$m.big.2.jsonl" || true
  done
}

case $PHASE in
  prepare) prepare ;;
  run) run ;;
  compare) compare ;;
  *) die "--phase prepare|run|compare" ;;
esac
