// __CUDA_ARCH__ compared as a number in an #if chain that holds code the port
// cannot compile for AMD (inline PTX, WMMA, unsupported names): kept, with a
// finding (undefined on AMD, so the fallback branch is taken).
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
__device__ float f(float x) {
// CHECK: {{^}}#if __CUDA_ARCH__ >= 800
// DIAG: cuda-arch-version.cu:[[@LINE+2]]:5: warning: __CUDA_ARCH__ compared as a number, in an #if chain with inline PTX{{.*}}[cuda-arch-version]
// DIAG-NEXT: note: fix: port the branch by hand for AMD, testing __HIP_DEVICE_COMPILE__
#if __CUDA_ARCH__ >= 800
  float y;
  asm("mov.b32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
// DIAG: cuda-arch-version.cu:[[@LINE+1]]:23: warning: {{.*}}inline PTX{{.*}}[cuda-arch-version]
#elif defined(FOO) && __CUDA_ARCH__ < 700
  return x * 3;
#else
  return x;
#endif
}

__device__ void g(unsigned ns) {
// CHECK: {{^}}#if __CUDA_ARCH__ >= 700
// DIAG: cuda-arch-version.cu:[[@LINE+1]]:5: warning: {{.*}}'__nanosleep', which has no HIP equivalent{{.*}}[cuda-arch-version]
#if __CUDA_ARCH__ >= 700
  __nanosleep(ns);
#endif
}
