// --vectorize: __nv_bfloat16 arrays; the lambda's parameter type is HIP's
// spelling (__hip_bfloat16 exists from ROCm 6 on, hence rocm72 only).
// RUN: %cu2hip %s -o - --no-summary --vectorize 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-ARGS: --vectorize
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
#include <cuda_bf16.h>

// CHECK-LABEL: __global__ void bf16_axpy(__hip_bfloat16 *__restrict__ y, const __hip_bfloat16 *__restrict__ x,
// CHECK: {{^}}  cu2hip::vec_map_grid_stride(
// CHECK-NEXT: {{^}}      (n) > 0 ? (size_t)(n) : (size_t)0, (size_t)blockIdx.x * blockDim.x + threadIdx.x,
// CHECK-NEXT: {{^}}      (size_t)blockDim.x * gridDim.x, y,
// CHECK-NEXT: {{^}}      [=](__hip_bfloat16 x_i, __hip_bfloat16 z_i) { return __float2bfloat16(a * __bfloat162float(x_i) + __bfloat162float(z_i)); }, x, z);
__global__ void bf16_axpy(__nv_bfloat16 *__restrict__ y, const __nv_bfloat16 *__restrict__ x,
                          const __nv_bfloat16 *__restrict__ z, float a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = __float2bfloat16(a * __bfloat162float(x[i]) + __bfloat162float(z[i]));
}
// DIAG-NOT: vectorize
// DIAG-NOT: error
