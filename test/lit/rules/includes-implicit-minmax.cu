// RUN: %cu2hip %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: all
// RUN: %cu2hip %S/Inputs/implicit-minmax-macro.cu -o %t.macro.hip
// RUN: FileCheck --check-prefix=MACRO %s < %t.macro.hip
// MACRO: #include <cu2hip/implicit.h>
//
// CUDA's named integer min/max (umin, umax, llmin, llmax, ullmin, ullmax;
// crt/math_functions.h) have no HIP declaration: the port includes
// <cu2hip/implicit.h>, which defines them with CUDA's parameter types, so a
// negative int converts to unsigned as in CUDA (umin(-1, 5u) is 5).
// CHECK: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <cu2hip/implicit.h>
// SUM: edits by rule: {{.*}}includes-implicit=1

__global__ void clamp(unsigned *u, long long *l, unsigned long long *q, int n) {
  int i = threadIdx.x;
  // CHECK: u[i] = umin(u[i], 255u) + umax(i, 0u) + umin(-1, 5u);
  u[i] = umin(u[i], 255u) + umax(i, 0u) + umin(-1, 5u);
  // CHECK: l[i] = llmin(l[i], (long long)n) - llmax(l[i], 0ll);
  l[i] = llmin(l[i], (long long)n) - llmax(l[i], 0ll);
  // CHECK: q[i] = ullmin(q[i], 7ull) | ullmax(q[i], 1ull);
  q[i] = ullmin(q[i], 7ull) | ullmax(q[i], 1ull);
}

// CUDA declares them __host__ __device__: host code calls them too.
// CHECK: unsigned host_clamp(unsigned a, long long b) { return umin(a, 7u) + (unsigned)llmax(b, 0ll); }
unsigned host_clamp(unsigned a, long long b) { return umin(a, 7u) + (unsigned)llmax(b, 0ll); }
