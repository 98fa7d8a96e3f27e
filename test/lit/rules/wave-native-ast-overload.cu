// --wave=native resolves callees by declaration: overloads, namespaces and
// namespace aliases are told apart by Sema, so each call reaches the warp
// reduction it really calls (the token-level match refused these names).
// RUN: %cu2hip %s -o - --no-summary --wave=native 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
// COMPILE-ARGS: --wave=native
#include <cuda_runtime.h>

namespace red {
// CHECK: {{^}}__device__ float warpSum(float v, int cu2hip_width = 32) {
// CHECK-NEXT: {{^}}  for (int o = cu2hip_width / 2; o > 0; o /= 2) v += __shfl_xor_sync(cu2hip::width_mask(cu2hip_width), v, o, cu2hip_width);
__device__ float warpSum(float v) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffff, v, o);
  return v;
}
// CHECK: {{^}}__device__ int warpSum(int v, int cu2hip_width = 32) {
// CHECK-NEXT: {{^}}  for (int o = cu2hip_width / 2; o > 0; o /= 2) v = max(v, __shfl_xor_sync(cu2hip::width_mask(cu2hip_width), v, o, cu2hip_width));
__device__ int warpSum(int v) {
  for (int o = 16; o > 0; o /= 2) v = max(v, __shfl_xor_sync(0xffffffff, v, o));
  return v;
}
} // namespace red

// A namesake in another namespace that is no warp reduction: nothing calls
// it from a block reduction, so no note.
namespace other {
__device__ float warpSum(float v) { return v * 2.0f; }
}
namespace r = red;

// CHECK: {{^}}__global__ void blockBoth(const float *x, const int *y, float *fo, int *io) {
// CHECK-NEXT: {{^}}  const int cu2hip_w = cu2hip::native_wave_width();
// CHECK: {{^}}  float a = r::warpSum(x[i], cu2hip_w);
// CHECK-NEXT: {{^}}  int b = red::warpSum(y[i], cu2hip_w);
// CHECK-NEXT: {{^}}  if (threadIdx.x % cu2hip_w == 0) {
__global__ void blockBoth(const float *x, const int *y, float *fo, int *io) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float c = other::warpSum(x[i]);
  float a = r::warpSum(x[i]);
  int b = red::warpSum(y[i]);
  if (threadIdx.x % 32 == 0) {
    atomicAdd(fo, a);
    atomicMax(io, b);
  }
  fo[1 + i] = c;
}

// A prototype before the definition is the same function: both get the
// width parameter, the default on the first declaration only.
// CHECK: {{^}}__device__ float warpSumP(float v, int cu2hip_width = 32);
// CHECK: {{^}}  float v = warpSumP(x[threadIdx.x], cu2hip_w);
// CHECK: {{^}}__device__ float warpSumP(float v, int cu2hip_width) {
__device__ float warpSumP(float v);
using namespace red;
__global__ void viaUsing(const float *x, float *y) {
  float v = warpSumP(x[threadIdx.x]);
  if (threadIdx.x % 32 == 0) atomicAdd(y, v);
}
__device__ float warpSumP(float v) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}
// DIAG-NOT: stays logical32
// DIAG-NOT: error
