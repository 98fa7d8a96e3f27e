// Kind of case 12: every API that takes a kernel as a function pointer
// (attributes, occupancy, cudaLaunchKernel, cooperative launch, cache
// config), inside user macros too: never HIP_SYMBOL, while real symbols
// passed to symbol APIs still get it.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: all
#include <cuda_runtime.h>
__constant__ int c_n;
__global__ void kern(float *p) { p[threadIdx.x] = c_n; }
// CHECK: {{^}}#define MAX_SMEM(k, n) hipFuncSetAttribute(reinterpret_cast<const void*>(k), hipFuncAttributeMaxDynamicSharedMemorySize, n)
#define MAX_SMEM(k, n) cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, n)
void f(float *p, int n, cudaStream_t s) {
  // CHECK: {{^}}  hipMemcpyToSymbol(HIP_SYMBOL(c_n), &n, sizeof(int));
  cudaMemcpyToSymbol(c_n, &n, sizeof(int));
  int blocks = 0;
  // CHECK: {{^}}  hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kern, 128, 0);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kern, 128, 0);
  // CHECK: {{^}}  hipFuncSetCacheConfig(reinterpret_cast<const void*>(kern), hipFuncCachePreferShared);
  cudaFuncSetCacheConfig(kern, cudaFuncCachePreferShared);
  // CHECK: {{^}}  MAX_SMEM(kern, 4096);
  MAX_SMEM(kern, 4096);
  void *args[] = {&p};
  // CHECK: {{^}}  hipLaunchKernel(reinterpret_cast<const void*>(kern), dim3(1), dim3(64), args, 0, s);
  cudaLaunchKernel(kern, dim3(1), dim3(64), args, 0, s);
  // CHECK: {{^}}  hipLaunchCooperativeKernel(reinterpret_cast<const void*>(kern), dim3(1), dim3(64), args, 0, s);
  cudaLaunchCooperativeKernel(kern, dim3(1), dim3(64), args, 0, s);
}
// CHECK-NOT: HIP_SYMBOL(kern
// DIAG-NOT: error
