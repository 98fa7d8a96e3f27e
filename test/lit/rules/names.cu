// RUN: %cu2hip %s -o - --no-summary 2>%t.err | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
// CHECK: #include <hip/hip_runtime.h>

struct Prop { int cudaMalloc; };

void f(float **p, Prop q) {
  // CHECK: hipError_t e = hipMalloc(p, 16);
  cudaError_t e = cudaMalloc(p, 16);
  // Member names are never renamed.
  // CHECK: int m = q.cudaMalloc;
  int m = q.cudaMalloc;
  // Strings and comments stay: cudaMalloc
  // CHECK: const char *s = "cudaMalloc";
  const char *s = "cudaMalloc";
  (void)e; (void)m; (void)s;
}
// DIAG-NOT: error
