// --vectorize on kernel templates: each instantiation is checked on its own
// types (float: 4 lanes per 128-bit access, __half and __nv_bfloat16: 8) and
// the template is edited once, at its spelling, when every instantiation is
// elementwise and needs the same edit (packed.h picks the lane count from the
// element type). A template with an instantiation that is not elementwise
// stays scalar with a note naming it.
// RUN: %cu2hip %s -o - --no-summary --vectorize 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// CHECK: {{^}}#include <cu2hip/packed.h>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

// Grid-stride, instantiated for float, __half and __nv_bfloat16: the lambda
// takes the template's own element type.
// CHECK-LABEL: __global__ void scale_gs(
// CHECK: {{^}}                         int n) {
// CHECK-NEXT: {{^}}  cu2hip::vec_map_grid_stride(
// CHECK-NEXT: {{^}}      (n) > 0 ? (size_t)(n) : (size_t)0, (size_t)blockIdx.x * blockDim.x + threadIdx.x,
// CHECK-NEXT: {{^}}      (size_t)blockDim.x * gridDim.x, y,
// CHECK-NEXT: {{^}}      [=](scalar_t x_i) { return x_i * s; }, x);
// CHECK-NEXT: {{^}}}
template <typename scalar_t>
__global__ void scale_gs(scalar_t *__restrict__ y, const scalar_t *__restrict__ x, scalar_t s,
                         int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = x[i] * s;
}

// Single index, launched with deduced template arguments: the kernel is
// edited once, each launch sizes its grid for its own element type.
// CHECK-LABEL: __global__ void add_at(
// CHECK: {{^}}                       size_t n) {
// CHECK-NEXT: {{^}}  size_t cu2hip_t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-NEXT: {{^}}  cu2hip::vec_map_at(cu2hip_t, (size_t)(n), y, [=](T a_i, T b_i) { return a_i + b_i; }, a, b);
// CHECK-NEXT: {{^}}}
template <typename T>
__global__ void add_at(T *__restrict__ y, const T *__restrict__ a, const T *__restrict__ b,
                       size_t n) {
  size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a[i] + b[i];
}

// Instantiated for float and int: the int instantiation is refused, so the
// template stays as written.
// DIAG: vectorize-ast-templates.cu:[[@LINE+5]]:{{[0-9]+}}: note: kernel 'neg_any' not vectorized: instantiation 'neg_any<int>': element type 'int' is not one the porter vectorizes (float, double, __half, __nv_bfloat16) [vectorize]
// CHECK-LABEL: __global__ void neg_any(
// CHECK-NEXT: {{^}}  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
// CHECK-NEXT: {{^}}    y[i] = -x[i];
template <typename T>
__global__ void neg_any(T *__restrict__ y, const T *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = -x[i];
}

// One instantiation reads the thread index through a traits member: refused
// for that instantiation only, and so for the template.
template <typename T> struct Bias {
  __device__ static T get(T v) { return v; }
};
template <> struct Bias<double> {
  __device__ static double get(double v) { return v + threadIdx.x; }
};
// DIAG: vectorize-ast-templates.cu:[[@LINE+4]]:{{[0-9]+}}: note: kernel 'biased' not vectorized: instantiation 'biased<double>': the expression calls 'get', which uses 'threadIdx' (it depends on the thread or has effects) [vectorize]
// CHECK-LABEL: __global__ void biased(
// CHECK-NEXT: {{^}}  for (
template <typename T>
__global__ void biased(T *__restrict__ y, const T *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = Bias<T>::get(x[i]);
}

// A launch with explicit template arguments is a launch of that
// instantiation (the token rule refused every use with template arguments).
// CHECK-LABEL: __global__ void templated(
// CHECK-NEXT: {{^}}  size_t cu2hip_t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-NEXT: {{^}}  cu2hip::vec_map_at(cu2hip_t, (n) > 0 ? (size_t)(n) : (size_t)0, y, [=](float x_i) { return x_i; }, x);
template <int B>
__global__ void templated(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
// CHECK: {{^}}void run_templated(float *y, const float *x, int n) { templated<256><<<(cu2hip::vec_map_at_threads<float>(n, y, x) + 255) / 256, 256>>>(y, x, n); }
void run_templated(float *y, const float *x, int n) { templated<256><<<(n + 255) / 256, 256>>>(y, x, n); }

void run(float *yf, const float *xf, __half *yh, const __half *xh, __nv_bfloat16 *yb,
         const __nv_bfloat16 *xb, int *yi, const int *xi, double *yd, const double *xd,
         int n, size_t m) {
  scale_gs<float><<<64, 256>>>(yf, xf, 2.0f, n);
  scale_gs<__half><<<64, 256>>>(yh, xh, __float2half(2.0f), n);
  scale_gs<__nv_bfloat16><<<64, 256>>>(yb, xb, __float2bfloat16(2.0f), n);
  // CHECK: {{^}}  add_at<<<(cu2hip::vec_map_at_threads<float>(m, yf, xf, xf) + 255) / 256, 256>>>(yf, xf, xf, m);
  // CHECK-NEXT: {{^}}  add_at<<<(cu2hip::vec_map_at_threads<__half>(m, yh, xh, xh) + 255) / 256, 256>>>(yh, xh, xh, m);
  // CHECK-NEXT: {{^}}  add_at<<<(cu2hip::vec_map_at_threads<__hip_bfloat16>(m, yb, xb, xb) + 255) / 256, 256>>>(yb, xb, xb, m);
  add_at<<<(m + 255) / 256, 256>>>(yf, xf, xf, m);
  add_at<<<(m + 255) / 256, 256>>>(yh, xh, xh, m);
  add_at<<<(m + 255) / 256, 256>>>(yb, xb, xb, m);
  neg_any<<<64, 256>>>(yf, xf, n);
  neg_any<<<64, 256>>>(yi, xi, n);
  biased<<<64, 256>>>(yf, xf, n);
  biased<<<64, 256>>>(yd, xd, n);
}
// DIAG-NOT: note: kernel 'scale_gs'
// DIAG-NOT: note: kernel 'add_at'
// DIAG-NOT: note: kernel 'templated'
// DIAG-NOT: error
