// Compiler identification macros become HIP's.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: all
#include <cuda_runtime.h>

__host__ __device__ int where() {
// CHECK: {{^}}#ifdef __HIP_DEVICE_COMPILE__
#ifdef __CUDA_ARCH__
  return 1;
// CHECK: {{^}}#elif defined(__HIPCC__)
#elif defined(__CUDACC__)
  return 2;
#else
  return 3;
#endif
}
// CHECK: {{^}}#if !defined(__HIP_DEVICE_COMPILE__)
#if !defined(__CUDA_ARCH__)
int host_only() { return 0; }
#endif
// CHECK: {{^}}#ifndef __HIPCC__
#ifndef __CUDACC__
#error "needs a CUDA/HIP compiler"
#endif
// DIAG-NOT: warning
