// RUN: %cu2hip %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: all
//
// Runtime version tests (cuda-samples simpleZeroCopy, threadFenceReduction):
// HIP defines no CUDART_VERSION, so `#if CUDART_VERSION >= 2020` would take
// the old-CUDA branch. The port tests CU2HIP_CUDART_VERSION, which
// <cu2hip/implicit.h> sets to the CUDA 13.0 ported from.
// CHECK: #include <cu2hip/implicit.h>
// SUM-NOT: CUDART_VERSION' has no HIP equivalent
#include <cuda_runtime.h>
#include <cstdio>

int setup() {
  // CHECK: #if CU2HIP_CUDART_VERSION >= 2020
#if CUDART_VERSION >= 2020
  // CHECK: return hipSetDeviceFlags(hipDeviceMapHost | hipDeviceScheduleBlockingSync) == hipSuccess;
  return cudaSetDeviceFlags(cudaDeviceMapHost | cudaDeviceBlockingSync) == cudaSuccess;
#else
  fprintf(stderr, "CUDART version %d does not map host memory\n", , CUDART_VERSION);
  return 0;
#endif
}

// CHECK: int version() { return CU2HIP_CUDART_VERSION / 1000; }
int version() { return CUDART_VERSION / 1000; }
