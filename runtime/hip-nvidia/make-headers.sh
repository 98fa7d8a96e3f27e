#!/usr/bin/env bash
# make-headers.sh — build a HIP-on-NVIDIA include directory that works with CUDA 13's nvcc.
#
# Usage: runtime/hip-nvidia/make-headers.sh OUTDIR
#   then: nvcc -std=c++17 -D__HIP_PLATFORM_NVIDIA__ -I OUTDIR -x cu -arch=sm_90 -c file.hip
#
# Copies Debian 12's HIP 5.2 headers (/usr/include/hip from libamdhip64-dev, including
# hip/nvidia_detail/*) and hipRAND's headers (/usr/include/hiprand from libhiprand-dev; its
# device API has an NVIDIA path, hiprand_kernel_nvcc.h, forwarding to cuRAND) into OUTDIR,
# then applies our targeted edits (the Python program below). Every API edit is guarded by
# `#if CUDART_VERSION >= 13000` / `< 13000`, so the result still works with older CUDA; the
# device-side additions (vote and 64-bit-mask overloads) need CUDA >= 9. Counts of edited
# lines are printed. On failure the half-edited hip/ and hiprand/ in OUTDIR are removed.
# Nothing from the headers is stored in this repository: only the edit script. The edit script
# fails loudly if an anchor it expects is missing (different HIP version).
# Env: CU2HIP_HIP_INCLUDE (default /usr/include) — where hip/ and hiprand/ are taken from.
set -euo pipefail

die() { echo "make-headers: error: $*" >&2; exit 1; }

