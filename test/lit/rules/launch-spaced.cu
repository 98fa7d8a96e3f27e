// RUN: %cu2hip %s -o %t.hip > %t.log 2>&1 || true
// RUN: FileCheck %s --check-prefix=SUM < %t.log
// RUN: %strip %t.hip | FileCheck %s
// (Not marked for lit-compile-check: the port exits 1, the parse of the split form failing.
// Its output compiles with scripts/hipcc-check.sh --rocm 7.2 for gfx942 and gfx1100.)
//
// nvcc accepts launch brackets split by spaces; clang (hipcc) does not
// ("expected expression"). Each split bracket of a launch is joined.
// SUM: edits by rule: {{.*}}launch-spaced={{[0-9]+}}
#include <cuda_runtime.h>

template <int N> __global__ void fill(float *x, float v) { x[threadIdx.x % N] = v; }

// CHECK: #define LAUNCH(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)
#define LAUNCH(k, g, b, ...) k<< <g, b>> >(__VA_ARGS__)

void run(float *x, cudaStream_t s, int n) {
  // CHECK: fill<32><<<(n + 31) / 32, dim3(32, 1, 1), 0, s>>>(x, 1.f);
  fill<32><< <(n + 31) / 32, dim3(32, 1, 1), 0, s>> >(x, 1.f);
  // CHECK-NEXT: fill<32><<<1, 32>>>(x, 2.f);
  fill<32><<<1, 32>> >(x, 2.f);
  LAUNCH(fill<32>, 1, 32, x, 3.f);
  // Shifts are not launches.
  // CHECK: int y = n << 2, z = (n >> 1) > 3;
  int y = n << 2, z = (n >> 1) > 3;
  (void)y; (void)z;
}
