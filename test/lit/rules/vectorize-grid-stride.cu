// --vectorize: grid-stride elementwise kernels over __restrict__ arrays of one
// element type become the packed.h grid-stride skeleton (scalar head, 128-bit body,
// scalar tail; the launch is unchanged).
// RUN: %cu2hip %s -o - --no-summary --vectorize 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// Without the option nothing changes.
// RUN: %cu2hip %s -o - --no-summary 2>&1 | %strip | FileCheck --check-prefix=OFF %s
// COMPILE-ARGS: --vectorize
// COMPILE-CHECK: all
// CHECK: {{^}}#include <hip/hip_runtime.h>
// CHECK-NEXT: {{^}}#include <cu2hip/packed.h>
// OFF-NOT: #include <cu2hip/packed.h>
// OFF-NOT: cu2hip::vec_map_grid_stride(
#include <cuda_runtime.h>
#include <cuda_fp16.h>

__device__ float gelu(float x) {
  return 0.5f * x * (1.f + tanhf(0.7978845608f * (x + 0.044715f * x * x * x)));
}

// One input, a device function.
// CHECK-LABEL: __global__ void gelu_fwd(
// CHECK-NEXT: {{^}}  cu2hip::vec_map_grid_stride(
// CHECK-NEXT: {{^}}      (n) > 0 ? (size_t)(n) : (size_t)0, (size_t)blockIdx.x * blockDim.x + threadIdx.x,
// CHECK-NEXT: {{^}}      (size_t)blockDim.x * gridDim.x, y,
// CHECK-NEXT: {{^}}      [=](float x_i) { return gelu(x_i); }, x);
// CHECK-NEXT: {{^}}}
__global__ void gelu_fwd(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = gelu(x[i]);
}

// Two inputs and a scalar; braces; size_t index with casts; operands swapped;
// unsigned bound.
// CHECK-LABEL: __global__ void axpby(
// CHECK-NEXT: {{^}}                      const float *__restrict__ b, float beta, size_t n) {
// CHECK-NEXT: {{^}}  cu2hip::vec_map_grid_stride(
// CHECK-NEXT: {{^}}      (size_t)(n), (size_t)blockIdx.x * blockDim.x + threadIdx.x,
// CHECK-NEXT: {{^}}      (size_t)blockDim.x * gridDim.x, out,
// CHECK-NEXT: {{^}}      [=](float a_i, float b_i) { return alpha * a_i + beta * b_i; }, a, b);
// CHECK-NEXT: {{^}}}
__global__ void axpby(float *__restrict__ out, const float *__restrict__ a, float alpha,
                      const float *__restrict__ b, float beta, size_t n) {
  for (size_t k = threadIdx.x + (size_t)blockIdx.x * blockDim.x; k < n;
       k += (size_t)gridDim.x * blockDim.x) {
    out[k] = alpha * a[k] + beta * b[k];
  }
}

// __half arrays, an intrinsic; the bound is an expression of parameters.
// CHECK-LABEL: __global__ void hscale(
// CHECK: {{^}}  cu2hip::vec_map_grid_stride(
// CHECK-NEXT: {{^}}      (rows * cols) > 0 ? (size_t)(rows * cols) : (size_t)0, (size_t)blockIdx.x * blockDim.x + threadIdx.x,
// CHECK-NEXT: {{^}}      (size_t)blockDim.x * gridDim.x, y,
// CHECK-NEXT: {{^}}      [=](__half x_i) { return __hmul(x_i, s); }, x);
__global__ void hscale(__half *__restrict__ y, const __half *__restrict__ x, __half s,
                       int rows, int cols) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < rows * cols;
       i += blockDim.x * gridDim.x)
    y[i] = __hmul(x[i], s);
}

// double; __ldg(&x[i]) reads x[i]; a parameter already named x_i.
// CHECK-LABEL: __global__ void relu_ldg(
// CHECK: {{^}}      [=](double x_i_) { return fmax(x_i_, 0.0); }, x);
__global__ void relu_ldg(double *__restrict__ y, const double *__restrict__ x, int x_i) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < x_i; i += blockDim.x * gridDim.x)
    y[i] = fmax(__ldg(&x[i]), 0.0);
}

// Parameter order decides the lambda's argument order.
// CHECK-LABEL: __global__ void add3(
// CHECK: {{^}}      (size_t)(n), (size_t)blockIdx.x * blockDim.x + threadIdx.x,
// CHECK: {{^}}      [=](float c_i, float b_i, float a_i) { return a_i + b_i * c_i; }, c, b, a);
__global__ void add3(float *__restrict__ y, const float *__restrict__ c,
                     const float *__restrict__ b, const float *__restrict__ a, unsigned n) {
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a[i] + b[i] * c[i];
}

// A plain copy.
// CHECK-LABEL: __global__ void copy(
// CHECK-NEXT: {{^}}  cu2hip::vec_map_grid_stride(
// CHECK-NEXT: {{^}}      (n) > 0 ? (size_t)(n) : (size_t)0, (size_t)blockIdx.x * blockDim.x + threadIdx.x,
// CHECK-NEXT: {{^}}      (size_t)blockDim.x * gridDim.x, dst,
// CHECK-NEXT: {{^}}      [=](float src_i) { return src_i; }, src);
__global__ void copy(float *__restrict__ dst, const float *__restrict__ src, long n) {
  for (long i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    dst[i] = src[i];
}
// CHECK-NOT: for (
// DIAG-NOT: vectorize
// DIAG-NOT: error