[[ $# -eq 1 ]] || die "usage: $0 OUTDIR"
OUT=$1
SRC=${CU2HIP_HIP_INCLUDE:-/usr/include}

[[ -f "$SRC/hip/hip_runtime.h" ]] || die "$SRC/hip/hip_runtime.h not found (apt-get install libamdhip64-dev)"
[[ -d "$SRC/hip/nvidia_detail" ]] || die "$SRC/hip/nvidia_detail not found (libamdhip64-dev too old/new?)"
command -v python3 >/dev/null || die "python3 not found"

mkdir -p "$OUT"
rm -rf "$OUT/hip" "$OUT/hiprand"
on_exit() {
  local rc=$?
  [[ $rc -eq 0 ]] || rm -rf "$OUT/hip" "$OUT/hiprand"
  exit "$rc"
}
trap on_exit EXIT
cp -r "$SRC/hip" "$OUT/hip"
# Our own test-only headers HIP 5.2's NVIDIA platform lacks (hip/hip_bf16.h over cuda_bf16.h).
[[ -e "$OUT/hip/hip_bf16.h" ]] && die "$SRC/hip already has hip_bf16.h: check ours still fits"
cp "$(dirname "${BASH_SOURCE[0]}")/include/hip/hip_bf16.h" "$OUT/hip/hip_bf16.h"
if [[ -d "$SRC/hiprand" ]]; then
  cp -r "$SRC/hiprand" "$OUT/hiprand"
else
  echo "make-headers: note: $SRC/hiprand missing (libhiprand-dev); hipRAND not available" >&2
fi
python3 - "$OUT" <<'PYEOF'
# Our compatibility edits for CUDA 13. Each edit names an anchor (a regex on one line); it must
# match (else the script stops: the headers are not the HIP 5.2 we know). Old text is kept in
# the #else branch, so older CUDA still sees the original code.
import difflib, os, re, sys

out = sys.argv[1]
NEW = "CUDART_VERSION >= 13000"
OLD = "CUDART_VERSION < 13000"
files = {}
orig = {}

def lines(rel):
    if rel not in files:
        with open(os.path.join(out, rel)) as f:
            files[rel] = f.read().split("\n")
        orig[rel] = list(files[rel])
    return files[rel]

def find(rel, rx, start=0):
    L = lines(rel)
    hits = [i for i in range(start, len(L)) if re.search(rx, L[i])]
    if not hits:
        sys.exit(f"make-headers: error: anchor /{rx}/ not found in {rel}")
    return hits

def stmt_end(L, i):
    j = i
    while not L[j].split("//")[0].rstrip().endswith(";"):
        j += 1
    return j

def guard_stmt(rel, rx, new=None, count=1):
    """Statement starting at the line matching rx (through the line ending in ';'):
    new code under CUDART_VERSION >= 13000, old code in #else; new=None drops it on 13."""
    L = lines(rel)
    hits = find(rel, rx)
    if count and len(hits) != count:
        sys.exit(f"make-headers: error: /{rx}/ matched {len(hits)} times in {rel}, expected {count}")
    for i in reversed(hits):
        guard_at(rel, i, new)

def guard_at(rel, i, new):
    L = lines(rel)
    j = stmt_end(L, i)
    old = L[i:j + 1]
    ind = re.match(r"\s*", old[0]).group(0)
    if new is None:
        blk = [f"#if {OLD}"] + old + ["#endif"]
    else:
        nl = [ind + x for x in new.strip("\n").split("\n")]
        blk = [f"#if {NEW}"] + nl + ["#else"] + old + ["#endif"]
    L[i:j + 1] = blk

def guard_func(rel, rx):
    """Whole inline function(s) whose body matches rx: compiled only before CUDA 13
    (the CUDA API they forward to was removed)."""
    L = lines(rel)
    hits = find(rel, rx)
    spans = []
    for i in hits:
        s = i
        while s > 0 and L[s - 1].strip() and not L[s - 1].startswith(("}", "#")):
            s -= 1
        e = i
        while L[e].rstrip() != "}":
            e += 1
        if not spans or spans[-1] != (s, e):
            spans.append((s, e))
    for s, e in reversed(spans):
        L[e + 1:e + 1] = ["#endif"]
        L[s:s] = [f"#if {OLD}"]

R = "hip/nvidia_detail/nvidia_hip_runtime_api.h"
LOC = """struct cudaMemLocation loc_;
loc_.type = device == cudaCpuDeviceId ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;
loc_.id = device == cudaCpuDeviceId ? 0 : device;
"""
# cudaMemAdvise / cudaMemPrefetchAsync take a cudaMemLocation (and flags) in CUDA 13.
guard_stmt(R, r"return hipCUDAErrorTohipError\(cudaMemAdvise\(", LOC +
    "return hipCUDAErrorTohipError(cudaMemAdvise(dev_ptr, count,\n"
    "    hipMemoryAdviseTocudaMemoryAdvise(advice), loc_));")
guard_stmt(R, r"return hipCUDAErrorTohipError\(cudaMemPrefetchAsync\(", LOC +
    "return hipCUDAErrorTohipError(cudaMemPrefetchAsync(dev_ptr, count, loc_, 0, stream));")
# cudaDeviceProp lost clockRate, memoryClockRate, computeMode, kernelExecTimeoutEnabled,
# cooperativeMultiDeviceLaunch in CUDA 13: read them with cudaDeviceGetAttribute.
for f in ("clockRate", "computeMode", "memoryClockRate"):
    guard_stmt(R, rf"^\s*cdprop\.{f} = prop->{f};")          # hipChooseDevice: not matchable
for f, a in (("clockRate", "ClockRate"), ("memoryClockRate", "MemoryClockRate"),
             ("computeMode", "ComputeMode"), ("kernelExecTimeoutEnabled", "KernelExecTimeout")):
    guard_stmt(R, rf"^\s*p_prop->{f}\s*= cdprop\.{f};",
               f"cudaDeviceGetAttribute(&p_prop->{f}, cudaDevAttr{a}, device);")
guard_stmt(R, r"^\s*p_prop->clockInstructionRate = cdprop\.clockRate;",
           "p_prop->clockInstructionRate = p_prop->clockRate;")
guard_stmt(R, r"^\s*p_prop->cooperativeMultiDeviceLaunch = cdprop\.cooperativeMultiDeviceLaunch;",
           "p_prop->cooperativeMultiDeviceLaunch = 0;  // removed in CUDA 13")
guard_stmt(R, r"cdattr = cudaDevAttrCooperativeMultiDeviceLaunch;",
           "*pi = 0;  // multi-device cooperative launch removed in CUDA 13\nreturn hipSuccess;")
# cuCtxCreate gained a CUctxCreateParams* argument (cuCtxCreate_v4).
guard_stmt(R, r"return hipCUResultTohipError\(cuCtxCreate\(ctx, flags, device\)\);",
           "return hipCUResultTohipError(cuCtxCreate(ctx, NULL, flags, device));")
# Texture references and multi-device cooperative launch are gone.
for api in ("cudaBindTexture", "cudaBindTexture2D", "cudaGetTextureAlignmentOffset",
            "cudaUnbindTexture", "cudaBindTextureToArray", "cudaLaunchCooperativeKernelMultiDevice"):
    guard_func(R, rf"\b{api}\(")
# Graph edge APIs gained cudaGraphEdgeData* parameters (NULL = default edges).
guard_stmt(R, r"cudaGraphAddDependencies\(graph, from, to, numDependencies\)",
    "return hipCUDAErrorTohipError(cudaGraphAddDependencies(graph, from, to, NULL, numDependencies));")
guard_stmt(R, r"cudaGraphRemoveDependencies\(graph, from, to, numDependencies\)",
    "return hipCUDAErrorTohipError(cudaGraphRemoveDependencies(graph, from, to, NULL, numDependencies));")
guard_stmt(R, r"cudaGraphGetEdges\(graph, from, to, numEdges\)",
    "return hipCUDAErrorTohipError(cudaGraphGetEdges(graph, from, to, NULL, numEdges));")
for fn, a, b in (("cudaGraphNodeGetDependencies", "pDependencies", "pNumDependencies"),
                 ("cudaGraphNodeGetDependentNodes", "pDependentNodes", "pNumDependentNodes")):
    L = lines(R)
    i = find(R, rf"{fn}\(node, {a}, {b}\)")[0]
    if not L[i - 1].strip().startswith("return hipCUDAErrorTohipError("):
        sys.exit(f"make-headers: error: unexpected layout around {fn} in {R}")
    guard_at(R, i - 1, f"return hipCUDAErrorTohipError({fn}(node, {a}, NULL, {b}));")
guard_stmt(R, r"cudaStreamUpdateCaptureDependencies\(stream, dependencies,",
    "return hipCUDAErrorTohipError(cudaStreamUpdateCaptureDependencies(stream, dependencies,\n"
    "    NULL, numDependencies, flags));")
# cudaStreamGetCaptureInfo_v2 is gone; cudaStreamGetCaptureInfo has its parameters + edge data.
guard_stmt(R, r"return hipCUDAErrorTohipError\(cudaStreamGetCaptureInfo_v2\(",
    "return hipCUDAErrorTohipError(cudaStreamGetCaptureInfo(stream, captureStatus_out, id_out,\n"
    "    graph_out, dependencies_out, NULL, numDependencies_out));")

# Device side (inserted after the __clock64 macro, inside #ifdef __CUDACC__):
# 1. HIP's non-sync votes resolve to CUDA's deprecated __ballot/__any/__all, which ptxas
#    rejects on sm_70+. CUDA declares those as extern "C" builtins with an int parameter
#    (redefining them has no effect, and a macro named __any breaks CUDA's own headers, e.g.
#    libcu++'s struct __any), so we add C++ overloads taking bool: a predicate expression
#    (`__any(x > 0)`) picks them and gets the _sync form over the full warp. __ballot returns
#    HIP's 64-bit type (upper 32 bits zero). An int-typed argument still reaches CUDA's
#    builtin (ptxas error): such code must use the _sync forms.
# 2. HIP (ROCm 7) wants 64-bit lane masks on the *_sync intrinsics; CUDA's take 32-bit masks,
#    so a 64-bit mask would convert implicitly (nvcc warning #69-D "integer conversion
#    resulted in truncation"). Overloads for 64-bit mask types truncate explicitly to the low
#    32 bits (NVIDIA warps have 32 lanes). They are templates restricted to 64-bit mask
#    types, so calls with 32-bit masks keep resolving to CUDA's functions. The 64-bit
#    __ballot_sync returns unsigned long long, as in HIP.
N = "hip/nvidia_detail/nvidia_hip_runtime.h"
i = find(N, r"^#define __clock64\(\) clock64\(\)")[0]
lines(N)[i + 1:i + 1] = """
#if CUDART_VERSION >= 9000
__device__ inline unsigned long long __ballot(bool pred) { return __ballot_sync(0xffffffffu, pred); }
__device__ inline int __any(bool pred) { return __any_sync(0xffffffffu, pred); }
__device__ inline int __all(bool pred) { return __all_sync(0xffffffffu, pred); }

template <class M, class T> struct __hip_nv_mask64 {};
template <class T> struct __hip_nv_mask64<unsigned long long, T> { typedef T type; };
template <class T> struct __hip_nv_mask64<long long, T> { typedef T type; };
template <class T> struct __hip_nv_mask64<unsigned long, T> { typedef T type; };
template <class T> struct __hip_nv_mask64<long, T> { typedef T type; };
template <class M, class T>
__device__ inline typename __hip_nv_mask64<M, T>::type
__shfl_sync(M mask, T var, int src, int width = warpSize) {
    return __shfl_sync(static_cast<unsigned>(mask), var, src, width);
}
template <class M, class T>
__device__ inline typename __hip_nv_mask64<M, T>::type
__shfl_up_sync(M mask, T var, unsigned int delta, int width = warpSize) {
    return __shfl_up_sync(static_cast<unsigned>(mask), var, delta, width);
}
template <class M, class T>
__device__ inline typename __hip_nv_mask64<M, T>::type
__shfl_down_sync(M mask, T var, unsigned int delta, int width = warpSize) {
    return __shfl_down_sync(static_cast<unsigned>(mask), var, delta, width);
}
template <class M, class T>
__device__ inline typename __hip_nv_mask64<M, T>::type
__shfl_xor_sync(M mask, T var, int lane_mask, int width = warpSize) {
    return __shfl_xor_sync(static_cast<unsigned>(mask), var, lane_mask, width);
}
template <class M>
__device__ inline typename __hip_nv_mask64<M, unsigned long long>::type
__ballot_sync(M mask, int pred) { return __ballot_sync(static_cast<unsigned>(mask), pred); }
template <class M>
__device__ inline typename __hip_nv_mask64<M, int>::type
__any_sync(M mask, int pred) { return __any_sync(static_cast<unsigned>(mask), pred); }
template <class M>
__device__ inline typename __hip_nv_mask64<M, int>::type
__all_sync(M mask, int pred) { return __all_sync(static_cast<unsigned>(mask), pred); }
template <class M>
__device__ inline typename __hip_nv_mask64<M, void>::type
__syncwarp(M mask) { __syncwarp(static_cast<unsigned>(mask)); }
#endif""".split("\n")

# HIP 5.2 has hipMemLocation (CUDA's struct) but not the names of its types, which newer HIP
# has and cu2hip/memloc.h uses (hipMemLocationTypeDevice, ...): the CUDA values (CUDA >= 11.2).
i = find(R, r"^typedef struct cudaMemLocation hipMemLocation;")[0]
lines(R)[i + 1:i + 1] = """#if CUDART_VERSION >= 11020
#define hipMemLocationTypeInvalid cudaMemLocationTypeInvalid
#define hipMemLocationTypeDevice cudaMemLocationTypeDevice
#endif
#if CUDART_VERSION >= 12020
#define hipMemLocationTypeHost cudaMemLocationTypeHost
#define hipMemLocationTypeHostNuma cudaMemLocationTypeHostNuma
#define hipMemLocationTypeHostNumaCurrent cudaMemLocationTypeHostNumaCurrent
#endif""".split("\n")

total = 0
for rel, L in files.items():
    d = [x for x in difflib.unified_diff(orig[rel], L, lineterm="", n=0)
         if x[:1] in "+-" and not x.startswith(("+++", "---"))]
    total += len(d)
    with open(os.path.join(out, rel), "w") as f:
        f.write("\n".join(L))
    print(f"make-headers: {rel}: {len(d)} diff lines (+{sum(x[0]=='+' for x in d)} "
          f"-{sum(x[0]=='-' for x in d)})")
print(f"make-headers: {total} diff lines in {len(files)} files")
PYEOF
# cu2hip ports __trap() as clang's __builtin_trap(), which nvcc rejects in device code: route it
# to CUDA's __trap() on the device (abort() on the host).
cat >> "$OUT/hip/hip_runtime.h" <<'EOF'

#if defined(__HIP_PLATFORM_NVIDIA__) && defined(__CUDACC__) && !defined(__builtin_trap)
#include <stdlib.h>
__host__ __device__ inline void cu2hip_nvidia_trap() {
#ifdef __CUDA_ARCH__
  __trap();
#else
  abort();
#endif
}
#define __builtin_trap() cu2hip_nvidia_trap()
#endif
EOF
echo "make-headers: $OUT ready (from $SRC)"
