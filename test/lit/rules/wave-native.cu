// --wave=native: recognised warp/block reductions use the full wavefront.
// The warp reduction gets a width parameter (default 32, so other callers
// keep logical32); the block reduction uses cu2hip::native_wave_width() for
// its lane, warp and warp-count arithmetic; a per-warp caller in the same
// file stays logical32 with a note. Default mode: all logical32, no note.
// RUN: %cu2hip %s -o - --no-summary --wave=native 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary 2>%t32.err | %strip | FileCheck --check-prefix=L32 %s
// RUN: FileCheck --allow-empty --check-prefix=L32DIAG %s < %t32.err
// COMPILE-CHECK: all
// COMPILE-ARGS: --wave=native
#include <cuda_runtime.h>
#define WARP_SIZE 32
#define FULL 0xffffffffu

// CHECK: {{^}}__inline__ __device__ float warpReduceSum(float val, int cu2hip_width = 32) {
// CHECK-NEXT: {{^}}  for (int offset = cu2hip_width / 2; offset > 0; offset /= 2)
// CHECK-NEXT: {{^}}    val += __shfl_down_sync(cu2hip::width_mask(cu2hip_width), val, offset, cu2hip_width);
// L32: {{^}}__inline__ __device__ float warpReduceSum(float val) {
// L32-NEXT: {{^}}  for (int offset = cu2hip::logical_warp_size / 2; offset > 0; offset /= 2)
// L32-NEXT: {{^}}    val += cu2hip::shfl_down_sync_full(0xffffffff, val, offset, 32);
__inline__ __device__ float warpReduceSum(float val) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    val += __shfl_down_sync(0xffffffff, val, offset);
  return val;
}

// CHECK: {{^}}__inline__ __device__ float blockReduceSum(float val) {
// CHECK-NEXT: {{^}}  const int cu2hip_w = cu2hip::native_wave_width();
// CHECK-NEXT: {{^}}  static __shared__ float shared[32];
// CHECK-NEXT: {{^}}  int lane = threadIdx.x % cu2hip_w;
// CHECK-NEXT: {{^}}  int wid = threadIdx.x / cu2hip_w;
// CHECK-NEXT: {{^}}  val = warpReduceSum(val, cu2hip_w);
// CHECK-NEXT: {{^}}  if (lane == 0) shared[wid] = val;
// CHECK-NEXT: {{^}}  __syncthreads();
// CHECK-NEXT: {{^}}  val = (threadIdx.x < blockDim.x / cu2hip_w) ? shared[lane] : 0;
// CHECK-NEXT: {{^}}  if (wid == 0) val = warpReduceSum(val, cu2hip_w);
// L32: {{^}}  int lane = threadIdx.x % cu2hip::logical_warp_size;
// L32: {{^}}  val = warpReduceSum(val);
__inline__ __device__ float blockReduceSum(float val) {
  static __shared__ float shared[32];
  int lane = threadIdx.x % warpSize;
  int wid = threadIdx.x / warpSize;
  val = warpReduceSum(val);
  if (lane == 0) shared[wid] = val;
  __syncthreads();
  val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0;
  if (wid == 0) val = warpReduceSum(val);
  return val;
}

