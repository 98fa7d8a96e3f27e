// launch-funcptr decides from the typed index what an argument is: a
// kernel, a function template's specialization or a function pointer gets
// the const void* cast; a variable that already is a void pointer is left
// as it is. Without a parse (--no-semantic) every argument that is not
// already cast gets the cast, which compiles the same.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: %cu2hip %s -o - --no-summary --no-semantic 2>%t.err | %strip | FileCheck --check-prefix=TOKENS %s
// COMPILE-CHECK: all
#include <cuda_runtime.h>

__global__ void attn(const float *q, float *o) { o[threadIdx.x] = q[threadIdx.x]; }
template <typename T, int N> __global__ void tk(T *p) { p[threadIdx.x] = T(N); }
using Kernel = void (*)(const float *, float *);

void f(int smem) {
  cudaFuncAttributes a;
  const void *fn = reinterpret_cast<const void *>(attn);
  void *raw = reinterpret_cast<void *>(attn);
  Kernel fp = attn;
  // CHECK: {{^}}  hipFuncGetAttributes(&a, fn);
  // TOKENS: {{^}}  hipFuncGetAttributes(&a, reinterpret_cast<const void*>(fn));
  cudaFuncGetAttributes(&a, fn);
  // CHECK: {{^}}  hipFuncGetAttributes(&a, raw);
  cudaFuncGetAttributes(&a, raw);
  // CHECK: {{^}}  hipFuncSetAttribute(fn, hipFuncAttributeMaxDynamicSharedMemorySize, smem);
  cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  // CHECK: {{^}}  hipFuncGetAttributes(&a, reinterpret_cast<const void*>(fp));
  // TOKENS: {{^}}  hipFuncGetAttributes(&a, reinterpret_cast<const void*>(fp));
  cudaFuncGetAttributes(&a, fp);
  // CHECK: {{^}}  hipFuncGetAttributes(&a, reinterpret_cast<const void*>(attn));
  cudaFuncGetAttributes(&a, attn);
  // CHECK: {{^}}  hipFuncGetAttributes(&a, reinterpret_cast<const void*>(tk<float, 4>));
  cudaFuncGetAttributes(&a, tk<float, 4>);
  // CHECK: {{^}}  hipFuncSetCacheConfig(reinterpret_cast<const void*>(tk<int, 2>), hipFuncCachePreferShared);
  cudaFuncSetCacheConfig(tk<int, 2>, cudaFuncCachePreferShared);
}
