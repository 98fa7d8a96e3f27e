// --vectorize: code that runs for the element without being written in the
// expression is checked too. A constructor's member initializers, a default
// member initializer and a default argument that read the thread index keep
// the kernel scalar; a constructor and a default argument that do not are
// accepted.
// RUN: %cu2hip %s -o - --no-summary --vectorize 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>

struct Lane { unsigned i; __device__ Lane() : i(threadIdx.x) {} };
struct Slot { unsigned i = threadIdx.x; __device__ Slot() {} };
struct Two { float v; __device__ Two() : v(2.0f) {} };
__device__ float shifted(float x, int l = threadIdx.x) { return x + l; }
__device__ float scaled(float x, float s = 2.0f) { return x * s; }

// DIAG: vectorize-ctor-default.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'k_ctor' not vectorized: the expression calls 'Lane', which uses 'threadIdx' (it depends on the thread or has effects) [vectorize]
__global__ void k_ctor(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = x[i] + Lane().i;
}
// DIAG: vectorize-ctor-default.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'k_init' not vectorized: the expression calls 'Slot', which uses 'threadIdx' (it depends on the thread or has effects) [vectorize]
__global__ void k_init(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = x[i] + Slot().i;
}
// DIAG: vectorize-ctor-default.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'k_def' not vectorized: a default argument of the expression uses 'threadIdx', which depends on the thread or has effects [vectorize]
__global__ void k_def(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = shifted(x[i]);
}
// DIAG-NOT: k_pure
// CHECK-LABEL: void k_pure(
// CHECK: cu2hip::vec_map_grid_stride(
__global__ void k_pure(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = scaled(x[i]) + Two().v;
}
