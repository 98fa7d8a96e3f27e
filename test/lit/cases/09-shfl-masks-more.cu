// Kind of case 09: every *_sync shuffle with a 32-bit mask (literal, macro,
// variable, computed partial mask) gets a 64-bit mask in the lane's half;
// the full-mask ones, which every lane of the warp reaches here (no exit in
// kernel k), become the plain width-32 shuffle (wave-shfl-full).
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
#define FULL_MASK 0xffffffff
__device__ float scan(float v, int lane) {
  for (int d = 1; d < 32; d <<= 1) {
    // CHECK: {{^}}    float t = cu2hip::shfl_up_sync_full(FULL_MASK, v, d, 32);
    float t = __shfl_up_sync(FULL_MASK, v, d);
    if (lane >= d) v += t;
  }
  return v;
}
__device__ float tree(float v) {
  for (int o = 16; o > 0; o /= 2)
    // CHECK: {{^}}    v += cu2hip::shfl_down_sync_full(FULL_MASK, v, o, 32);
    v += __shfl_down_sync(FULL_MASK, v, o);
  return v;
}
__global__ void k(float *p, int n) {
  int lane = threadIdx.x & 31;
  // Partial mask computed from the active count (cuda-samples reduce7 style).
  unsigned mask = 0xffffffffu >> (32 - (n < 32 ? n : 32));
  float v = p[threadIdx.x];
  if (lane < n) {
    // CHECK: {{^}}    v += __shfl_down_sync(cu2hip::mask64(mask), v, 1, 32);
    v += __shfl_down_sync(mask, v, 1);
  }
  // A full mask in the kernel with no exit before it: wave-shfl-full.
  // CHECK: {{^}}  p[threadIdx.x] = scan(v, lane) + tree(v) + cu2hip::shfl_sync_full(FULL_MASK, v, 31, 32);
  p[threadIdx.x] = scan(v, lane) + tree(v) + __shfl_sync(FULL_MASK, v, 31);
}
// CHECK-NOT: _sync(FULL_MASK
// DIAG-NOT: error
