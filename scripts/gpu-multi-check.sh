#!/usr/bin/env bash
# gpu-multi-check.sh — the data-parallel sample (samples/dp_mlp, NCCL) on an NVIDIA machine
# with several GPUs: the CUDA original (nvcc, NCCL) and its cu2hip port (RCCL API, built with
# nvcc for HIP's NVIDIA platform; <rccl/rccl.h> forwarded to NCCL by the test-only header
# runtime/hip-nvidia/rccl_nvidia), both on N GPUs (default 2), side by side:
#   * trace parity: every recorded value of the HIP port's trace against the CUDA original's
#     (small and full mode; expected bitwise equal: same compiler, same GPU, same NCCL), and
#     the CPU reference against CUDA with the CPU-vs-GPU tolerances of docs/parity.md;
#   * step time: median ms/step of the full runs (REPS timing runs each, alternating), HIP/CUDA;
#   * all-reduce bandwidth each achieves: dp_mlp --allreduce-bench BYTES times 20 grouped
#     in-place ncclAllReduce(sum) of BYTES per rank; algbw = BYTES / time, busbw = algbw *
#     2 (N - 1) / N (nccl-tests' definitions for all-reduce).
# Each program also checks that its N replicas end bitwise identical (exit 1 otherwise).
#
# Usage: scripts/gpu-multi-check.sh --phase build|run|compare --out DIR [--gpus N]
#                                   [--bench-bytes BYTES] [--reps R]
#   build    here (nvcc, g++, build/tool/cu2hip; no GPU): ports samples/ into DIR/ports, makes
#            the HIP-on-NVIDIA headers (runtime/hip-nvidia/make-headers.sh) in DIR/hipnv, builds
#            DIR/bin/dp_mlp.{cuda,hip,cpu} and copies this script to DIR.
#   run      on the GPU machine (only DIR; needs N GPUs and libnccl.so.2, found through
#            $LD_LIBRARY_PATH, /usr/local/cuda/lib64 or DIR/lib): runs everything, writes
#            DIR/traces and DIR/logs, and prints the table; trace parity there is a value-by-value
#            comparison of the two traces (meta impl and perf records aside), since cu2hip-parity
#            needs LLVM.
#   compare  here again (cu2hip-parity): the tolerance-based comparisons of docs/parity.md
#            (CUDA vs HIP, CPU reference vs CUDA) on DIR/traces brought back; writes
#            DIR/multi-table.md.
# Env: CU2HIP (porter), NVCC, CU2HIP_CUDA_ARCH (default sm_90), CU2HIP_PARITY.
# Exit status: 0 all as expected, 1 a failure or mismatch, 2 a setup error.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PHASE=; OUT=; GPUS=2; BENCH=256M; REPS=3
ARCH=${CU2HIP_CUDA_ARCH:-sm_90}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
CU2HIP=${CU2HIP:-$ROOT/build/tool/cu2hip}
die() { echo "gpu-multi-check: error: $*" >&2; exit 2; }
log() { echo "gpu-multi-check: $*"; }
while [[ $# -gt 0 ]]; do
  case "$1" in
    --phase) PHASE=$2; shift ;;
    --out) OUT=$(realpath -m "$2"); shift ;;
    --gpus) GPUS=$2; shift ;;
    --bench-bytes) BENCH=$2; shift ;;
    --reps) REPS=$2; shift ;;
    -h|--help) sed -n '2,33p' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
  shift
done
[[ -n $OUT ]] || die "--out DIR is required (see --help)"
case "$PHASE" in build|run|compare) ;; *) die "--phase must be build, run or compare" ;; esac
S=dp_mlp

