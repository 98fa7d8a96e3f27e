// --vectorize: one-element-per-thread kernels become vec_map_at (packed.h) when
// every use of the kernel in the file is a launch whose grid is a ceiling
// division of the bound's argument by the block size; those grids are
// rewritten to size the launch by vec_map_at_threads (one thread per
// 128-bit vector plus one per head and tail element).
// RUN: %cu2hip %s -o - --no-summary --vectorize 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// Without the option nothing changes.
// RUN: %cu2hip %s -o - --no-summary 2>&1 | %strip | FileCheck --check-prefix=OFF %s
// COMPILE-ARGS: --vectorize
// COMPILE-CHECK: all
// CHECK: {{^}}#include <hip/hip_runtime.h>
// CHECK-NEXT: {{^}}#include <cu2hip/packed.h>
// OFF-NOT: cu2hip::vec_map_at(
// OFF-NOT: cu2hip::vec_map_at_threads<
// The accepted kernels get no note (notes come in file order).
// DIAG-NOT: note: kernel 'scale'
// DIAG-NOT: note: kernel 'add'
// DIAG-NOT: note: kernel 'square'
// DIAG-NOT: note: kernel 'hscale'
// DIAG-NOT: note: kernel 'relu'
#include <cuda_runtime.h>
#include <cuda_fp16.h>

#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))
#define BLOCK 128
template <typename T> T ceil_div(T a, T b) { return (a + b - 1) / b; }
__host__ __device__ inline int cdiv(int a, int b) { return (a + b - 1) / b; }

// The example of docs/vectorize.md: a signed bound, two launches.
// CHECK-LABEL: __global__ void scale(
// CHECK-NEXT: {{^}}  size_t cu2hip_t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-NEXT: {{^}}  cu2hip::vec_map_at(cu2hip_t, (n) > 0 ? (size_t)(n) : (size_t)0, y, [=](float x_i) { return s * x_i; }, x);
// CHECK-NEXT: {{^}}}
__global__ void scale(float *__restrict__ y, const float *__restrict__ x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = s * x[i];
}

// Early return, an unsigned bound, two inputs, operands swapped.
// CHECK-LABEL: __global__ void add(
// CHECK-NEXT: {{^}}                    const float *__restrict__ b, size_t n) {
// CHECK-NEXT: {{^}}  size_t cu2hip_t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-NEXT: {{^}}  cu2hip::vec_map_at(cu2hip_t, (size_t)(n), y, [=](float a_i, float b_i) { return a_i + b_i; }, a, b);
// CHECK-NEXT: {{^}}}
__global__ void add(float *__restrict__ y, const float *__restrict__ a,
                    const float *__restrict__ b, size_t n) {
  size_t i = threadIdx.x + (size_t)blockIdx.x * blockDim.x;
  if (i >= n) return;
  y[i] = a[i] + b[i];
}

// Braces, double, a const index; the name cu2hip_t is taken.
// CHECK-LABEL: __global__ void square(
// CHECK-NEXT: {{^}}  size_t cu2hip_t_ = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-NEXT: {{^}}  cu2hip::vec_map_at(cu2hip_t_, (cu2hip_t) > 0 ? (size_t)(cu2hip_t) : (size_t)0, y, [=](double x_i) { return x_i * x_i; }, x);
// CHECK-NEXT: {{^}}}
__global__ void square(double *__restrict__ y, const double *__restrict__ x, int cu2hip_t) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < cu2hip_t) {
    y[idx] = x[idx] * x[idx];
  }
}

// __half, an intrinsic, __ldg.
// CHECK-LABEL: __global__ void hscale(
// CHECK-NEXT: {{^}}  size_t cu2hip_t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-NEXT: {{^}}  cu2hip::vec_map_at(cu2hip_t, (size_t)(n), y, [=](__half x_i) { return __hmul(x_i, s); }, x);
__global__ void hscale(__half *__restrict__ y, const __half *__restrict__ x, __half s, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = __hmul(__ldg(&x[i]), s);
}

// A forward declaration and a kernel in a namespace, launched qualified.
namespace ops {
__global__ void relu(float *__restrict__ y, const float *__restrict__ x, int n);
// CHECK-LABEL: __global__ void relu(float *__restrict__ y, const float *__restrict__ x, int n) {
// CHECK-NEXT: {{^}}  size_t cu2hip_t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-NEXT: {{^}}  cu2hip::vec_map_at(cu2hip_t, (n) > 0 ? (size_t)(n) : (size_t)0, y, [=](float x_i) { return fmaxf(x_i, 0.f); }, x);
__global__ void relu(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = fmaxf(x[i], 0.f);
}
} // namespace ops

