// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
#include <cuda_runtime.h>

template <typename T, int N> __global__ void k(T *p) { p[threadIdx.x] = T(N); }

void f(int smem) {
  cudaFuncAttributes a;
  // CHECK: {{^}}  hipFuncGetAttributes(&a, reinterpret_cast<const void*>(k<float, 4>));
  cudaFuncGetAttributes(&a, k<float, 4>);
  // CHECK: {{^}}  hipFuncSetAttribute(reinterpret_cast<const void*>(k<int, 2>), hipFuncAttributeMaxDynamicSharedMemorySize, smem);
  cudaFuncSetAttribute(k<int, 2>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
}
