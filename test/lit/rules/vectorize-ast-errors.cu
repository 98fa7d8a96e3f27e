// --vectorize decides from the AST and never falls back to tokens: a kernel
// whose body failed to type-check (an undeclared name) stays scalar with a
// note saying why, while a kernel beside it is rewritten.
// RUN: %cu2hip %s -o - --no-summary --vectorize 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
// DIAG: vectorize-ast-errors.cu:[[@LINE+4]]:17: note: kernel 'scaleErr' not vectorized: the kernel's body has errors in the parse [vectorize]
// CHECK: {{^}}__global__ void scaleErr(float *__restrict__ y, const float *__restrict__ x, int n) {
// CHECK-NEXT: {{^}}  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
// CHECK-NEXT: {{^}}    y[i] = undeclared_scale * x[i];
__global__ void scaleErr(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = undeclared_scale * x[i];
}
// CHECK: {{^}}__global__ void scaleOk(float *__restrict__ y, const float *__restrict__ x, int n) {
// CHECK-NEXT: {{^}}  cu2hip::vec_map_grid_stride(
// CHECK: {{^}}      [=](float x_i) { return 2.0f * x_i; }, x);
__global__ void scaleOk(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = 2.0f * x[i];
}
// DIAG-NOT: 'scaleOk' not vectorized
