// --vectorize: one-element-per-thread kernels are left scalar with a note:
// their 128-bit form (cu2hip::vec_map_at) with the original launch measured
// slower than the scalar kernel, and the porter does not rewrite launches.
// Refusal reasons for this shape are the same as for the grid-stride form.
// RUN: %cu2hip %s -o - --no-summary --vectorize 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-ARGS: --vectorize
// COMPILE-CHECK: all
#include <cuda_runtime.h>

// DIAG: vectorize-single-index.cu:[[@LINE+3]]:{{[0-9]+}}: note: kernel 'scale' not vectorized: single-index form (one element per thread): its 128-bit form (cu2hip::vec_map_at) needs the launch rewritten to cu2hip::vec_map_at_threads, and with the original launch it measured 0.78-0.89x of the scalar kernel (docs/vectorize.md); left scalar. A grid-stride loop is rewritten [vectorize]
// CHECK: {{^}}  int i = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-NEXT: {{^}}  if (i < n) y[i] = s * x[i];
__global__ void scale(float *__restrict__ y, const float *__restrict__ x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = s * x[i];
}
// DIAG: vectorize-single-index.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'add_early_return' not vectorized: single-index form (one element per thread){{.*}}[vectorize]
__global__ void add_early_return(float *__restrict__ y, const float *__restrict__ a,
                                 const float *__restrict__ b, size_t n) {
  size_t i = threadIdx.x + (size_t)blockIdx.x * blockDim.x;
  if (i >= n) return;
  y[i] = a[i] + b[i];
}
// DIAG: vectorize-single-index.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'braced' not vectorized: single-index form (one element per thread){{.*}}[vectorize]
__global__ void braced(double *__restrict__ y, const double *__restrict__ x, int n) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < n) {
    y[idx] = x[idx] * x[idx];
  }
}
// DIAG: vectorize-single-index.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'alias' not vectorized: 'x' is not __restrict__: it may overlap the output [vectorize]
__global__ void alias(float *__restrict__ y, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
// DIAG: vectorize-single-index.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'two_d' not vectorized: the index is not 'blockIdx.x * blockDim.x + threadIdx.x' (index not contiguous) [vectorize]
__global__ void two_d(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.y * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
// DIAG: vectorize-single-index.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'guard_more' not vectorized: the bounds check is not 'if (i < n)' or 'if (i >= n) return;' with n an integer parameter [vectorize]
__global__ void guard_more(float *__restrict__ y, const float *__restrict__ x, int n, bool on) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && on) y[i] = x[i];
}
// Kernels that start with an index but are not one guarded store are not
// elementwise candidates: no note.
__global__ void more_after(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
  __syncthreads();
}
__global__ void row_softmax(float *__restrict__ y, const float *__restrict__ x, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float m = x[r * cols];
  for (int c = 1; c < cols; ++c) m = fmaxf(m, x[r * cols + c]);
  float s = 0.f;
  for (int c = 0; c < cols; ++c) s += expf(x[r * cols + c] - m);
  for (int c = 0; c < cols; ++c) y[r * cols + c] = expf(x[r * cols + c] - m) / s;
}
// DIAG-NOT: more_after
// DIAG-NOT: row_softmax
// CHECK-NOT: vec_map
// DIAG-NOT: error
