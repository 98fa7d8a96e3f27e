// RUN: %cu2hip %s -o - --no-summary 2>/dev/null | %strip | FileCheck %s
#include <cuda_runtime.h>
#include <cuda_bf16.h>
__global__ void k(const float *x, __nv_bfloat162 *y) {
  // CHECK: {{^}}  y[threadIdx.x] = cu2hip::
  y[threadIdx.x] = __floats2bfloat162_rn(x[threadIdx.x], 1.f);
}
