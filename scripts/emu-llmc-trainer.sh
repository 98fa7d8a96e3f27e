#!/usr/bin/env bash
# emu-llmc-trainer.sh - llm.c's GPT-2 trainer ported by cu2hip, run on the CPU SIMT emulator at
# a reduced size, recording every kernel launch (cu2hip --instrument), and compared with the
# CUDA original's trace recorded on an NVIDIA GPU (scripts/gpu-llmc-trainer.sh).
#
# Usage: scripts/emu-llmc-trainer.sh --llmc DIR --work DIR [--cuda-traces DIR] [--modes LIST]
#                                    [--waves LIST] [--sm-count N] [--steps N]
#   --llmc DIR         a karpathy/llm.c tree (train_gpt2.cu and llmc/ are taken)
#   --work DIR         where the port, the binaries, logs and traces go (made; kept)
#   --cuda-traces DIR  the GPU's traces (gpu-llmc-trainer.sh --part E: cuda_<mode>_ieee.small.1.jsonl,
#                      the IEEE-math build, as the reference; cuda_<mode>.small.jsonl, the
#                      --use_fast_math build, as the noise floor of legitimate CUDA builds);
#                      without it only the runs and traces are made
#   --modes LIST       bf16,fp32 (default both; fp32 runs without TF32, -f 0)
#   --waves LIST       64,32 (default both)
#   --sm-count N       the multiprocessor count the emulator reports (default: the reference
#                      trace's, else 132, an H100's): llm.c sizes its bias and norm reductions
#                      from it, so only the same count makes the same launches
#   --steps N          training steps (default 2; B=1, T=64, one validation batch, d6 model,
#                      no sampling, checkpoints or HellaSwag, as scripts/gpu-llmc-trainer.sh)
# Env: CU2HIP (default <repo>/build/tool/cu2hip), CU2HIP_EMU_CXX_DRIVER (default
# <repo>/build/bin/cu2hip-emu-c++), DATA (token files; default: made by scripts/llmc-data.py).
# Prints the loss lines and, per mode and wave, `cu2hip compare` against the reference with
# the noise floor. Exit status: 0 when every comparison passed (or none was asked for).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
die() { echo "emu-llmc-trainer: error: $*" >&2; exit 2; }

LLMC= WORK= TRACES= MODES=bf16,fp32 WAVES=64,32 SMS= STEPS=2
while [[ $# -gt 0 ]]; do
  case $1 in
    --llmc) LLMC=$2; shift 2 ;;
    --work) WORK=$2; shift 2 ;;
    --cuda-traces) TRACES=$2; shift 2 ;;
    --modes) MODES=$2; shift 2 ;;
    --waves) WAVES=$2; shift 2 ;;
    --sm-count) SMS=$2; shift 2 ;;
    --steps) STEPS=$2; shift 2 ;;
    -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
    *) die "unknown argument $1" ;;
  esac
done
[[ -n $LLMC && -n $WORK ]] || die "--llmc DIR and --work DIR are needed"
[[ -f $LLMC/train_gpt2.cu && -d $LLMC/llmc ]] || die "$LLMC has no train_gpt2.cu and llmc/"
CU2HIP=${CU2HIP:-$ROOT/build/tool/cu2hip}
EMUCXX=${CU2HIP_EMU_CXX_DRIVER:-$ROOT/build/bin/cu2hip-emu-c++}
[[ -x $CU2HIP && -x $EMUCXX ]] || die "build cu2hip and the emulator first (scripts/build.sh)"
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)

# The reference's multiprocessor count, from its meta line.
reference_sms() {
  local f=$TRACES/cuda_${1}_ieee.small.1.jsonl
  [[ -f $f ]] && head -n 1 "$f" | sed -nE 's/.*"multiprocessors":([0-9]+).*/\1/p'
}

# Port with recording, launches as hipLaunchKernelGGL and HIP_DYNAMIC_SHARED (the emulator's
# forms), and build one binary per mode.
prepare() {
  rm -rf "$WORK/src" "$WORK/port" "$WORK/cuda-i" && mkdir -p "$WORK/src" "$WORK/bin" "$WORK/logs"
  cp "$LLMC/train_gpt2.cu" "$WORK/src/" && cp -r "$LLMC/llmc" "$WORK/src/llmc"
  "$CU2HIP" --quiet -j2 --instrument --launch=ggl --dynamic-shared=macro --in-root "$WORK/src" \
    --out-root "$WORK/port" --instrument-out "$WORK/cuda-i" -- -I"$WORK/src" >"$WORK/logs/port.log" 2>&1 ||
    die "the port failed: $WORK/logs/port.log"
  local m
  for m in ${MODES//,/ }; do
    local def=-DENABLE_BF16
    [[ $m == fp32 ]] && def=-DENABLE_FP32
    "$EMUCXX" -O2 "$def" -I"$WORK/port" "$WORK/port/train_gpt2.cu" -o "$WORK/bin/train_$m" \
      >"$WORK/logs/build_$m.log" 2>&1 || die "the $m build failed: $WORK/logs/build_$m.log"
  done
  if [[ -z ${DATA:-} ]]; then
    DATA=$WORK/data
    python3 "$ROOT/scripts/llmc-data.py" "$DATA" >/dev/null
  fi
}

# One run: MODE WAVE; its trace is WORK/traces/emu_<mode>.w<wave>.jsonl.
run_one() {
  local m=$1 w=$2 sms=${SMS:-$(reference_sms "$1")}
  local f=()
  [[ $m == fp32 ]] && f=(-f 0)
  mkdir -p "$WORK/traces"
  (cd "$WORK" && CU2HIP_EMU_WAVE=$w CU2HIP_EMU_SM_COUNT=${sms:-132} \
    CU2HIP_KREC=$WORK/traces/emu_$m.w$w.jsonl "$WORK/bin/train_$m" -e d6 \
    -i "$DATA/synth_train.bin" -j "$DATA/synth_val.bin" -n 0 -s 0 -h 0 -b 1 -t 64 -x "$STEPS" -m 1 -v 1000 \
    "${f[@]}") >"$WORK/logs/run_$m.w$w.log" 2>&1 || echo "EXIT $?" >>"$WORK/logs/run_$m.w$w.log"
  echo "== $m, wave $w: $(grep -E '^(step|val loss)' "$WORK/logs/run_$m.w$w.log" | sed -E 's/\| lr .*//' | tr '\n' ';')"
}

prepare
fail=0
for m in ${MODES//,/ }; do
  for w in ${WAVES//,/ }; do
    t0=$SECONDS
    run_one "$m" "$w"
    echo "   ($((SECONDS - t0)) s)"
    [[ -n $TRACES ]] || continue
    ref=$TRACES/cuda_${m}_ieee.small.1.jsonl noise=$TRACES/cuda_$m.small.jsonl
    [[ -f $ref ]] || { echo "   no reference $ref"; continue; }
    nargs=()
    [[ -f $noise ]] && nargs=(--noise "$noise")
    "$CU2HIP" compare "$ref" "$WORK/traces/emu_$m.w$w.jsonl" "${nargs[@]}" || fail=1
  done
done
exit $fail
