// --vectorize: a grid-stride loop whose element count is provably a multiple
// of the vector width W = 16/sizeof(T) (a constant, a product with such a
// factor, a sum of such terms) becomes vec_map_grid_stride_whole:
// no group loop and no scalar head/tail when the arrays are 16-byte
// aligned (packed.h). Any other count keeps vec_map_grid_stride.
// RUN: %cu2hip %s -o - --no-summary --vectorize 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-ARGS: --vectorize
// COMPILE-CHECK: all
#include <cuda_runtime.h>
#include <cuda_fp16.h>

// 4 * rows floats: whole vectors of 4.
// CHECK-LABEL: __global__ void scale4(
// CHECK-NEXT: {{^}}  cu2hip::vec_map_grid_stride_whole(
// CHECK-NEXT: {{^}}      (4 * rows) > 0 ? (size_t)(4 * rows) : (size_t)0, (size_t)blockIdx.x * blockDim.x + threadIdx.x,
__global__ void scale4(float *__restrict__ y, const float *__restrict__ x, float s, int rows) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < 4 * rows; i += blockDim.x * gridDim.x)
    y[i] = s * x[i];
}

// A constant count, 1 << 20 floats, and a constexpr one.
constexpr int kElems = 3 * 1024;
// CHECK-LABEL: __global__ void fixed(
// CHECK-NEXT: {{^}}  cu2hip::vec_map_grid_stride_whole(
__global__ void fixed(float *__restrict__ y, const float *__restrict__ a, const float *__restrict__ b) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < (1 << 20); i += blockDim.x * gridDim.x)
    y[i] = a[i] + b[i];
}
// CHECK-LABEL: __global__ void fixed_constexpr(
// CHECK-NEXT: {{^}}  cu2hip::vec_map_grid_stride_whole(
__global__ void fixed_constexpr(float *__restrict__ y, const float *__restrict__ x) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < kElems; i += blockDim.x * gridDim.x)
    y[i] = x[i] * x[i];
}

// __half (W = 8): rows * 8 + cols * 16 and 16 * n are whole; n * 4 is not.
// CHECK-LABEL: __global__ void h_sum(
// CHECK-NEXT: {{^}}  cu2hip::vec_map_grid_stride_whole(
__global__ void h_sum(__half *__restrict__ y, const __half *__restrict__ x, int rows, int cols) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < rows * 8 + cols * 16;
       i += blockDim.x * gridDim.x)
    y[i] = __hadd(x[i], x[i]);
}
// CHECK-LABEL: __global__ void h_shift(
// CHECK-NEXT: {{^}}  cu2hip::vec_map_grid_stride_whole(
__global__ void h_shift(__half *__restrict__ y, const __half *__restrict__ x, unsigned n) {
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < 16 * n; i += blockDim.x * gridDim.x)
    y[i] = __hneg(x[i]);
}
// CHECK-LABEL: __global__ void h_four(
// CHECK-NEXT: {{^}}  cu2hip::vec_map_grid_stride(
__global__ void h_four(__half *__restrict__ y, const __half *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n * 4; i += blockDim.x * gridDim.x)
    y[i] = __hneg(x[i]);
}

// Not provable: a parameter count, a constant that is not a multiple of 4,
// a sum with one odd term.
// CHECK-LABEL: __global__ void by_n(
// CHECK-NEXT: {{^}}  cu2hip::vec_map_grid_stride(
__global__ void by_n(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = 2.f * x[i];
}
// CHECK-LABEL: __global__ void odd_const(
// CHECK-NEXT: {{^}}  cu2hip::vec_map_grid_stride(
__global__ void odd_const(float *__restrict__ y, const float *__restrict__ x) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < 1022; i += blockDim.x * gridDim.x)
    y[i] = 2.f * x[i];
}
// CHECK-LABEL: __global__ void odd_sum(
// CHECK-NEXT: {{^}}  cu2hip::vec_map_grid_stride(
__global__ void odd_sum(float *__restrict__ y, const float *__restrict__ x, int rows) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < 4 * rows + 1; i += blockDim.x * gridDim.x)
    y[i] = 2.f * x[i];
}
// A template whose count 2 * n is whole for double (W = 2) but not for float
// (W = 4): both instantiations take vec_map_grid_stride, edited once.
// CHECK-LABEL: __global__ void twice(
// CHECK-NEXT: {{^}}  cu2hip::vec_map_grid_stride(
template <typename T>
__global__ void twice(T *__restrict__ y, const T *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < 2 * n; i += blockDim.x * gridDim.x)
    y[i] = x[i] + x[i];
}
void launch_twice(float *yf, const float *xf, double *yd, const double *xd, int n) {
  twice<<<8, 256>>>(yf, xf, n);
  twice<<<8, 256>>>(yd, xd, n);
}
// Every instantiation whole (8 * n for float and __half): the whole form.
// CHECK-LABEL: __global__ void eights(
// CHECK-NEXT: {{^}}  cu2hip::vec_map_grid_stride_whole(
template <typename T>
__global__ void eights(T *__restrict__ y, const T *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < 8 * n; i += blockDim.x * gridDim.x)
    y[i] = x[i];
}
void launch_eights(float *yf, const float *xf, __half *yh, const __half *xh, int n) {
  eights<<<8, 256>>>(yf, xf, n);
  eights<<<8, 256>>>(yh, xh, n);
}
// DIAG-NOT: error
