#!/usr/bin/env bash
# alloc-trace-gpu.sh — the allocation-trace comparison on an NVIDIA GPU: the deep-RL trace
# replayed through cu2hip's allocator in each setting, raw hipMalloc, raw hipMallocAsync and
# PyTorch's caching allocator (default and expandable_segments:True), side by side; the
# round-trip benchmark (bench/alloc_bench.hip) in the same run; the DQN sample ported with
# --alloc-hooks run in small and full mode for the parity check against the CUDA original.
#
# Usage: bench/alloc-trace-gpu.sh build DIR     (here: nvcc, g++, build/tool/cu2hip or $CU2HIP, HIP 5.2
#                                                headers in /usr/include/hip; no GPU)
#        bench/alloc-trace-gpu.sh run DIR OUT   (on the GPU machine: only DIR, python3 with
#                                                torch for the PyTorch rows)
#        bench/alloc-trace-gpu.sh compare DIR   (here: cu2hip-parity on the DQN traces)
# HIP sources are built for HIP's NVIDIA platform the way bench/gpu-bench.sh does it (nvcc
# -D__HIP_PLATFORM_NVIDIA__ against runtime/hip-nvidia/make-headers.sh headers), with
# -static-libstdc++ so the binaries run on the GPU machine's image.
# The large trace is not stored: `run` generates it from its seed with alloc_trace_gen.py and
# checks it against bench/traces/drl-large.sha256.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PHASE=${1:?usage: alloc-trace-gpu.sh build|run|compare DIR [OUT]}
DIR=$(realpath -m "${2:?DIR}")
ARCH=${ARCH:-sm_90}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
die() { echo "alloc-trace-gpu: error: $*" >&2; exit 2; }

# Settings replayed through the hooks: label|CU2HIP_ALLOC_CONF.
SETTINGS=(
  "cu2hip passthrough (default)|"
  "cu2hip caching|backend:caching"
  "cu2hip caching, roundup_power2_divisions:4|backend:caching,roundup_power2_divisions:4"
  "cu2hip caching, max_split_size_mb:256|backend:caching,max_split_size_mb:256"
  "cu2hip caching, expandable_segments|backend:caching,expandable_segments:1"
  "cu2hip caching, expandable_segments, roundup_power2_divisions:4|backend:caching,expandable_segments:1,roundup_power2_divisions:4"
)

