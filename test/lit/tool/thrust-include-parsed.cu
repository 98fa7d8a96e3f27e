// A CUDA file that includes thrust is CUDA, not already HIP: thrust's headers
// have the same names in both APIs, so they say nothing about which one the
// file is written for. It is parsed (the AST rules see it) and ported; the
// bundled headers lack thrust's algorithms, so the parses read the SDK.
// RUN: %cu2hip %s -o %t.hip --verbose 2>&1 | FileCheck %s
// CHECK-NOT: already-hip
// CHECK: time: parse {{.*}} (4 parses, 2 with the installed CUDA SDK{{.*}})
// RUN: FileCheck --check-prefix=OUT %s < %t.hip
// OUT: #include <hip/hip_runtime.h>
// OUT: #include <thrust/reduce.h>
#include <cuda_runtime.h>
#include <thrust/reduce.h>

__global__ void k(float *y) { y[threadIdx.x] = 1.f; }

int main() {
  float *d;
  cudaMalloc(&d, 4);
  k<<<1, 1>>>(d);
  return 0;
}
