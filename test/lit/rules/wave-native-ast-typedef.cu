// --wave=native sees through typedefs and aliases of the value type: the
// reductions below are on `real_t` (typedef), `acc_t` (alias of an alias)
// and a class's member typedef, which the shuffles take as float.
// RUN: %cu2hip %s -o - --no-summary --wave=native 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
// COMPILE-ARGS: --wave=native
#include <cuda_runtime.h>
typedef float real_t;
using acc_t = real_t;
struct Traits {
  typedef unsigned index_type;
  using value_type = acc_t;
};

// CHECK: {{^}}__device__ acc_t warpSum(acc_t v, int cu2hip_width = 32) {
// CHECK-NEXT: {{^}}  for (Traits::index_type o = cu2hip_width / 2; o > 0; o >>= 1)
// CHECK-NEXT: {{^}}    v = v + __shfl_down_sync(cu2hip::width_mask(cu2hip_width), v, o, cu2hip_width);
__device__ acc_t warpSum(acc_t v) {
  for (Traits::index_type o = 16; o > 0; o >>= 1)
    v = v + __shfl_down_sync(0xffffffff, v, o);
  return v;
}

// CHECK: {{^}}__device__ Traits::value_type blockSum(real_t v) {
// CHECK-NEXT: {{^}}  const int cu2hip_w = cu2hip::native_wave_width();
// CHECK-NEXT: {{^}}  __shared__ Traits::value_type s[32];
// CHECK-NEXT: {{^}}  Traits::index_type lane = threadIdx.x % cu2hip_w;
// CHECK-NEXT: {{^}}  Traits::index_type warp = threadIdx.x / cu2hip_w;
// CHECK-NEXT: {{^}}  real_t p = warpSum(v, cu2hip_w);
// CHECK-NEXT: {{^}}  if (lane == 0) s[warp] = p;
// CHECK-NEXT: {{^}}  __syncthreads();
// CHECK-NEXT: {{^}}  acc_t q = (threadIdx.x < (blockDim.x + cu2hip_w - 1) / cu2hip_w) ? s[lane] : real_t(0);
// CHECK-NEXT: {{^}}  if (warp == 0) q = warpSum(q, cu2hip_w);
__device__ Traits::value_type blockSum(real_t v) {
  __shared__ Traits::value_type s[32];
  Traits::index_type lane = threadIdx.x % 32;
  Traits::index_type warp = threadIdx.x / 32;
  real_t p = warpSum(v);
  if (lane == 0) s[warp] = p;
  __syncthreads();
  acc_t q = (threadIdx.x < (blockDim.x + 31) / 32) ? s[lane] : real_t(0);
  if (warp == 0) q = warpSum(q);
  return q;
}
// DIAG-NOT: stays logical32
// DIAG-NOT: error