build() {
  mkdir -p "$DIR"/{bin,logs,traces}
  bash "$ROOT/runtime/hip-nvidia/make-headers.sh" "$DIR/hip" >"$DIR/logs/make-headers.log" 2>&1 \
    || { cat "$DIR/logs/make-headers.log"; die "make-headers.sh failed"; }
  cp "$ROOT"/bench/alloc_trace_gen.py "$ROOT"/bench/alloc_trace_torch.py "$ROOT"/bench/traces/* \
    "$DIR/traces/"
  cp "$0" "$DIR/alloc-trace-gpu.sh"
  local F=(-O3 -std=c++17 -arch="$ARCH" -DNDEBUG -D__HIP_PLATFORM_NVIDIA__ -I"$DIR/hip"
           -I"$ROOT/runtime/include" -I"$ROOT/runtime/alloc" -I"$ROOT/bench" -w)
  local L=(-Xcompiler -static-libstdc++ -Xcompiler -static-libgcc)
  local HOOKS=("$ROOT"/runtime/alloc/{hip_hooks,allocator,allocator_stats,config}.cpp)
  local pids=()
  ( "$NVCC" "${F[@]}" -x cu "$ROOT/bench/alloc_trace_replay.hip" "${HOOKS[@]}" \
      -o "$DIR/bin/alloc_trace_replay" "${L[@]}" ) >"$DIR/logs/build-replay.log" 2>&1 & pids+=($!)
  ( "$NVCC" "${F[@]}" -x cu "$ROOT/bench/alloc_bench.hip" "${HOOKS[@]}" \
      -o "$DIR/bin/alloc_bench" "${L[@]}" ) >"$DIR/logs/build-bench.log" 2>&1 & pids+=($!)
  # The DQN sample: CUDA original and the port with --alloc-hooks.
  "${CU2HIP:-$ROOT/build/tool/cu2hip}" --alloc-hooks --in-root "$ROOT/samples" --out-root "$DIR/ports" \
      --no-summary -- -I "$ROOT/runtime/include" >"$DIR/logs/cu2hip.log" 2>&1 \
    || { cat "$DIR/logs/cu2hip.log"; die "cu2hip failed"; }
  local C=(-O2 -std=c++17 -arch="$ARCH" -I "$ROOT/runtime/include")
  local CL=(-lcublas -lz -Xcompiler -static-libstdc++ -Xcompiler -static-libgcc)
  ( "$NVCC" "${C[@]}" "$ROOT/samples/dqn_replay/dqn_replay.cu" -o "$DIR/bin/dqn_cuda" "${CL[@]}" ) \
    >"$DIR/logs/build-dqn-cuda.log" 2>&1 & pids+=($!)
  ( "$NVCC" "${C[@]}" -D__HIP_PLATFORM_NVIDIA__ -DhipHostAllocMapped=hipHostMallocMapped \
      -I "$DIR/hip" -I "$ROOT/samples/common/hipblas_nvidia" -I "$ROOT/runtime/alloc" \
      -x cu "$DIR/ports/dqn_replay/dqn_replay.cu" "${HOOKS[@]}" -o "$DIR/bin/dqn_hooks" "${CL[@]}" ) \
    >"$DIR/logs/build-dqn-hooks.log" 2>&1 & pids+=($!)
  local rc=0 p
  for p in "${pids[@]}"; do wait "$p" || rc=1; done
  [[ $rc -eq 0 ]] || { tail -n 20 "$DIR"/logs/build-*.log; die "build failed"; }
  rm -rf "$DIR/ports" "$DIR/hip"
  echo "alloc-trace-gpu: built into $DIR"
}

run() {
  local OUT=${1:?OUT}
  mkdir -p "$OUT"
  local B=$DIR/bin T=$DIR/traces
  {
    echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || true
    python3 -c 'import torch; print("torch", torch.__version__, torch.version.cuda)' || true
  } | tee "$OUT/machine.txt"
  python3 "$T/alloc_trace_gen.py" --profile large -o "$T/drl-large.trace"
  local want got
  want=$(cat "$T/drl-large.sha256")
  got=$(sha256sum "$T/drl-large.trace" | cut -d' ' -f1)
  [[ $want == "$got" ]] || die "large trace checksum $got, expected $want"
  local HDR="| allocator | peak allocated GiB | peak reserved GiB | reserved / allocated | device allocations | OOM retries | ns / op | device used peak GiB (mem info) |"
  local tr
  for tr in drl-large drl-small; do
    {
      echo "### $tr"
      echo "$HDR"
      echo "|---|---|---|---|---|---|---|---|"
      "$B/alloc_trace_replay" --mode raw-malloc --label "raw hipMalloc" "$T/$tr.trace"
      "$B/alloc_trace_replay" --mode raw-async --label "raw hipMallocAsync" "$T/$tr.trace"
      local s
      for s in "${SETTINGS[@]}"; do
        CU2HIP_ALLOC_CONF=${s#*|} "$B/alloc_trace_replay" --mode hooks --label "${s%%|*}" "$T/$tr.trace"
      done
      env -u PYTORCH_CUDA_ALLOC_CONF python3 "$T/alloc_trace_torch.py" --label "PyTorch default" "$T/$tr.trace"
      PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True python3 "$T/alloc_trace_torch.py" \
        --label "PyTorch expandable_segments:True" "$T/$tr.trace"
      echo
    } 2>>"$OUT/trace-stderr.log" | tee -a "$OUT/trace-table.md"
  done
  echo "== round trips (ns), same run =="
  {
    echo "| setting (CU2HIP_ALLOC_CONF) | calls | size | ns / round trip |"
    echo "|---|---|---|---|"
    local rep
    for rep in 1 2; do
      "$B/alloc_bench" raw raw
      CU2HIP_ALLOC_CONF=backend:caching "$B/alloc_bench" "backend:caching (run $rep)"
    done
    CU2HIP_ALLOC_CONF=backend:caching,free_fence:0 "$B/alloc_bench" backend:caching,free_fence:0
    CU2HIP_ALLOC_CONF=backend:caching,expandable_segments:1 "$B/alloc_bench" backend:caching,expandable_segments:1
  } 2>>"$OUT/bench-stderr.log" | tee "$OUT/roundtrip.md"
  echo "== DQN with hooks =="
  mkdir -p "$OUT/dqn"
  local m conf
  for m in small full; do
    local f=""; [[ $m == small ]] && f=--small
    "$B/dqn_cuda" $f --quiet --trace "$OUT/dqn/dqn.$m.cuda.jsonl" >"$OUT/dqn/run.$m.cuda.log" 2>&1
    echo "dqn cuda $m: rc $?"
    for conf in passthrough caching caching_expandable; do
      local c=""
      [[ $conf == caching ]] && c=backend:caching
      [[ $conf == caching_expandable ]] && c=backend:caching,expandable_segments:1
      CU2HIP_ALLOC_CONF=$c "$B/dqn_hooks" $f --quiet \
        --trace "$OUT/dqn/dqn.$m.hooks-$conf.jsonl" >"$OUT/dqn/run.$m.hooks-$conf.log" 2>&1
      echo "dqn hooks [$conf] $m: rc $?"
    done
  done
}

compare() {
  local P=${CU2HIP_PARITY:-$ROOT/build/bin/cu2hip-parity}
  [[ -x $P ]] || P=$ROOT/build/tool/parity/cu2hip-parity
  local EXACT=(--rtol-reduce=0 --rtol-train=0 --atol-reduce=0 --atol-train=0)
  local rc=0 m f
  for m in small full; do
    for f in "$DIR"/dqn/dqn.$m.hooks-*.jsonl; do
      local r1 r2
      r1=$("$P" "${EXACT[@]}" "$DIR/dqn/dqn.$m.cuda.jsonl" "$f" 2>&1 | tail -1) || rc=1
      r2=$("$P" "${EXACT[@]}" "$ROOT/samples/golden/dqn_replay.$m.cuda.jsonl" "$f" 2>&1 | tail -1) || rc=1
      echo "$(basename "$f"): vs CUDA this run: $r1; vs golden: $r2"
    done
  done
  return $rc
}

case "$PHASE" in
  build) build ;;
  run) run "${3:?OUT}" ;;
  compare) compare ;;
  *) die "unknown phase $PHASE" ;;
esac