struct Tensor {
  float *data;
  int size;
};

void run(float *y, const float *x, const float *z, float s, int n, size_t m, int threads,
         double *dy, const double *dx, __half *hy, const __half *hx, __half hs, unsigned un,
         Tensor out, Tensor in, cudaStream_t stream) {
  // Every accepted spelling of the ceiling division.
  // CHECK: {{^}}  scale<<<(cu2hip::vec_map_at_threads<float>(n, y, x) + 255) / 256, 256>>>(y, x, s, n);
  scale<<<(n + 255) / 256, 256>>>(y, x, s, n);
  // CHECK-NEXT: {{^}}  scale<<<(cu2hip::vec_map_at_threads<float>(n, y + 1, x + 1)+threads-1)/threads, threads, 0, stream>>>(y + 1, x + 1, s, n);
  scale<<<(n+threads-1)/threads, threads, 0, stream>>>(y + 1, x + 1, s, n);
  // CHECK-NEXT: {{^}}  add<<<(cu2hip::vec_map_at_threads<float>(m, y, x, z) + (BLOCK - 1)) / BLOCK, BLOCK>>>(y, x, z, m);
  add<<<(m + (BLOCK - 1)) / BLOCK, BLOCK>>>(y, x, z, m);
  // CHECK-NEXT: {{^}}  add<<<((BLOCK - 1) + (cu2hip::vec_map_at_threads<float>(m, y, x, z))) / (BLOCK), dim3(BLOCK), 0, stream>>>(y, x, z, (m));
  add<<<((BLOCK - 1) + (m)) / (BLOCK), dim3(BLOCK), 0, stream>>>(y, x, z, (m));
  // CHECK-NEXT: {{^}}  add<<<dim3(CEIL_DIV(cu2hip::vec_map_at_threads<float>(m, y, x, z), 256)), 256>>>(y, x, z, m);
  add<<<dim3(CEIL_DIV(m, 256)), 256>>>(y, x, z, m);
  // Integer casts around the grid.
  // CHECK: {{^}}  add<<<(unsigned)((cu2hip::vec_map_at_threads<float>(m, y, x, z) + 255) / 256), 256>>>(y, x, z, m);
  add<<<(unsigned)((m + 255) / 256), 256>>>(y, x, z, m);
  // CHECK-NEXT: {{^}}  add<<<static_cast<unsigned int>(CEIL_DIV(cu2hip::vec_map_at_threads<float>(m, y, x, z), 64)), 64>>>(y, x, z, m);
  add<<<static_cast<unsigned int>(CEIL_DIV(m, 64)), 64>>>(y, x, z, m);
  // CHECK: {{^}}  square<<<ceil_div(cu2hip::vec_map_at_threads<double>(n, dy, dx), 64), 64>>>(dy, dx, n);
  square<<<ceil_div(n, 64), 64>>>(dy, dx, n);
  // CHECK-NEXT: {{^}}  square<<<cdiv(cu2hip::vec_map_at_threads<double>(n, dy, dx),threads), threads>>>(dy, dx, n);
  square<<<cdiv(n,threads), threads>>>(dy, dx, n);
  // CHECK-NEXT: {{^}}  hscale<<<(cu2hip::vec_map_at_threads<__half>(un, hy, hx) + 256 - 1) / 256, 256>>>(hy, hx, hs, un);
  hscale<<<(un + 256 - 1) / 256, 256>>>(hy, hx, hs, un);
  // Member accesses as arguments; the qualified name of a namespaced kernel.
  // CHECK: {{^}}  ops::relu<<<(cu2hip::vec_map_at_threads<float>(in.size, out.data, in.data) + 127) / 128, 128>>>(out.data, in.data, in.size);
  ops::relu<<<(in.size + 127) / 128, 128>>>(out.data, in.data, in.size);
  // CHECK-NEXT: {{^}}  ::ops::relu<<<(cu2hip::vec_map_at_threads<float>(in.size, out.data, in.data) + 127) / 128, 128>>>(out.data, in.data, in.size);
  ::ops::relu<<<(in.size + 127) / 128, 128>>>(out.data, in.data, in.size);
}

// Shapes that are not vectorizable keep their reasons.
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
void run_refused(float *y, const float *x, int n) {
  // CHECK: {{^}}  alias<<<(n + 255) / 256, 256>>>(y, x, n);
  alias<<<(n + 255) / 256, 256>>>(y, x, n);
  two_d<<<(n + 255) / 256, 256>>>(y, x, n);
  guard_more<<<(n + 255) / 256, 256>>>(y, x, n, true);
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
// DIAG-NOT: error
