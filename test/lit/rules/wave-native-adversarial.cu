// --wave=native must refuse near-misses of the block-reduction idiom whose
// results would change at wave 64: each kernel below stays logical32 with a
// note (no cu2hip_w anywhere, and no warp reduction gets a width parameter).
// RUN: %cu2hip %s -o - --no-summary --wave=native 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
// COMPILE-ARGS: --wave=native
#include <cuda_runtime.h>
#define SUM(a) warpSumM(a)
#define LOG_WARP 5
#define WID (threadIdx.x / 32)
// CHECK-NOT: native_wave_width
// CHECK-NOT: cu2hip_width

// DIAG-DAG: wave-native-adversarial.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'warpSumM' stays logical32 (32-lane warps): a macro uses 'warpSumM' at line 9
__device__ float warpSumM(float v) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}
__device__ float warpSum(float v) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}
// A warp reduction called through a function-like macro.
// DIAG-DAG: wave-native-adversarial.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'viaMacro' stays logical32 (32-lane warps): not a recognised warp or block reduction: it uses the macro 'SUM' at line [[@LINE+2]] (macros are not followed)
__global__ void viaMacro(const float *x, float *y) {
  float v = SUM(x[threadIdx.x]);
  if (threadIdx.x % 32 == 0) atomicAdd(y, v);
}
// Counting warps under `lane == 0`.
// DIAG-DAG: wave-native-adversarial.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'countWarps' stays logical32 (32-lane warps): not a recognised warp or block reduction: the statement at line [[@LINE+6]] under `lane == 0` is neither `shared[warp] = partial;` nor `atomicOp(p, partial);`
__global__ void countWarps(const float *x, float *y) {
  __shared__ float s[32];
  int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
  float v = warpSum(x[threadIdx.x]);
  if (lane == 0) s[wid] = v;
  if (lane == 0) atomicAdd(&y[1], 1.f);
  __syncthreads();
  v = (threadIdx.x < blockDim.x / 32) ? s[lane] : 0;
  if (wid == 0) v = warpSum(v);
  if (threadIdx.x == 0) y[0] = v;
}
// The first-warp test and the warp count used for other work.
// DIAG-DAG: wave-native-adversarial.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'firstWarpWork' stays logical32 (32-lane warps): not a recognised warp or block reduction: the statement at line [[@LINE+7]] in the first-warp block is neither a shared-array read, a final warp reduction, nor `if (lane == 0) ...` using block results only
__global__ void firstWarpWork(const float *x, float *y) {
  __shared__ float s[32];
  int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
  float v = warpSum(x[threadIdx.x]);
  if (lane == 0) s[wid] = v;
  __syncthreads();
  if (threadIdx.x < 32) atomicAdd(&y[2], 1.f);
  float c = 0;
  for (int i = 0; i < blockDim.x / 32; ++i) c += 1;
  v = (threadIdx.x < blockDim.x / 32) ? s[lane] : 0;
  if (wid == 0) v = warpSum(v);
  if (threadIdx.x == 0) y[0] = v / c;
}
// Reading the warp's own sum back; conditions that only contain `lane == 0`.
// DIAG-DAG: wave-native-adversarial.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'readBack' stays logical32 (32-lane warps): not a recognised warp or block reduction: the statement at line [[@LINE+7]] uses the lane, warp, shared staging array, a per-warp value or a warp reduction outside the recognised block-reduction steps ('s' at line [[@LINE+7]])
__global__ void readBack(const float *x, float *y) {
  __shared__ float s[32];
  int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
  float v = warpSum(x[threadIdx.x]);
  if (lane == 0) s[wid] = v;
  __syncthreads();
  float mine = s[wid];
  if (threadIdx.x == 33) y[2] = mine;
}
// DIAG-DAG: wave-native-adversarial.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'notLaneZero' stays logical32 (32-lane warps): not a recognised warp or block reduction: the statement at line [[@LINE+4]] uses the lane, warp, shared staging array, a per-warp value or a warp reduction outside the recognised block-reduction steps ('lane' at line [[@LINE+4]])
__global__ void notLaneZero(const float *x, float *y) {
  int lane = threadIdx.x % 32;
  float w = warpSum(x[threadIdx.x]);
  if (!(lane == 0)) atomicAdd(&y[2], w);
}
// DIAG-DAG: wave-native-adversarial.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'laneZeroPlus' stays logical32 (32-lane warps): not a recognised warp or block reduction: the statement at line [[@LINE+4]] uses the lane, warp, shared staging array, a per-warp value or a warp reduction outside the recognised block-reduction steps ('lane' at line [[@LINE+4]])
__global__ void laneZeroPlus(const float *x, float *y) {
  int lane = threadIdx.x % 32;
  float w = warpSum(x[threadIdx.x]);
  if (lane == 0 + 16) atomicAdd(&y[2], w);
}
// The partial result reused through `w = w * 1.0f`.
// DIAG-DAG: wave-native-adversarial.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'selfAssign' stays logical32 (32-lane warps): not a recognised warp or block reduction: the statement at line [[@LINE+5]] uses the lane, warp, shared staging array, a per-warp value or a warp reduction outside the recognised block-reduction steps ('w' at line [[@LINE+5]])
__global__ void selfAssign(const float *x, float *y) {
  int lane = threadIdx.x % 32;
  float w = warpSum(x[threadIdx.x]);
  if (lane == 0) atomicAdd(&y[0], w);
  w = w * 1.0f;
  if (threadIdx.x == 40) y[3] = w;
}
// A first-stage argument read from the staging array.
// DIAG-DAG: wave-native-adversarial.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'stagedArg' stays logical32 (32-lane warps): not a recognised warp or block reduction: the statement at line [[@LINE+3]] uses the lane, warp, shared staging array or warp reduction before the first warp reduction ('s' at line [[@LINE+3]])
__global__ void stagedArg(const float *x, float *y) {
  __shared__ float s[32];
  float v = s[0] + x[threadIdx.x];
  v = warpSum(v);
  if (threadIdx.x == 40) y[2] = v;
}
// Geometry through macros: a constant (LOG_WARP) is a value like any other,
// so the shift is a warp index, but the shared array is never read back; an
// expression (WID) is not followed.
// DIAG-DAG: wave-native-adversarial.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'shiftMacro' stays logical32 (32-lane warps): not a recognised warp or block reduction: the two-stage block-reduction pattern is incomplete
__global__ void shiftMacro(const float *x, float *y) {
  __shared__ float s[32];
  int lane = threadIdx.x % 32, wid = threadIdx.x >> LOG_WARP;
  float v = warpSum(x[threadIdx.x]);
  if (lane == 0) s[wid] = v;
}
// DIAG-DAG: wave-native-adversarial.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'widMacro' stays logical32 (32-lane warps): not a recognised warp or block reduction: it uses the macro 'WID' at line [[@LINE+4]] (macros are not followed)
__global__ void widMacro(const float *x, float *y) {
  __shared__ float s[32];
  float v = warpSum(x[threadIdx.x]);
  if (threadIdx.x % 32 == 0) s[WID] = v;
}
// Zero-initialising the staging array by thread index.
// DIAG-DAG: wave-native-adversarial.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'zeroInit' stays logical32 (32-lane warps): not a recognised warp or block reduction: the statement at line [[@LINE+3]] uses the lane, warp, shared staging array or warp reduction before the first warp reduction ('threadIdx' at line [[@LINE+3]])
__global__ void zeroInit(const float *x, float *y) {
  __shared__ float s[32];
  if (threadIdx.x < 32) s[threadIdx.x] = 0;
  __syncthreads();
  float v = warpSum(x[threadIdx.x]);
  if (threadIdx.x % 32 == 0) s[threadIdx.x / 32] = v;
}
// A helper with a trailing return type and one from another file.
// DIAG-DAG: wave-native-adversarial.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'rowsum' stays logical32 (32-lane warps): no recognised block reduction in this file calls it; its callers use the result per 32-lane warp
__device__ auto rowsum(float v) -> float {
  for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffff, v, o);
  return v;
}
__device__ float helperElsewhere(float);
// DIAG-DAG: wave-native-adversarial.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'unknownHelper' stays logical32 (32-lane warps): not a recognised warp or block reduction: it calls 'helperElsewhere' (line [[@LINE+2]]), which is not defined in this file (it may use warp operations)
__device__ void unknownHelper(const float *x, float *y) {
  float v = helperElsewhere(x[threadIdx.x]);
  v = rowsum(v);
  if (threadIdx.x % 32 == 0) atomicAdd(y, v);
}
// A lambda around the first stage.
// DIAG-DAG: wave-native-adversarial.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'withLambda' stays logical32 (32-lane warps): not a recognised warp or block reduction: a lambda at line [[@LINE+2]]
__global__ void withLambda(const float *x, float *y) {
  auto st = [](float a) { return rowsum(a); };
  float v = st(x[threadIdx.x]);
  if (threadIdx.x % 32 == 0) atomicAdd(y, v);
}
// A defaulted second parameter, an overload, a prototype, a namesake. Sema
// tells the overloads, the prototype and the namespaces apart, so sumOver
// (float), sumProto and a::sumNs are warp reductions; they stay logical32
// because their only caller, useAll, also calls sumDefault and b::sumNs.
// DIAG-DAG: wave-native-adversarial.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'sumDefault' stays logical32 (32-lane warps): not a recognised warp or block reduction: it uses '__shfl_down_sync' at line [[@LINE+2]] directly
__device__ float sumDefault(float v, int unused = 0) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}
// DIAG-DAG: wave-native-adversarial.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'sumOver' stays logical32 (32-lane warps): no recognised block reduction in this file calls it; its callers use the result per 32-lane warp
__device__ float sumOver(float v) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}
__device__ int sumOver(int v) { return __reduce_add_sync(0xffffffff, v); }
// DIAG-DAG: wave-native-adversarial.cu:[[@LINE+2]]:{{[0-9]+}}: note: 'sumProto' stays logical32 (32-lane warps): no recognised block reduction in this file calls it; its callers use the result per 32-lane warp
__device__ float sumProto(float v);
__device__ float sumProto(float v) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}
// DIAG-DAG: wave-native-adversarial.cu:[[@LINE+2]]:{{[0-9]+}}: note: 'sumNs' stays logical32 (32-lane warps): no recognised block reduction in this file calls it
// DIAG-DAG: wave-native-adversarial.cu:[[@LINE+5]]:{{[0-9]+}}: note: 'sumNs' stays logical32 (32-lane warps): not a recognised warp or block reduction: it uses '__shfl_sync' at line [[@LINE+5]] directly
namespace a { __device__ float sumNs(float v) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
  return v;
} }
namespace b { __device__ float sumNs(float v) { return __shfl_sync(0xffffffff, v, 0); } }
// DIAG-DAG: wave-native-adversarial.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'useAll' stays logical32 (32-lane warps): not a recognised warp or block reduction: it calls 'sumDefault', which uses warp operations and is not a recognised warp reduction
__global__ void useAll(const float *x, float *y) {
  float v = x[threadIdx.x];
  float p = sumDefault(v), q = sumOver(v), r = sumProto(v), t = b::sumNs(v);
  if (threadIdx.x % 32 == 0) atomicAdd(y, p + q + r + t);
}
// DIAG-NOT: error