phase_build() {
  [[ -x $NVCC ]] || die "nvcc not found (set NVCC)"
  [[ -x $CU2HIP ]] || die "porter not built: $CU2HIP (cmake --build build)"
  local inc; inc=$(dirname "$NVCC")/../include
  [[ -f $inc/nccl.h ]] || log "note: no nccl.h next to nvcc ($inc); relying on the compiler's search path"
  mkdir -p "$OUT"/{bin,logs}
  rm -rf "$OUT/ports"
  "$CU2HIP" --in-root "$ROOT/samples" --out-root "$OUT/ports" --no-summary -- \
      -I "$ROOT/runtime/include" >"$OUT/logs/cu2hip.log" 2>&1 \
    || { tail -20 "$OUT/logs/cu2hip.log"; die "cu2hip failed"; }
  grep -q '#include <rccl/rccl.h>' "$OUT/ports/$S/$S.cu" || die "the port does not include <rccl/rccl.h>"
  [[ -d $OUT/hipnv/hip ]] || bash "$ROOT/runtime/hip-nvidia/make-headers.sh" "$OUT/hipnv" \
      >"$OUT/logs/make-headers.log" 2>&1 || { cat "$OUT/logs/make-headers.log"; die "make-headers.sh failed"; }
  # -static-libstdc++: the binaries are carried to the GPU machine, whose image may differ.
  local common=(-O2 -std=c++17 -arch="$ARCH" -I "$ROOT/runtime/include")
  local link=(-lnccl -Xcompiler -static-libstdc++ -Xcompiler -static-libgcc)
  local rc=0
  "$NVCC" "${common[@]}" "$ROOT/samples/$S/$S.cu" -o "$OUT/bin/$S.cuda" "${link[@]}" \
    >"$OUT/logs/build-cuda.log" 2>&1 || { tail -20 "$OUT/logs/build-cuda.log"; rc=1; }
  "$NVCC" "${common[@]}" -w -D__HIP_PLATFORM_NVIDIA__ -I "$OUT/hipnv" \
    -I "$ROOT/runtime/hip-nvidia/rccl_nvidia" -x cu "$OUT/ports/$S/$S.cu" -o "$OUT/bin/$S.hip" \
    "${link[@]}" >"$OUT/logs/build-hip.log" 2>&1 || { tail -20 "$OUT/logs/build-hip.log"; rc=1; }
  g++ -O2 -std=c++17 -ffp-contract=off -I "$ROOT/runtime/include" "$ROOT/samples/$S/${S}_ref.cpp" \
    -o "$OUT/bin/$S.cpu" -static-libstdc++ -static-libgcc >"$OUT/logs/build-cpu.log" 2>&1 \
    || { tail -20 "$OUT/logs/build-cpu.log"; rc=1; }
  for impl in cuda hip cpu; do
    [[ -x $OUT/bin/$S.$impl ]] && log "built $OUT/bin/$S.$impl" || log "BUILD FAILED $S.$impl"
  done
  cp "$0" "$OUT/gpu-multi-check.sh"
  return $rc
}

perf() { sed -n "s/.*\"type\":\"perf\",\"name\":\"$2\",\"value\":\([^}]*\)}.*/\1/p" "$1" 2>/dev/null | head -1; }
num() { awk -v v="$1" -v f="$2" 'BEGIN{ if (v == "") print "-"; else printf f, v }'; }
median() { sort -g | awk '{a[NR]=$1} END{ if (NR) print a[int((NR+1)/2)]; else print "" }'; }
# The recorded values of a trace, without what legitimately differs between implementations.
values_of() { grep -v '"type":"perf"' "$1" | sed 's/"impl":"[a-z]*"//'; }

phase_run() {
  export LD_LIBRARY_PATH=$OUT/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  mkdir -p "$OUT"/{traces,logs,timing}
  command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=index,name,driver_version,memory.total \
    --format=csv,noheader | tee "$OUT/logs/gpus.txt"
  local have; have=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
  (( have >= GPUS )) || die "need $GPUS GPUs, found ${have:-0}"
  command -v nvidia-smi >/dev/null && nvidia-smi topo -m >"$OUT/logs/topology.txt" 2>&1
  local impl missing
  for impl in cuda hip; do
    [[ -x $OUT/bin/$S.$impl ]] || die "$OUT/bin/$S.$impl missing (run --phase build first)"
    missing=$(ldd "$OUT/bin/$S.$impl" | grep 'not found')
    [[ -z $missing ]] || die "$S.$impl: $missing (put libnccl.so.2 in $OUT/lib or LD_LIBRARY_PATH)"
  done
  local rc=0 mode flag
  for mode in small full; do
    flag=; [[ $mode == small ]] && flag=--small
    "$OUT/bin/$S.cpu" $flag --quiet --gpus "$GPUS" --trace "$OUT/traces/$S.$mode.cpu.jsonl" \
      >"$OUT/logs/run-$mode.cpu.log" 2>&1 || { log "RUN FAILED cpu $mode"; rc=1; }
    for impl in cuda hip; do
      if "$OUT/bin/$S.$impl" $flag --quiet --gpus "$GPUS" --trace "$OUT/traces/$S.$mode.$impl.jsonl" \
          >"$OUT/logs/run-$mode.$impl.log" 2>&1; then
        tail -1 "$OUT/logs/run-$mode.$impl.log"
      else
        log "RUN FAILED $impl $mode:"; tail -5 "$OUT/logs/run-$mode.$impl.log"; rc=1
      fi
    done
  done
  local r
  for ((r = 1; r <= REPS; r++)); do
    for impl in cuda hip; do
      "$OUT/bin/$S.$impl" --quiet --gpus "$GPUS" --trace "$OUT/timing/$impl.$r.jsonl" >/dev/null 2>&1 \
        || { log "TIMING RUN FAILED $impl $r"; rc=1; }
    done
  done
  for impl in cuda hip; do
    "$OUT/bin/$S.$impl" --small --steps 2 --quiet --gpus "$GPUS" --allreduce-bench "$BENCH" \
      --trace "$OUT/traces/bench.$impl.jsonl" >"$OUT/logs/bench.$impl.log" 2>&1 \
      || { log "BENCH FAILED $impl:"; tail -5 "$OUT/logs/bench.$impl.log"; rc=1; }
  done
  report || rc=1
  return $rc
}