// A kernel that only calls the block reduction is not touched.
// CHECK: {{^}}  sum = blockReduceSum(sum);
__global__ void reduceKernel(const float *in, float *out, int n) {
  float sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    sum += in[i];
  sum = blockReduceSum(sum);
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

// Per-warp results stay logical32 (default width 32).
// DIAG: wave-native.cu:[[@LINE+3]]:17: note: 'warpSums' stays logical32 (32-lane warps): not a recognised warp or block reduction: '32' at line [[@LINE+6]] is not a recognised lane, warp, warp-count or first-warp form [wave-native]
// CHECK: {{^}}  float v = warpReduceSum(x[i]);
// CHECK: {{^}}  if ((threadIdx.x & 31) == 0) y[i / 32] = v;
__global__ void warpSums(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = warpReduceSum(x[i]);
  if ((threadIdx.x & 31) == 0) y[i / 32] = v;
}

// Butterfly max, template, macro width and mask, #pragma unroll; the block
// reduction inline in a kernel with shift/mask spellings and a round-up
// warp count; a first-warp guard.
// CHECK: {{^}}__device__ T warpMax(T v, int cu2hip_width = 32) {
// CHECK-NEXT: {{^}}#pragma unroll
// CHECK-NEXT: {{^}}  for (int o = cu2hip_width / 2; o > 0; o >>= 1)
// CHECK-NEXT: {{^}}    v = max(v, __shfl_xor_sync(cu2hip::width_mask(cu2hip_width), v, o, cu2hip_width));
template <typename T>
__device__ T warpMax(T v) {
#pragma unroll
  for (int o = WARP_SIZE >> 1; o > 0; o >>= 1)
    v = max(v, __shfl_xor_sync(FULL, v, o, WARP_SIZE));
  return v;
}

// CHECK: {{^}}__global__ void blockMax(const int *x, int *out) {
// CHECK-NEXT: {{^}}  const int cu2hip_w = cu2hip::native_wave_width();
// CHECK-NEXT: {{^}}  __shared__ int partial[WARP_SIZE];
// CHECK-NEXT: {{^}}  const int lane = threadIdx.x & (cu2hip_w - 1);
// CHECK-NEXT: {{^}}  const int warp = threadIdx.x / cu2hip_w;
// CHECK-NEXT: {{^}}  const int nwarps = (blockDim.x + cu2hip_w - 1) / cu2hip_w;
// CHECK: {{^}}  int w = warpMax<int>(v, cu2hip_w);
// CHECK: {{^}}  if (threadIdx.x < cu2hip_w) {
// CHECK-NEXT: {{^}}    v = lane < nwarps ? partial[lane] : -2147483647;
// CHECK-NEXT: {{^}}    v = warpMax(v, cu2hip_w);
__global__ void blockMax(const int *x, int *out) {
  __shared__ int partial[WARP_SIZE];
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  const int nwarps = (blockDim.x + WARP_SIZE - 1) / WARP_SIZE;
  int v = x[blockIdx.x * blockDim.x + threadIdx.x];
  int w = warpMax<int>(v);
  if (lane == 0) {
    partial[warp] = w;
  }
  __syncthreads();
  if (threadIdx.x < 32) {
    v = lane < nwarps ? partial[lane] : -2147483647;
    v = warpMax(v);
    if (lane == 0) out[blockIdx.x] = v;
  }
}

// Old-style unsynchronised shuffles, (blockDim.x + 31) >> 5, inline forms,
// a partial result into an atomic.
// CHECK: {{^}}__device__ int warpOr(int v, int cu2hip_width = 32) {
// CHECK-NEXT: {{^}}  for (int o = cu2hip_width / 2; o != 0; o = o >> 1) v |= __shfl_xor(v, o, cu2hip_width);
__device__ int warpOr(int v) {
  for (int o = 16; o != 0; o = o >> 1) v |= __shfl_xor(v, o);
  return v;
}
// CHECK: {{^}}  v = warpOr(v, cu2hip_w);
// CHECK-NEXT: {{^}}  if (threadIdx.x % cu2hip_w == 0) atomicOr(out, v);
// CHECK: {{^}}  if (!(threadIdx.x & (cu2hip_w - 1))) s[threadIdx.x / cu2hip_w] = v;
// CHECK: {{^}}  if (threadIdx.x / cu2hip_w == 0) {
// CHECK-NEXT: {{^}}    v = threadIdx.x < ((blockDim.x + cu2hip_w - 1) / cu2hip_w) ? s[threadIdx.x % cu2hip_w] : 0;
// CHECK-NEXT: {{^}}    v = warpOr(v, cu2hip_w);
__global__ void orAll(const int *x, int *out) {
  __shared__ int s[32];
  int v = x[blockIdx.x * blockDim.x + threadIdx.x];
  v = warpOr(v);
  if (threadIdx.x % 32 == 0) atomicOr(out, v);
}
__global__ void orBlock(const int *x, int *out) {
  __shared__ int s[32];
  int v = x[blockIdx.x * blockDim.x + threadIdx.x];
  v = warpOr(v);
  if (!(threadIdx.x & 31)) s[threadIdx.x >> 5] = v;
  __syncthreads();
  if (threadIdx.x >> 5 == 0) {
    v = threadIdx.x < ((blockDim.x + 31) >> 5) ? s[threadIdx.x % 32] : 0;
    v = warpOr(v);
  }
  if (threadIdx.x == 0) out[1] = v;
}
// Unrolled tree: the wave64 step (offset 32) is added under a width test;
// ascending butterfly: the bound becomes the width.
// CHECK: {{^}}__device__ float warpSumUnrolled(float val, int cu2hip_width = 32) {
// CHECK-NEXT: {{^}}  if (cu2hip_width > 32) val += __shfl_down_sync(cu2hip::width_mask(cu2hip_width), val, 32, cu2hip_width);
// CHECK-NEXT: {{^}}  val += __shfl_down_sync(cu2hip::width_mask(cu2hip_width), val, 16, cu2hip_width);
// CHECK-NEXT: {{^}}  val += __shfl_down_sync(cu2hip::width_mask(cu2hip_width), val, 8, cu2hip_width);
// CHECK: {{^}}  val += __shfl_down_sync(cu2hip::width_mask(cu2hip_width), val, 1, cu2hip_width);
__device__ float warpSumUnrolled(float val) {
  val += __shfl_down_sync(~0u, val, 16);
  val += __shfl_down_sync(~0u, val, 8);
  val += __shfl_down_sync(~0u, val, 4);
  val += __shfl_down_sync(~0u, val, 2);
  val += __shfl_down_sync(~0u, val, 1);
  return val;
}
// CHECK: {{^}}__device__ float warpAllSum(float v, int cu2hip_width = 32) {
// CHECK-NEXT: {{^}}  for (int m = 1; m < cu2hip_width; m *= 2)
// CHECK-NEXT: {{^}}    v += __shfl_xor_sync(cu2hip::width_mask(cu2hip_width), v, m, cu2hip_width);
__device__ float warpAllSum(float v) {
  for (int m = 1; m < 32; m *= 2)
    v += __shfl_xor_sync(0xffffffff, v, m);
  return v;
}
// CHECK: {{^}}  v = threadIdx.x < blockDim.x / cu2hip_w ? s[threadIdx.x % cu2hip_w] : 0.f;
// CHECK-NEXT: {{^}}  if (threadIdx.x / cu2hip_w == 0) v = warpAllSum(v, cu2hip_w);
__device__ float blockSum2(float v) {
  __shared__ float s[32];
  v = warpSumUnrolled(v);
  if (threadIdx.x % 32 == 0) s[threadIdx.x / 32] = v;
  __syncthreads();
  v = threadIdx.x < blockDim.x / 32 ? s[threadIdx.x % 32] : 0.f;
  if (threadIdx.x / 32 == 0) v = warpAllSum(v);
  return v;
}
// DIAG-NOT: warpReduceSum' stays
// DIAG-NOT: blockReduceSum' stays
// DIAG-NOT: error
// L32DIAG-NOT: [wave-native
