// __match_any_sync (sm_70, ROCm >= 6.2 on AMD) gets the 32-lane helper.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
__global__ void k(const int *x, int *out) {
  // CHECK: {{^}}  unsigned m = cu2hip::match_any_sync32(0xffffffff, x[threadIdx.x]);
  unsigned m = __match_any_sync(0xffffffff, x[threadIdx.x]);
  out[threadIdx.x] = __popc(m);
}
