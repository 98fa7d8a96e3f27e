// --wave=native refuses everything that is not exactly a recognised
// reduction idiom: each function below stays logical32 (the default port's
// text) and gets a note naming the reason.
// RUN: %cu2hip %s -o - --no-summary --wave=native 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
// COMPILE-ARGS: --wave=native
#include <cuda_runtime.h>

__device__ float warpSum(float v) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffff, v, o);
  return v;
}

// A partial mask: not a warp reduction, so its caller is refused too.
// DIAG-DAG: wave-native-refused.cu:[[@LINE+2]]:{{[0-9]+}}: note: 'halfSum' stays logical32 (32-lane warps): not a recognised warp or block reduction: it uses '__shfl_xor_sync' at line [[@LINE+3]] directly
// CHECK: {{^}}  for (int o = 8; o > 0; o /= 2) v += __shfl_xor_sync(cu2hip::mask64(0xffff), v, o, 32);
__device__ float halfSum(float v) {
  for (int o = 8; o > 0; o /= 2) v += __shfl_xor_sync(0xffff, v, o);
  return v;
}
// Its caller has no warp operation of its own: no note (it is logical32
// through halfSum).
__device__ float callsHalf(float v) {
  __shared__ float s[32];
  v = halfSum(v);
  if (threadIdx.x % 32 == 0) s[threadIdx.x / 32] = v;
  return v;
}

// The lane index in arithmetic.
// DIAG-DAG: wave-native-refused.cu:[[@LINE+3]]:{{[0-9]+}}: note: 'laneMath' stays logical32 (32-lane warps): not a recognised warp or block reduction: the statement at line [[@LINE+6]] uses the lane, warp, shared staging array, a per-warp value or a warp reduction outside the recognised block-reduction steps ('lane' at line [[@LINE+6]])
// CHECK: {{^}}  int lane = threadIdx.x % cu2hip::logical_warp_size;
// CHECK-NEXT: {{^}}  v = warpSum(v);
__device__ float laneMath(float v, float *out) {
  int lane = threadIdx.x % warpSize;
  v = warpSum(v);
  out[lane * 2] = v;
  return v;
}

// The shared array read by lane without a '< warps' guard (reads entries
// that only 32-lane warps write).
// DIAG-DAG: wave-native-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'unguarded' stays logical32 (32-lane warps): not a recognised warp or block reduction: the statement at line [[@LINE+9]] in the first-warp block is neither a shared-array read, a final warp reduction, nor `if (lane == 0) ...` using block results only
__device__ float unguarded(float v) {
  __shared__ float s[32];
  int lane = threadIdx.x & 31;
  int wid = threadIdx.x >> 5;
  v = warpSum(v);
  if (lane == 0) s[wid] = v;
  __syncthreads();
  if (wid == 0) {
    v = s[lane];
    v = warpSum(v);
  }
  return v;
}

// The warp index used to place results: per-warp output.
// DIAG-DAG: wave-native-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'perWarpOut' stays logical32 (32-lane warps): not a recognised warp or block reduction: the statement at line [[@LINE+4]] under `lane == 0` is neither `shared[warp] = partial;` nor `atomicOp(p, partial);`
__global__ void perWarpOut(const float *x, float *y) {
  int wid = threadIdx.x / 32;
  float v = warpSum(x[threadIdx.x]);
  if (threadIdx.x % 32 == 0)
    y[blockIdx.x * 8 + wid] = v;
}

// The per-warp result used by every lane, not only under 'lane == 0'.
// DIAG-DAG: wave-native-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'allLanes' stays logical32 (32-lane warps): not a recognised warp or block reduction: the statement at line [[@LINE+4]] uses the lane, warp, shared staging array, a per-warp value or a warp reduction outside the recognised block-reduction steps ('s' at line [[@LINE+4]])
__global__ void allLanes(const float *x, float *y) {
  float v = x[threadIdx.x];
  float s = warpSum(v);
  y[threadIdx.x] = v / s;
}

// A warp operation from another file.
// DIAG-DAG: wave-native-refused.cu:[[@LINE+2]]:{{[0-9]+}}: note: 'external' stays logical32 (32-lane warps): not a recognised warp or block reduction: it calls 'otherWarpSum' (line [[@LINE+5]]), which is not defined in this file (it may use warp operations)
__device__ float otherWarpSum(float);
__device__ float external(float v) {
  __shared__ float s[32];
  v = warpSum(v);
  v += otherWarpSum(v);
  if (threadIdx.x % 32 == 0) s[threadIdx.x / 32] = v;
  return v;
}

// A ballot next to the reduction.
// DIAG-DAG: wave-native-refused.cu:[[@LINE+2]]:{{[0-9]+}}: note: 'withBallot' stays logical32 (32-lane warps): not a recognised warp or block reduction: it uses '__ballot_sync' at line [[@LINE+4]] directly
// CHECK: {{^}}  unsigned b = cu2hip::ballot_sync32(0xffffffff, v > 0);
__global__ void withBallot(const float *x, float *y) {
  float v = x[threadIdx.x];
  unsigned b = __ballot_sync(0xffffffff, v > 0);
  v = warpSum(v);
  if (threadIdx.x % 32 == 0) atomicAdd(y, v + b);
}

// The lane variable changed after its definition.
// DIAG-DAG: wave-native-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'changed' stays logical32 (32-lane warps): not a recognised warp or block reduction: the statement at line [[@LINE+4]] uses the lane, warp, shared staging array, a per-warp value or a warp reduction outside the recognised block-reduction steps ('lane' at line [[@LINE+4]])
__global__ void changed(const float *x, float *y) {
  int lane = threadIdx.x % 32;
  float v = warpSum(x[threadIdx.x]);
  lane = 0;
  if (lane == 0) atomicAdd(y, v);
}

// A warp reduction whose address is taken: every use must be a direct call.
// DIAG-DAG: wave-native-refused.cu:[[@LINE+2]]:{{[0-9]+}}: note: 'warpSum2' stays logical32 (32-lane warps): 'warpSum2' is declared or used other than by a direct call at line [[@LINE+6]]
// CHECK: {{^}}  for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(cu2hip::mask64(0xffffffff), v, o, 32);
__device__ float warpSum2(float v) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffff, v, o);
  return v;
}
__device__ float (*pick)(float) = warpSum2;
// DIAG-DAG: wave-native-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'viaPointer' stays logical32 (32-lane warps): not a recognised warp or block reduction: it calls 'warpSum2', which stays logical32: 'warpSum2' is declared or used other than by a direct call at line [[@LINE-1]]
__global__ void viaPointer(const float *x, float *y) {
  float v = warpSum2(x[threadIdx.x]);
  if (threadIdx.x % 32 == 0) atomicAdd(y, v);
}

// #if branches inside the body are not followed.
// DIAG-DAG: wave-native-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'withIf' stays logical32 (32-lane warps): its body has #if/#else lines, which the idiom match does not follow
__device__ float withIf(float v) {
#ifdef USE_MAX
  for (int o = 16; o > 0; o /= 2) v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, o));
#else
  for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffff, v, o);
#endif
  return v;
}

// 'warpSum' itself: no native caller.
// DIAG-DAG: wave-native-refused.cu:10:{{[0-9]+}}: note: 'warpSum' stays logical32 (32-lane warps): no recognised block reduction in this file calls it; its callers use the result per 32-lane warp
// CHECK-NOT: cu2hip_w
// CHECK-NOT: width_mask
// DIAG-NOT: callsHalf
// DIAG-NOT: error
