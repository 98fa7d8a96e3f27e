// --vectorize edits kernels at their spelling: a kernel written through a
// macro (its text is the macro's, shared by every expansion) stays as it
// is, with a note saying why; a kernel beside it is rewritten. Kernels in a
// branch no configuration compiles have no AST: one note says so. A virtual
// callee cannot be followed into its body.
// RUN: %cu2hip %s -o - --no-summary --vectorize 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>

#define DEFINE_TWICE(name)                                                                 \
  __global__ void name(float *__restrict__ y, const float *__restrict__ x, int n) {         \
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) \
      y[i] = 2.f * x[i];                                                                   \
  }
// DIAG: vectorize-ast-macro.cu:[[@LINE+3]]:14: note: kernel 'twice_macro' not vectorized: the kernel is written through a macro, so its text cannot be edited at one place [vectorize]
// CHECK: {{^}}DEFINE_TWICE(twice_macro)
// CHECK-NEXT: {{^}}DEFINE_TWICE(twice_macro2)
DEFINE_TWICE(twice_macro)
DEFINE_TWICE(twice_macro2)
// DIAG: vectorize-ast-macro.cu:[[@LINE-1]]:14: note: kernel 'twice_macro2' not vectorized: the kernel is written through a macro

// CHECK-LABEL: __global__ void twice(
// CHECK-NEXT: {{^}}  cu2hip::vec_map_grid_stride(
__global__ void twice(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = 2.f * x[i];
}
// DIAG-NOT: note: kernel 'twice'

#if 0
// DIAG: vectorize-ast-macro.cu:[[@LINE+2]]:1: note: --vectorize rewrites kernels from Clang's parse, and this kernel is in a branch no configuration compiles (#if); left as it is [vectorize]
// CHECK: {{^}}__global__ void off(float *__restrict__ y, const float *__restrict__ x, int n) {
__global__ void off(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = x[i];
}
#endif

struct Op {
  __device__ virtual float f(float v) const { return v; }
};
// DIAG: vectorize-ast-macro.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'virt' not vectorized: the expression calls 'f', which is virtual (the function that runs cannot be checked) [vectorize]
__global__ void virt(float *__restrict__ y, const float *__restrict__ x, const Op *op, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = op->f(x[i]);
}
// DIAG-NOT: error