report() {
  local rc=0 mode C H
  echo
  echo "gpu-multi-check: $S on $GPUS GPUs ($(head -1 "$OUT/logs/gpus.txt" 2>/dev/null | cut -d, -f2 | sed 's/^ //'))"
  printf '%-6s %-28s %-14s %-14s %-8s\n' mode "trace parity (HIP vs CUDA)" "CUDA ms/step" "HIP ms/step" HIP/CUDA
  for mode in small full; do
    C=$OUT/traces/$S.$mode.cuda.jsonl H=$OUT/traces/$S.$mode.hip.jsonl
    local parity="no traces" mc mh
    if [[ -s $C && -s $H ]]; then
      if diff -q <(values_of "$C") <(values_of "$H") >/dev/null; then
        parity="identical ($(values_of "$C" | grep -c '"step"') records)"
      else
        parity="DIFFER ($(diff <(values_of "$C") <(values_of "$H") | grep -c '^>') records)"; rc=1
      fi
    else
      rc=1
    fi
    if [[ $mode == full ]]; then
      mc=$(for f in "$OUT"/timing/cuda.*.jsonl "$C"; do perf "$f" ms_per_step; done | median)
      mh=$(for f in "$OUT"/timing/hip.*.jsonl "$H"; do perf "$f" ms_per_step; done | median)
    else
      mc=$(perf "$C" ms_per_step); mh=$(perf "$H" ms_per_step)
    fi
    printf '%-6s %-28s %-14s %-14s %-8s\n' "$mode" "$parity" "$(num "$mc" %.4f)" "$(num "$mh" %.4f)" \
      "$(awk -v a="${mc:-0}" -v b="${mh:-0}" 'BEGIN{ if (a>0) printf "%.4f", b/a; else print "-" }')"
  done
  local impl
  printf '\n%-6s %-14s %-12s %-14s %-14s\n' impl "all-reduce B" "ms" "algbw GB/s" "busbw GB/s"
  for impl in cuda hip; do
    local B=$OUT/traces/bench.$impl.jsonl
    printf '%-6s %-14s %-12s %-14s %-14s\n' "$impl" "$(num "$(perf "$B" allreduce_bytes)" %.0f)" \
      "$(num "$(perf "$B" allreduce_ms)" %.4f)" "$(num "$(perf "$B" allreduce_algbw_gbps)" %.2f)" \
      "$(num "$(perf "$B" allreduce_busbw_gbps)" %.2f)"
  done
  for impl in cuda hip; do
    grep -h 'replicas' "$OUT/logs/run-full.$impl.log" 2>/dev/null | sed "s/^/  $impl: /"
  done
  return $rc
}

phase_compare() {
  local P=${CU2HIP_PARITY:-}
  [[ -n $P ]] || for c in "$ROOT/build/bin/cu2hip-parity" "$ROOT/build/tool/parity/cu2hip-parity"; do
    [[ -x $c ]] && { P=$c; break; }
  done
  [[ -n $P && -x $P ]] || die "cu2hip-parity not built (cmake --build build)"
  local rc=0 mode out table=$OUT/multi-table.md
  mkdir -p "$OUT/compare"
  {
    echo "| mode | CUDA vs HIP | CPU ref vs CUDA (--min-rtol 1e-3 --min-atol 1e-4) |"
    echo "| --- | --- | --- |"
  } >"$table"
  for mode in small full; do
    local C=$OUT/traces/$S.$mode.cuda.jsonl H=$OUT/traces/$S.$mode.hip.jsonl X=$OUT/traces/$S.$mode.cpu.jsonl
    local a="-" b="-"
    if [[ -f $C && -f $H ]]; then
      out=$("$P" "$C" "$H" 2>&1) || rc=1
      echo "$out" >"$OUT/compare/$mode.cuda-hip.txt"; a=$(tail -1 <<<"$out")
    else
      rc=1
    fi
    if [[ -f $C && -f $X ]]; then
      out=$("$P" --min-rtol 1e-3 --min-atol 1e-4 "$C" "$X" 2>&1) || [[ $mode == full ]] || rc=1
      echo "$out" >"$OUT/compare/$mode.cuda-cpu.txt"; b=$(tail -1 <<<"$out")
    fi
    echo "| $mode | $a | $b |" >>"$table"
  done
  cat "$table"
  [[ -f $OUT/logs/gpus.txt ]] && report
  return $rc
}

case $PHASE in
  build) phase_build ;;
  run) phase_run ;;
  compare) phase_compare ;;
esac
