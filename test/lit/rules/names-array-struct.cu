// RUN: %cu2hip %s -o %t.hip
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: all
//
// cudaArray is the struct and cudaArray_t its pointer; a port must keep the
// two apart, or `hipMallocArray(&a, ...)` gets a hipArray_t * for a
// `cudaArray *a` ("no matching function for call to 'hipMallocArray'").
#include <cuda_runtime.h>

int arrays(int w, int h, const float *host) {
  cudaChannelFormatDesc desc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  // CHECK: hipArray *a;
  cudaArray *a;
  // CHECK: hipArray_t b;
  cudaArray_t b;
  // CHECK: hipMallocArray(&a, &desc, w, h);
  cudaMallocArray(&a, &desc, w, h);
  cudaMallocArray(&b, &desc, w);
  cudaMemcpy2DToArray(a, 0, 0, host, w * 4, w * 4, h, cudaMemcpyHostToDevice);
  cudaFreeArray(a);
  return cudaFreeArray(b) == cudaSuccess;
}

// HIP has no __trap.
__global__ void guard(const int *p) {
  // CHECK: if (!p) __builtin_trap();
  if (!p) __trap();
}
