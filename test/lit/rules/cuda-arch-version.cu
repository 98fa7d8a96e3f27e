// __CUDA_ARCH__ compared as a number selects NVIDIA architectures: finding,
// kept as written (undefined on AMD, so the fallback branch is taken).
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
__device__ float f(float x) {
// CHECK: {{^}}#if __CUDA_ARCH__ >= 800
// DIAG: cuda-arch-version.cu:[[@LINE+2]]:5: warning: __CUDA_ARCH__ compared as a number{{.*}}[cuda-arch-version]
// DIAG-NEXT: note: fix: test __HIP_DEVICE_COMPILE__
#if __CUDA_ARCH__ >= 800
  return x * 2;
// DIAG: cuda-arch-version.cu:[[@LINE+1]]:23: warning: {{.*}}[cuda-arch-version]
#elif defined(FOO) && __CUDA_ARCH__ < 700
  return x * 3;
#else
  return x;
#endif
}
