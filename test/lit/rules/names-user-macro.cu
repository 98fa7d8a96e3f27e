// RUN: %cu2hip %s -o - --no-summary --verbose 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>

cudaError_t myAlloc(float **p, size_t n);
// DIAG: names-user-macro.cu:[[@LINE+2]]:9: note: macro 'cudaMalloc' defines a CUDA API name; it and its uses are kept as written [names-user-macro]
// CHECK: {{^}}#define cudaMalloc myAlloc
#define cudaMalloc myAlloc
void f(float **p) {
  // CHECK: {{^}}  cudaMalloc(p, 4);
  cudaMalloc(p, 4);
}
