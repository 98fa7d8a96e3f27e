// --alloc-hooks: a name the user declared (here a member function called
// cudaFree) is the user's, never the API: neither renamed nor hooked; a
// declaration of the API itself is left to the names rule.
// RUN: %cu2hip %s -o - --no-summary --alloc-hooks 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: all
#include <cuda_runtime.h>

struct Arena {
  // CHECK: {{^}}  hipError_t cudaFree(void *p) { (void)p; return hipSuccess; }
  cudaError_t cudaFree(void *p) { (void)p; return cudaSuccess; }
};

cudaError_t g(Arena &a, float **p) {
  // CHECK: {{^}}  a.cudaFree(*p);
  a.cudaFree(*p);
  // CHECK: {{^}}  return cu2hip::hipMalloc(CU2HIP_SITE, p, 4);
  return cudaMalloc(p, 4);
}
// DIAG-NOT: alloc-hooks
// DIAG-NOT: error
