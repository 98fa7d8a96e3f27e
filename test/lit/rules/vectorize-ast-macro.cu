// --vectorize edits kernels at their spelling: a kernel written through a
// macro (its text is the macro's, shared by every expansion) stays as it
// is, with a note saying why; a kernel beside it is rewritten.
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
// DIAG-NOT: error
