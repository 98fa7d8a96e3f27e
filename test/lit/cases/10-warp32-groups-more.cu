// Kind of case 10: 32-lane group code that is silently wrong on wave64 with
// un-widthed shuffles, wavefront-wide ballots and votes, hipCUB default
// widths and warpSize-sized arrays: everything is kept at 32 lanes.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
#include <cub/cub.cuh>
#define WARP_SIZE 32
__device__ float warp_max(float v) {
  for (int o = WARP_SIZE / 2; o > 0; o >>= 1)
    // CHECK: {{^}}    v = fmaxf(v, cu2hip::shfl_xor_sync_full(0xffffffff, v, o, 32));
    v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, o));
  return v;
}
__global__ void rows(const float *x, float *y, int *cnt, int ncols) {
  int lane = threadIdx.x % WARP_SIZE, warp = threadIdx.x / WARP_SIZE;
  // CHECK: {{^}}  __shared__ float part[1024 / cu2hip::logical_warp_size];
  __shared__ float part[1024 / warpSize];
  float m = warp_max(x[blockIdx.x * ncols + threadIdx.x]);
  // CHECK: {{^}}  m = cu2hip::shfl_sync_full(0xffffffff, m, WARP_SIZE - 1, 32);
  m = __shfl_sync(0xffffffff, m, WARP_SIZE - 1);
  // CHECK: {{^}}  unsigned big = cu2hip::ballot_sync32(0xffffffff, m > 0.f);
  unsigned big = __ballot_sync(0xffffffff, m > 0.f);
  // CHECK: {{^}}  if (cu2hip::any_sync32(0xffffffff, m > 1.f) && lane == 0) atomicAdd(cnt, __popc(big));
  if (__any_sync(0xffffffff, m > 1.f) && lane == 0) atomicAdd(cnt, __popc(big));
  // CHECK: {{^}}  typedef hipcub::WarpReduce<float, 32> WR;
  typedef cub::WarpReduce<float> WR;
  __shared__ typename WR::TempStorage t[32];
  float s = WR(t[warp]).Sum(m);
  if (lane == 0) part[warp] = s;
  __syncthreads();
  y[blockIdx.x * ncols + threadIdx.x] = part[warp];
}
// CHECK-NOT: {{[^0-9]}}64{{[^0-9]}}
// DIAG-NOT: error
