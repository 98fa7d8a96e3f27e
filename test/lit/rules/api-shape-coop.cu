// RUN: %cu2hip %s -o %t.hip --no-summary
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: rocm72
//
// CUDA's cudaLaunchCooperativeKernel template defaults sharedMem and stream
// to 0; HIP's hipLaunchCooperativeKernel (both overloads) has no defaults,
// so a call that leaves them out gets CUDA's values written out. A call
// with every argument is left as it is.
#include <cuda_runtime.h>
__global__ void k(int *x) { x[threadIdx.x] = 1; }
void launch(int *x, cudaStream_t s) {
  void *args[] = {&x};
  // CHECK: hipLaunchCooperativeKernel((void *)k, dim3(1), dim3(64), args, 0, 0);
  cudaLaunchCooperativeKernel((void *)k, dim3(1), dim3(64), args);
  // CHECK-NEXT: hipLaunchCooperativeKernel(reinterpret_cast<const void*>(k), dim3(1), dim3(64), args, 128, 0);
  cudaLaunchCooperativeKernel(k, dim3(1), dim3(64), args, 128);
  // CHECK-NEXT: hipLaunchCooperativeKernel(reinterpret_cast<const void*>(k), dim3(1), dim3(64), args, 0, s);
  cudaLaunchCooperativeKernel(k, dim3(1), dim3(64), args, 0, s);
}
