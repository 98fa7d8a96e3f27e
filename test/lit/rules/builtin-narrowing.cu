// RUN: %cu2hip %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: all
//
// Unsigned builtin members in braced initialisers of signed or floating
// variables: narrowing errors with clang (hipcc), warnings with nvcc. Each
// element using one is cast to the declared type; unsigned and class-typed
// variables are left alone, in macro bodies and inactive branches alike.
// SUM: edits by rule: builtin-narrowing=
// CHECK: #define SHAPE(n) int shp[] = {static_cast<int>(blockDim.x), n}
#define SHAPE(n) int shp[] = {blockDim.x, n}

__global__ void shapes(long *out, int n) {
  // CHECK: int shape[] = {static_cast<int>(gridDim.x), n};
  int shape[] = {gridDim.x, n};
  // CHECK: const long strides[2] = {static_cast<long>(blockIdx.x * blockDim.x + threadIdx.x), 1};
  const long strides[2] = {blockIdx.x * blockDim.x + threadIdx.x, 1};
  // CHECK: float w[2][2] = {{[{]}}{static_cast<float>(threadIdx.x), 1.f}, {2.f, 3.f}};
  float w[2][2] = {{threadIdx.x, 1.f}, {2.f, 3.f}};
  // CHECK: long long v{static_cast<long long>(threadIdx.y)};
  long long v{threadIdx.y};
  // CHECK: unsigned u[] = {threadIdx.x, gridDim.y};
  unsigned u[] = {threadIdx.x, gridDim.y};
  // CHECK: dim3 d = {gridDim.x, 1, 1};
  dim3 d = {gridDim.x, 1, 1};
  SHAPE(n);
  out[threadIdx.x] = shape[0] + strides[0] + long(w[0][0]) + v + u[0] + d.x + shp[0];
#if 0
  // CHECK: int old[] = {static_cast<int>(threadIdx.x), 0};
  int old[] = {threadIdx.x, 0};
#endif
}
