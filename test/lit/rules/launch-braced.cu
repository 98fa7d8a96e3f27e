// RUN: %cu2hip %s -o %t.hip > %t.log 2>&1 || true
// RUN: FileCheck %s --check-prefix=SUM < %t.log
// RUN: %strip %t.hip | FileCheck %s
//
// nvcc accepts a braced list as the grid or block argument of a launch (it
// initialises the dim3 parameter); clang (hipcc) takes expressions only
// ("expected expression"). Each such list becomes dim3(...).
// SUM: edits by rule: {{.*}}launch-braced={{[0-9]+}}
#include <cuda_runtime.h>

template <int BX, int BY> __global__ void jacobi(float *a) {
  a[threadIdx.y * BX + threadIdx.x] += 1.f;
}

// CHECK: #define LAUNCH2D(k, bx, by, s, ...) k<<<dim3(2, 2), dim3(bx, by, 1), 0, s>>>(__VA_ARGS__)
#define LAUNCH2D(k, bx, by, s, ...) k<<<{2, 2}, {bx, by, 1}, 0, s>>>(__VA_ARGS__)

void launch(float *a, cudaStream_t s, int n) {
  constexpr int bx = 32, by = 4;
  dim3 grid(8, 8, 1);
  // CHECK: jacobi<bx, by><<<grid, dim3(bx, by, 1), 0, s>>>(a);
  jacobi<bx, by><<<grid, {bx, by, 1}, 0, s>>>(a);
  // CHECK-NEXT: jacobi<bx, by><<<dim3((n + 31) / 32, 2, 1), dim3(bx, by, 1)>>>(a);
  jacobi<bx, by><<<{(n + 31) / 32, 2, 1}, dim3(bx, by, 1)>>>(a);
  // Only a list that is the whole grid or block argument.
  // CHECK: jacobi<bx, by><<<grid.x, dim3{32}, 0, s>>>(a);
  jacobi<bx, by><<<grid.x, dim3{32}, 0, s>>>(a);
  LAUNCH2D((jacobi<bx, by>), bx, by, s, a);
  // Not a launch.
  // CHECK: int y[2] = {n << 2, 1};
  int y[2] = {n << 2, 1};
  (void)y;
}
