// RUN: %cu2hip %s -o %t.hip --no-summary
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: rocm72
//
// std::printf in device code: CUDA's device printf is visible through std,
// HIP's is declared in the global namespace only ("reference to __host__
// function 'printf' in __global__ function"). Device code spells it
// ::printf; host code, and std::malloc/std::free (which HIP's std has for
// device code), are left as they are.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__device__ void report(int n) {
  // CHECK: if (threadIdx.x == 0) ::printf("n=%d\n", n);
  if (threadIdx.x == 0) std::printf("n=%d\n", n);
}
__global__ void scratch(int n) {
  // CHECK: int *p = static_cast<int *>(std::malloc(n * sizeof(int)));
  int *p = static_cast<int *>(std::malloc(n * sizeof(int)));
  p[0] = n;
  report(p[0]);
  // CHECK: std::free(p);
  std::free(p);
}
int main() {
  // CHECK: std::printf("host\n");
  std::printf("host\n");
  return 0;
}
