// --wave=native matches constants by value (Clang's constant evaluation):
// `constexpr` widths, `static constexpr` members, enumerators and `auto`
// loop counters are the warp width, half width and full mask like literals.
// The rewritten expressions are replaced whole (kWarp / 2 -> cu2hip_width / 2).
// RUN: %cu2hip %s -o - --no-summary --wave=native 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
// COMPILE-ARGS: --wave=native
#include <cuda_runtime.h>
constexpr int kWarp = 32;
struct Geometry {
  static constexpr int kLanes = 32;
  static constexpr unsigned kLog2 = 5;
};
enum : unsigned { kFullMask = 0xffffffffu, kHalfWarp = 16 };

// CHECK: {{^}}__device__ float warpSumC(float v, int cu2hip_width = 32) {
// CHECK-NEXT: {{^}}  for (auto o = cu2hip_width / 2; o > 0; o >>= 1)
// CHECK-NEXT: {{^}}    v += __shfl_xor_sync(cu2hip::width_mask(cu2hip_width), v, o, cu2hip_width);
__device__ float warpSumC(float v) {
  for (auto o = kWarp / 2; o > 0; o >>= 1)
    v += __shfl_xor_sync(kFullMask, v, o, Geometry::kLanes);
  return v;
}

// CHECK: {{^}}__device__ int warpOrE(int v, int cu2hip_width = 32) {
// CHECK-NEXT: {{^}}  for (int o = cu2hip_width / 2; o; o /= 2) v |= __shfl_down_sync(cu2hip::width_mask(cu2hip_width), v, o, cu2hip_width);
__device__ int warpOrE(int v) {
  for (int o = kHalfWarp; o; o /= 2) v |= __shfl_down_sync(kFullMask, v, o);
  return v;
}

// CHECK: {{^}}__device__ float blockSumC(float v) {
// CHECK-NEXT: {{^}}  const int cu2hip_w = cu2hip::native_wave_width();
// CHECK-NEXT: {{^}}  static __shared__ float partial[kWarp];
// CHECK-NEXT: {{^}}  const auto lane = threadIdx.x % cu2hip_w;
// CHECK-NEXT: {{^}}  const auto warp = threadIdx.x / cu2hip_w;
// CHECK-NEXT: {{^}}  const unsigned warps = (blockDim.x + cu2hip_w - 1) / cu2hip_w;
// CHECK-NEXT: {{^}}  v = warpSumC(v, cu2hip_w);
// CHECK-NEXT: {{^}}  if (lane == 0) partial[warp] = v;
// CHECK-NEXT: {{^}}  __syncthreads();
// CHECK-NEXT: {{^}}  v = (lane < warps) ? partial[lane] : 0.0f;
// CHECK-NEXT: {{^}}  if (warp == 0) v = warpSumC(v, cu2hip_w);
__device__ float blockSumC(float v) {
  static __shared__ float partial[kWarp];
  const auto lane = threadIdx.x % kWarp;
  const auto warp = threadIdx.x / Geometry::kLanes;
  const unsigned warps = (blockDim.x + kWarp - 1) / kWarp;
  v = warpSumC(v);
  if (lane == 0) partial[warp] = v;
  __syncthreads();
  v = (lane < warps) ? partial[lane] : 0.0f;
  if (warp == 0) v = warpSumC(v);
  return v;
}

// A local named constant, a shift by a constant member, a mask by value.
// CHECK: {{^}}__global__ void orBlock(const int *x, int *out) {
// CHECK-NEXT: {{^}}  const int cu2hip_w = cu2hip::native_wave_width();
// CHECK-NEXT: {{^}}  constexpr int kW = 32;
// CHECK-NEXT: {{^}}  __shared__ int s[kW];
// CHECK-NEXT: {{^}}  const int lane = threadIdx.x & (cu2hip_w - 1);
// CHECK-NEXT: {{^}}  const int warp = threadIdx.x / cu2hip_w;
// CHECK-NEXT: {{^}}  int v = warpOrE(x[blockIdx.x * blockDim.x + threadIdx.x], cu2hip_w);
// CHECK: {{^}}  if (threadIdx.x < cu2hip_w) {
// CHECK-NEXT: {{^}}    v = lane < blockDim.x / cu2hip_w ? s[lane] : 0;
// CHECK-NEXT: {{^}}    v = warpOrE(v, cu2hip_w);
__global__ void orBlock(const int *x, int *out) {
  constexpr int kW = 32;
  __shared__ int s[kW];
  const int lane = threadIdx.x & (kW - 1);
  const int warp = threadIdx.x >> Geometry::kLog2;
  int v = warpOrE(x[blockIdx.x * blockDim.x + threadIdx.x]);
  if (lane == 0) s[warp] = v;
  __syncthreads();
  if (threadIdx.x < kWarp) {
    v = lane < blockDim.x / kW ? s[lane] : 0;
    v = warpOrE(v);
    if (lane == 0) out[blockIdx.x] = v;
  }
}

// A named constant of 32 used outside the geometry forms is refused like
// the literal.
// DIAG: wave-native-ast-constexpr.cu:[[@LINE+3]]:{{[0-9]+}}: note: 'perWarp' stays logical32 (32-lane warps): not a recognised warp or block reduction: 'kWarp' at line [[@LINE+5]] is not a recognised lane, warp, warp-count or first-warp form
// CHECK: {{^}}__global__ void perWarp(const float *x, float *y) {
// CHECK-NEXT: {{^}}  float v = warpSumC(x[threadIdx.x]);
__global__ void perWarp(const float *x, float *y) {
  float v = warpSumC(x[threadIdx.x]);
  if (threadIdx.x % kWarp == 0) y[threadIdx.x / 32 + blockIdx.x * kWarp] = v;
}

// Macros of the C and CUDA headers (INFINITY) are code like any other.
// CHECK: {{^}}__device__ float warpMaxF(float v, int cu2hip_width = 32) {
__device__ float warpMaxF(float v) {
  for (int o = 16; o > 0; o /= 2) v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, o));
  return v;
}
// CHECK: {{^}}  v = threadIdx.x < blockDim.x / cu2hip_w ? s[threadIdx.x % cu2hip_w] : -INFINITY;
__global__ void maxInf(const float *x, float *out) {
  __shared__ float s[32];
  float v = warpMaxF(x[blockIdx.x * blockDim.x + threadIdx.x]);
  if (threadIdx.x % 32 == 0) s[threadIdx.x / 32] = v;
  __syncthreads();
  v = threadIdx.x < blockDim.x / 32 ? s[threadIdx.x % 32] : -INFINITY;
  if (threadIdx.x < 32) v = warpMaxF(v);
  if (threadIdx.x == 0) out[blockIdx.x] = v;
}
// DIAG-NOT: stays logical32
// DIAG-NOT: error
