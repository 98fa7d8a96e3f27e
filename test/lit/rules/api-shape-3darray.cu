// CUDA's cudaMalloc3DArray defaults its flags to 0 (cudaArrayDefault);
// ROCm 7.2's hipMalloc3DArray has no default, so a 3-argument call gets
// `, 0`; a call with flags keeps them.
// RUN: %cu2hip %s -o - --no-summary 2>/dev/null | %strip | FileCheck %s
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>

void volume(cudaArray_t *a, cudaArray_t *l, int w, int h, int d) {
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
  // CHECK: hipMalloc3DArray(a, &cd, make_hipExtent(w, h, d), 0);
  cudaMalloc3DArray(a, &cd, make_cudaExtent(w, h, d));
  // CHECK-NEXT: hipMalloc3DArray(l, &cd, make_hipExtent(w, h, d), hipArrayLayered);
  cudaMalloc3DArray(l, &cd, make_cudaExtent(w, h, d), cudaArrayLayered);
}
