// Kernels passed to function-pointer APIs stay function pointers, cast to
// const void*; never HIP_SYMBOL (case 12).
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: all
#include <cuda_runtime.h>

__global__ void attn(const float *q, float *o) { o[threadIdx.x] = q[threadIdx.x]; }
#define SET_SMEM(kern, n) cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, n)

// CHECK: {{^}}#define SET_SMEM(kern, n) hipFuncSetAttribute(reinterpret_cast<const void*>(kern), hipFuncAttributeMaxDynamicSharedMemorySize, n)
void f(int smem, const float *q, float *o, cudaStream_t s) {
  cudaFuncAttributes a;
  // CHECK: {{^}}  hipFuncGetAttributes(&a, reinterpret_cast<const void*>(attn));
  cudaFuncGetAttributes(&a, attn);
  // CHECK: {{^}}  hipFuncSetAttribute(reinterpret_cast<const void*>(attn), hipFuncAttributeMaxDynamicSharedMemorySize, smem);
  cudaFuncSetAttribute(attn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  // CHECK: {{^}}  SET_SMEM(attn, smem);
  SET_SMEM(attn, smem);
  void *args[] = {&q, &o};
  // An explicit cast is kept as written.
  // CHECK: {{^}}  hipLaunchKernel((const void *)attn, dim3(1), dim3(32), args, 0, s);
  cudaLaunchKernel((const void *)attn, dim3(1), dim3(32), args, 0, s);
}
// CHECK-NOT: HIP_SYMBOL
// DIAG-NOT: error
