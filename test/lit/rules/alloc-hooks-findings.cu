// --alloc-hooks: uses that are not calls, and call forms the hooks do not
// provide, are renamed as usual and reported (memory must be released the
// way it was allocated when the caching allocator is selected).
// RUN: %cu2hip %s -o - --no-summary --alloc-hooks 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-ARGS: --alloc-hooks
// COMPILE-CHECK: all
#include <cuda_runtime.h>
#include <memory>

// DIAG: alloc-hooks-findings.cu:[[@LINE+2]]:19: warning: 'cudaMalloc' used other than as a call: renamed, but allocations through it bypass the allocator hooks {{.*}}[alloc-hooks]
// CHECK: {{^}}#define RAW_ALLOC hipMalloc
#define RAW_ALLOC cudaMalloc

cudaError_t f(cudaStream_t s, cudaMemPool_t pool) {
  float *p = nullptr;
  // CHECK: {{^}}  hipError_t e = cu2hip::hipMalloc(CU2HIP_SITE, &p, 64 * sizeof(float));
  cudaError_t e = cudaMalloc(&p, 64 * sizeof(float));
  // A deleter taking the API's address bypasses the hook:
  // DIAG: alloc-hooks-findings.cu:[[@LINE+3]]:61: warning: 'cudaFree' used other than as a call{{.*}}[alloc-hooks]
  // DIAG-NEXT: note: fix: call cu2hip::hipFree(CU2HIP_SITE, ...) instead, e.g. in a lambda
  // CHECK: {{^}}  std::unique_ptr<float, hipError_t (*)(void *)> owner(p, &hipFree);
  std::unique_ptr<float, cudaError_t (*)(void *)> owner(p, &cudaFree);
  owner.release();
  // CHECK: {{^}}  e = RAW_ALLOC(&p, 16);
  e = RAW_ALLOC(&p, 16);
  // The memory-pool overload has no hook:
  // DIAG: alloc-hooks-findings.cu:[[@LINE+2]]:7: warning: 'cudaMallocAsync' called with 4 argument(s), a form the allocator hooks do not provide (e.g. the memory-pool overload): renamed, not hooked [alloc-hooks]
  // CHECK: {{^}}  e = hipMallocAsync(&p, 16, pool, s);
  e = cudaMallocAsync(&p, 16, pool, s);
  // CHECK: {{^}}  return cu2hip::hipFreeAsync(CU2HIP_SITE, p, s);
  return cudaFreeAsync(p, s);
}
// DIAG-NOT: error
