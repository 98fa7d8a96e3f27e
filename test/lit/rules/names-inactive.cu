// Code in a branch that no configuration compiles is renamed at token level
// and gets a note (case 01's kind).
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>

void f(float **p) {
#ifdef NEVER_DEFINED_MACRO
  // CHECK: {{^}}  hipError_t e = hipMallocManaged(p, 4);
  // DIAG: names-inactive.cu:[[@LINE+1]]:3: note: {{.*}}[names-inactive]
  cudaError_t e = cudaMallocManaged(p, 4);
  // CHECK: {{^}}  if (e != hipSuccess) hipDeviceReset();
  if (e != cudaSuccess) cudaDeviceReset();
#elif 0
  // CHECK: {{^}}  hipFree(*p);
  cudaFree(*p);
#else
  // CHECK: {{^}}  hipMalloc(p, 4);
  cudaMalloc(p, 4);
#endif
}
