#!/usr/bin/env bash
# samples-check.sh — the sample trainers' checks that need no GPU (CI, and the README's main
# command): port samples/ with cu2hip, compile the ports for AMD targets, run the CPU references
# in small mode and compare them with the committed expected values, and say plainly what
# could and could not be run on this machine.
#
# Usage: scripts/samples-check.sh [--dir DIR] [--rocm 7.2|5.2|all|none] [--nvcc] [-j N]
#   --dir DIR    work directory (default build/samples-check)
#   --rocm ...   which compile checks to run (default all): ROCm 7.2 for gfx942 and gfx1100
#                (scripts/hipcc-check.sh, root from scripts/rocm-root.sh) and Debian 12's
#                HIP 5.2 for gfx90a (only the samples without hipBLAS: Debian 12 has none)
#   --nvcc       also compile the CUDA originals and the HIP-on-NVIDIA ports with nvcc
#                (compile only; running them needs a GPU: scripts/gpu-parity.sh)
# Env: CU2HIP (porter, default build/tool/cu2hip), CU2HIP_PARITY (compare tool, default
#      build/bin/cu2hip-parity or build/tool/parity/cu2hip-parity).
# Exit status: 0 all checks that could run passed, 1 something failed, 2 setup error.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DIR=$ROOT/build/samples-check
ROCM=all
NVCC_CHECK=0
JOBS=$(nproc)
SAMPLES="policy_gradient_cartpole dqn_replay mlp_digits tiny_transformer dp_mlp"
USES_HIPBLAS="mlp_digits tiny_transformer"
USES_RCCL="dp_mlp"

die() { echo "samples-check: error: $*" >&2; exit 2; }
log() { echo "samples-check: $*"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --dir) DIR=$(realpath -m "$2"); shift ;;
    --rocm) ROCM=$2; shift ;;
    --nvcc) NVCC_CHECK=1 ;;
    -j) JOBS=$2; shift ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
  shift
done

CU2HIP=${CU2HIP:-$ROOT/build/tool/cu2hip}
PARITY=${CU2HIP_PARITY:-}
if [[ -z $PARITY ]]; then
  for c in "$ROOT/build/bin/cu2hip-parity" "$ROOT/build/tool/parity/cu2hip-parity" \
           "$ROOT/build/tool/bin/cu2hip-parity"; do
    [[ -x $c ]] && { PARITY=$c; break; }
  done
fi
[[ -x $CU2HIP ]] || die "porter not built: $CU2HIP (cmake --build build)"
[[ -n $PARITY && -x $PARITY ]] || die "cu2hip-parity not built (cmake --build build)"

declare -a DONE NOTDONE FAILED
RC=0
mkdir -p "$DIR"/{bin,logs,traces,compat}

# 1. port
rm -rf "$DIR/ports"
if "$CU2HIP" --in-root "$ROOT/samples" --out-root "$DIR/ports" -- -I "$ROOT/runtime/include" \
     >"$DIR/logs/cu2hip.log" 2>&1; then
  DONE+=("ported samples/ with cu2hip -> $DIR/ports ($(grep -c . <<<"$(find "$DIR/ports" -type f)") files)")
else
  tail -20 "$DIR/logs/cu2hip.log"; FAILED+=("cu2hip on samples/ (see $DIR/logs/cu2hip.log)"); RC=1
fi

# 2. AMD compile checks. The ROCm 7.2 root has no zlib1g-dev: the samples' data loader
# includes <zlib.h>, so the host's zlib.h/zconf.h are offered through a compat directory
# (compile only, nothing is linked).
cp /usr/include/zlib.h /usr/include/zconf.h "$DIR/compat/" 2>/dev/null || true
ported() { for s in "$@"; do echo "$DIR/ports/$s/$s.cu"; done; }
if [[ $ROCM == all || $ROCM == 7.2 ]]; then
  if "$ROOT/scripts/hipcc-check.sh" --rocm 7.2 --arch gfx942,gfx1100 --ndebug off -j "$JOBS" \
       -I "$DIR/ports" -I "$DIR/compat" $(ported $SAMPLES) 2>&1 | tee "$DIR/logs/hipcc-7.2.log" \
       | grep -E '^(ok|FAIL|skip|hipcc-check)'; then
    DONE+=("hipcc ROCm 7.2 compile check, gfx942 + gfx1100: $(tail -1 "$DIR/logs/hipcc-7.2.log")")
  else
    FAILED+=("hipcc ROCm 7.2 compile check: $(tail -1 "$DIR/logs/hipcc-7.2.log")"); RC=1
  fi
else
  NOTDONE+=("ROCm 7.2 compile check (--rocm $ROCM)")
