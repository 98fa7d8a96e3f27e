// --vectorize reads an input through CUDA's cache-hint loads as it reads
// `x[i]`: `__ldg`, `__ldca`, `__ldcg`, `__ldcs` and `__ldlu` return the
// element's value (on AMD they are plain or non-temporal loads), so the read
// becomes the lambda's element and the vectorized form loads 128 bits at a
// time, without the hint. The token rules' rename of the hint (`__ldcs` ->
// `cu2hip::ldcs`) lies inside the read's text, which the rewrite drops: no
// conflict. `__ldcv` (a volatile load, one access of its own width) is not
// a read the rule vectorizes.
// RUN: %cu2hip %s -o - --no-summary --vectorize 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-ARGS: --vectorize
// COMPILE-CHECK: rocm72
// DIAG-NOT: edit-conflict
// DIAG-NOT: note: kernel 'stream2'
// DIAG-NOT: note: kernel 'scale'
// DIAG: note: kernel 'vol' not vectorized: the address of 'x[i]' is taken (only the element's value may be used) [vectorize]
// DIAG-NOT: edit-conflict
#include <cuda_runtime.h>
#include <cuda_fp16.h>

// A template instantiated for float and __half, read with __ldcs.
// CHECK-LABEL: __global__ void stream2(
// CHECK-NEXT: {{^}}  cu2hip::vec_map_grid_stride(
// CHECK: {{^}}      [=](T x_i) { return x_i * T(2); }, x);
template <typename T>
__global__ void stream2(T *__restrict__ y, const T *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = __ldcs(&x[i]) * T(2);
}

// One element per thread, read with __ldcg and __ldlu.
// CHECK-LABEL: __global__ void scale(
// CHECK: cu2hip::vec_map_at(cu2hip_t, (n) > 0 ? (size_t)(n) : (size_t)0, y, [=](float a_i, float b_i) { return s * a_i + b_i; }, a, b);
__global__ void scale(float *__restrict__ y, const float *__restrict__ a,
                      const float *__restrict__ b, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = s * __ldcg(&a[i]) + __ldlu(&b[i]);
}

// A volatile load stays as written (renamed).
// CHECK-LABEL: __global__ void vol(
// CHECK: {{^}}  if (i < n) y[i] = cu2hip::ldcv(&x[i]) + 1.f;
__global__ void vol(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = __ldcv(&x[i]) + 1.f;
}

void go(float *y, const float *x, const float *b, __half *hy, const __half *hx, int n) {
  stream2<float><<<64, 256>>>(y, x, n);
  stream2<__half><<<64, 256>>>(hy, hx, n);
  // CHECK: scale<<<(cu2hip::vec_map_at_threads<float>(n, y, x, b) + 255) / 256, 256>>>(y, x, b, 2.f, n);
  scale<<<(n + 255) / 256, 256>>>(y, x, b, 2.f, n);
  vol<<<(n + 255) / 256, 256>>>(y, x, n);
}
