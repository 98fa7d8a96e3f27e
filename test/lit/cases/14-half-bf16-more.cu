// Kind of case 14: fp16/bf16 types, vector types and conversion intrinsics
// all map to names that exist in HIP (or to cu2hip/compat.h), or are
// reported; none is left as an undeclared CUDA name silently.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
// CHECK: {{^}}__global__ void cvt(const float *x, __half *h, __half2 *h2, __hip_bfloat16 *b, __hip_bfloat162 *b2, float *y, int n) {
__global__ void cvt(const float *x, __half *h, __half2 *h2, __nv_bfloat16 *b, __nv_bfloat162 *b2, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  h[i] = __float2half(x[i]);
  h2[i] = __floats2half2_rn(x[i], 1.f);
  // CHECK: {{^}}  b[i] = __float2bfloat16(x[i]);
  b[i] = __float2bfloat16(x[i]);
  // CHECK: {{^}}  b2[i] = cu2hip::float2bfloat162_rn(x[i]);
  b2[i] = __float2bfloat162_rn(x[i]);
  // CHECK: {{^}}  y[i] = __half2float(h[i]) + __bfloat162float(b[i]) + __low2float(b2[i]);
  y[i] = __half2float(h[i]) + __bfloat162float(b[i]) + __low2float(b2[i]);
}
// CHECK-NOT: __nv_bfloat
// DIAG-NOT: error
