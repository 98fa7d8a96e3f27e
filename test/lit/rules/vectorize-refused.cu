// --vectorize: every candidate kernel (body starting with a global index or a
// grid-stride loop) that is not rewritten gets a note saying why, and stays
// exactly as it was.
// RUN: %cu2hip %s -o - --no-summary --vectorize 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-ARGS: --vectorize
// COMPILE-CHECK: all
#include <cuda_runtime.h>
#include <cuda_fp16.h>

#define GRID_STRIDE(i, n) for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)

// DIAG: vectorize-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'out_may_alias' not vectorized: 'y' is not __restrict__: the output may overlap an input [vectorize]
__global__ void out_may_alias(float *y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = 2.f * x[i];
}
// DIAG: vectorize-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'in_may_alias' not vectorized: 'x' is not __restrict__: it may overlap the output [vectorize]
__global__ void in_may_alias(float *__restrict__ y, const float *x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = 2.f * x[i];
}
// DIAG: vectorize-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'accumulate' not vectorized: in-place update 'y[i] +=' (the output is also an input; vec_map_* take __restrict__ pointers) [vectorize]
__global__ void accumulate(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] += x[i];
}
// DIAG: vectorize-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'axpy_inplace' not vectorized: in-place: 'y' is both read and written (vec_map_* take __restrict__ pointers) [vectorize]
__global__ void axpy_inplace(float *__restrict__ y, const float *__restrict__ x, float a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}
// DIAG: vectorize-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'strided' not vectorized: 'x[2 * i]' is not read at the index (index not contiguous) [vectorize]
__global__ void strided(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = x[2 * i];
}
// DIAG: vectorize-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'shifted' not vectorized: 'x[i + 1]' is not read at the index (index not contiguous) [vectorize]
__global__ void shifted(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = x[i + 1] - x[i];
}
// DIAG: vectorize-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'gather' not vectorized: 'x[idx[i]]' is not read at the index (index not contiguous) [vectorize]
__global__ void gather(float *__restrict__ y, const float *__restrict__ x,
                       const int *__restrict__ idx, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = x[idx[i]];
}
// DIAG: vectorize-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'scatter' not vectorized: the output is written at 'y[n - 1 - i]', not at the index (index not contiguous) [vectorize]
__global__ void scatter(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[n - 1 - i] = x[i];
}
// DIAG: vectorize-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'ramp' not vectorized: the index 'i' is used in the expression other than as a subscript 'a[i]' [vectorize]
__global__ void ramp(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = x[i] * i;
}
// DIAG: vectorize-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'lane_bias' not vectorized: the expression uses 'threadIdx', which depends on the thread or has effects [vectorize]
__global__ void lane_bias(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = x[i] + threadIdx.x;
}
// DIAG: vectorize-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'widen' not vectorized: element types differ ('y' is float, 'x' is __half); the 128-bit form needs one element type [vectorize]
__global__ void widen(float *__restrict__ y, const __half *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = __half2float(x[i]);
}
// DIAG: vectorize-refused.cu:[[@LINE+2]]:{{[0-9]+}}: note: kernel 'scale_t' not vectorized: it is a template with no instantiation in this file, so its element types cannot be checked [vectorize]
template <typename T>
__global__ void scale_t(T *__restrict__ y, const T *__restrict__ x, T s, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = s * x[i];
}
// DIAG: vectorize-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'negate_int' not vectorized: element type 'int' is not one the porter vectorizes (float, double, __half, __nv_bfloat16) [vectorize]
__global__ void negate_int(int *__restrict__ y, const int *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = -x[i];
}
// DIAG: vectorize-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'block_stride' not vectorized: the loop step is not 'i += blockDim.x * gridDim.x' (not a grid-stride loop) [vectorize]
__global__ void block_stride(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x)
    y[i] = x[i];
}
// DIAG: vectorize-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'four_per_thread' not vectorized: the loop index is not 'blockIdx.x * blockDim.x + threadIdx.x' (index not contiguous) [vectorize]
__global__ void four_per_thread(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = 4 * (blockIdx.x * blockDim.x + threadIdx.x); i < n; i += 4 * blockDim.x * gridDim.x)
    y[i] = x[i];
}
// DIAG: vectorize-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'float_bound' not vectorized: the loop condition is not 'i < n' with n an integer parameter [vectorize]
__global__ void float_bound(float *__restrict__ y, const float *__restrict__ x, float len) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < len; i += blockDim.x * gridDim.x)
    y[i] = x[i];
}
// DIAG: vectorize-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'two_statements' not vectorized: the loop body is not one assignment 'y[i] = ...;' [vectorize]
__global__ void two_statements(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    float v = x[i];
    y[i] = v * v;
  }
}
// DIAG: vectorize-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'then_flag' not vectorized: the kernel body has statements besides the loop [vectorize]
__global__ void then_flag(float *__restrict__ y, const float *__restrict__ x, int *done, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = x[i];
  if (threadIdx.x == 0) atomicAdd(done, 1);
}
// DIAG: vectorize-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'fill' not vectorized: the expression reads no input array (a fill; nothing to vectorize) [vectorize]
__global__ void fill(float *__restrict__ y, float v, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = v;
}
// DIAG: vectorize-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'scale_by_ptr' not vectorized: pointer parameter 's' is used other than as 's[i]' [vectorize]
__global__ void scale_by_ptr(float *__restrict__ y, const float *__restrict__ x,
                             const float *__restrict__ s, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = x[i] * *s;
}
__constant__ float c_gain[4096];
// DIAG: vectorize-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'table_gain' not vectorized: 'c_gain[i]' reads an array that is not a pointer parameter of the kernel [vectorize]
__global__ void table_gain(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = x[i] * c_gain[i];
}
// DIAG: vectorize-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'address_of' not vectorized: the address of 'x[i]' is taken (only the element's value may be used) [vectorize]
__global__ void address_of(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = (&x[i])[0];
}
// A loop spelled through a macro is not a candidate (no note), and not rewritten.
__global__ void via_macro(float *__restrict__ y, const float *__restrict__ x, int n) {
  GRID_STRIDE(i, n) y[i] = x[i];
}
// Not a candidate at all: no note.
__global__ void reduce_sum(const float *__restrict__ x, float *out, int n) {
  __shared__ float s[256];
  s[threadIdx.x] = threadIdx.x < n ? x[threadIdx.x] : 0.f;
  __syncthreads();
  if (threadIdx.x == 0) { float t = 0; for (int k = 0; k < 256; ++k) t += s[k]; *out = t; }
}

// CHECK-NOT: vec_map
// CHECK-NOT: cu2hip/packed.h
// DIAG-NOT: via_macro
// DIAG-NOT: reduce_sum
// DIAG-NOT: error