fi
if [[ $ROCM == all || $ROCM == 5.2 ]]; then
  no_blas=()
  for s in $SAMPLES; do [[ " $USES_HIPBLAS $USES_RCCL " == *" $s "* ]] || no_blas+=("$s"); done
  if "$ROOT/scripts/hipcc-check.sh" --rocm 5.2 --arch gfx90a --ndebug off -j "$JOBS" \
       -I "$DIR/ports" $(ported "${no_blas[@]}") 2>&1 | tee "$DIR/logs/hipcc-5.2.log" \
       | grep -E '^(ok|FAIL|skip|hipcc-check)'; then
    DONE+=("hipcc HIP 5.2 compile check, gfx90a (${no_blas[*]}): $(tail -1 "$DIR/logs/hipcc-5.2.log")")
  else
    FAILED+=("hipcc HIP 5.2 compile check: $(tail -1 "$DIR/logs/hipcc-5.2.log")"); RC=1
  fi
  NOTDONE+=("HIP 5.2 compile check of $USES_HIPBLAS: Debian 12 has no hipBLAS (skipped)")
  NOTDONE+=("HIP 5.2 compile check of $USES_RCCL: Debian 12 has no RCCL (skipped)")
else
  NOTDONE+=("HIP 5.2 compile check (--rocm $ROCM)")
fi

# 3. CPU references, small mode, against samples/expected/
for s in $SAMPLES; do
  if ! g++ -O2 -std=c++17 -ffp-contract=off -I "$ROOT/runtime/include" "$ROOT/samples/$s/${s}_ref.cpp" \
        -o "$DIR/bin/${s}_cpu" -lz >"$DIR/logs/build-$s-cpu.log" 2>&1; then
    cat "$DIR/logs/build-$s-cpu.log"; FAILED+=("build CPU reference $s"); RC=1; continue
  fi
  t0=$(date +%s.%N)
  if ! "$DIR/bin/${s}_cpu" --small --quiet --trace "$DIR/traces/$s.small.cpu.jsonl" \
        >"$DIR/logs/run-$s-cpu.log" 2>&1; then
    cat "$DIR/logs/run-$s-cpu.log"; FAILED+=("run CPU reference $s --small"); RC=1; continue
  fi
  secs=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}')
  if out=$("$PARITY" --quiet "$ROOT/samples/expected/$s.small.cpu.jsonl" "$DIR/traces/$s.small.cpu.jsonl" 2>&1); then
    DONE+=("CPU reference $s --small (${secs}s) matches samples/expected: $(tail -1 <<<"$out")")
  else
    "$PARITY" "$ROOT/samples/expected/$s.small.cpu.jsonl" "$DIR/traces/$s.small.cpu.jsonl"
    FAILED+=("CPU reference $s differs from samples/expected"); RC=1
  fi
done

# 4. optional nvcc compile of originals and HIP-on-NVIDIA ports
if [[ $NVCC_CHECK -eq 1 ]]; then
  NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
  if [[ -x $NVCC ]]; then
    bash "$ROOT/runtime/hip-nvidia/make-headers.sh" "$DIR/hip-include" >"$DIR/logs/make-headers.log" 2>&1
    for s in $SAMPLES; do
      "$NVCC" -std=c++17 -arch=sm_90 -I "$ROOT/runtime/include" -c "$ROOT/samples/$s/$s.cu" \
        -o /dev/null >"$DIR/logs/nvcc-$s-cuda.log" 2>&1 \
        && DONE+=("nvcc compile $s (CUDA original)") || { FAILED+=("nvcc compile $s"); RC=1; }
      "$NVCC" -std=c++17 -arch=sm_90 -D__HIP_PLATFORM_NVIDIA__ -DhipHostAllocMapped=hipHostMallocMapped \
        -I "$DIR/hip-include" -I "$ROOT/samples/common/hipblas_nvidia" \
        -I "$ROOT/runtime/hip-nvidia/rccl_nvidia" -I "$ROOT/runtime/include" \
        -x cu -c "$DIR/ports/$s/$s.cu" -o /dev/null >"$DIR/logs/nvcc-$s-hip.log" 2>&1 \
        && DONE+=("nvcc compile $s (HIP port on NVIDIA)") || { FAILED+=("nvcc compile HIP port $s"); RC=1; }
    done
  else
    NOTDONE+=("nvcc compile (no nvcc)")
  fi
fi
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then
  NOTDONE+=("CUDA/HIP runs: a GPU is present; run scripts/gpu-parity.sh for them")
else
  NOTDONE+=("running the CUDA originals and HIP ports: no GPU here (scripts/gpu-parity.sh on an NVIDIA GPU; golden CUDA traces in samples/golden/ for cu2hip-parity on an AMD GPU)")
fi

echo
echo "samples-check summary"
for l in "${DONE[@]}"; do echo "  ran:     $l"; done
for l in "${FAILED[@]}"; do echo "  FAILED:  $l"; done
for l in "${NOTDONE[@]}"; do echo "  not run: $l"; done
exit $RC
