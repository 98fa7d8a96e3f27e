// RUN: %cu2hip %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: %strip %t.hip | FileCheck %s
// RUN: %cu2hip %S/Inputs/implicit-plain.cpp -o %t.plain.cpp
// RUN: %strip %t.plain.cpp | FileCheck %s --check-prefix=PLAIN
// COMPILE-CHECK: all
//
// Names nvcc's implicit cuda_runtime.h provides and HIP's runtime header does
// not: <float.h> macros, host isfinite/isnan/..., device min/max of mixed
// signedness (llm.c: `x[min(C - 1, i + u * blockDim.x)]`).
// CHECK: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <cu2hip/implicit.h>
// SUM: edits by rule: {{.*}}includes-implicit=1
#include <cstdio>

__global__ void gather(float* x, const float* y, int C, unsigned u) {
  int i = threadIdx.x;
  // CHECK: x[i] = y[min(C - 1, i + u * blockDim.x)] * FLT_EPSILON;
  x[i] = y[min(C - 1, i + u * blockDim.x)] * FLT_EPSILON;
}

int check(const float* h, int n) {
  int bad = 0;
  for (int i = 0; i < n; ++i)
    // CHECK: if (!isfinite(h[i]) || isnan(h[i]) || h[i] > FLT_MAX) ++bad;
    if (!isfinite(h[i]) || isnan(h[i]) || h[i] > FLT_MAX) ++bad;
  return bad;
}

// A plain C++ file of the tree using FLT_MAX gets nothing.
// PLAIN-NOT: #include
// PLAIN: float big() { return FLT_MAX; }
