// --alloc-hooks: a name the user declared (here a member function called
// cudaFree) or #defines (a redirection to the user's own allocator) is the
// user's, never the API: neither renamed nor hooked.
// RUN: %cu2hip %s -o - --no-summary --alloc-hooks 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-ARGS: --alloc-hooks
// COMPILE-CHECK: all
#include <cuda_runtime.h>

struct Arena {
  // CHECK: {{^}}  hipError_t cudaFree(void *p) { (void)p; return hipSuccess; }
  cudaError_t cudaFree(void *p) { (void)p; return cudaSuccess; }
};

cudaError_t myHostAlloc(void **p, size_t n);
// CHECK: {{^}}#define cudaMallocHost myHostAlloc
#define cudaMallocHost myHostAlloc

cudaError_t g(Arena &a, float **p) {
  void *h;
  // CHECK: {{^}}  if (cudaMallocHost(&h, 64) != hipSuccess) return hipErrorMemoryAllocation;
  if (cudaMallocHost(&h, 64) != cudaSuccess) return cudaErrorMemoryAllocation;
  // CHECK: {{^}}  a.cudaFree(*p);
  a.cudaFree(*p);
  // CHECK: {{^}}  return cu2hip::hipMalloc(CU2HIP_SITE, p, 4);
  return cudaMalloc(p, 4);
}
// DIAG-NOT: {{\[}}alloc-hooks{{\]}}
// DIAG: note: {{.*}}cudaMallocHost{{.*}}[names-shadowed]
// DIAG-NOT: error
