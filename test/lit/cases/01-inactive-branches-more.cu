// Kind of case 01: every inactive branch form (#if 0, #elif, #ifndef of a
// defined macro, nested) is ported, including headers and launches.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary --launch=ggl 2>/dev/null | %strip | FileCheck --check-prefix=GGL %s
#include <cuda_runtime.h>
#define HAVE_X 1
#if 0
// CHECK: {{^}}#include <hipblas/hipblas.h>
#include <cublas_v2.h>
#endif
__global__ void k(float *p) { p[threadIdx.x] = 0; }
void f(float *p, cudaStream_t s) {
#ifndef HAVE_X
  // CHECK: {{^}}  hipStreamSynchronize(s);
  cudaStreamSynchronize(s);
#elif defined(OTHER)
#  ifdef NESTED
  // CHECK: {{^}}  hipMemsetAsync(p, 0, 4, s);
  cudaMemsetAsync(p, 0, 4, s);
#  endif
  // GGL: {{^}}  hipLaunchKernelGGL(k, dim3(1), dim3(64), 0, s, p);
  k<<<1, 64, 0, s>>>(p);
#else
  // CHECK: {{^}}  hipFree(p);
  cudaFree(p);
#endif
}
// CHECK-NOT: cuda{{[A-Z]}}
// DIAG: note: {{.*}}[names-inactive]
// DIAG-NOT: error
