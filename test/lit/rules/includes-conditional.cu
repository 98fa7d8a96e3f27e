// RUN: %cu2hip %s -o %t.hip 2>&1
// RUN: %strip %t.hip | FileCheck %s
// RUN: %cu2hip %S/Inputs/includes-conditional-first.cu -o %t.first.hip
// RUN: FileCheck --check-prefix=FIRST %s < %t.first.hip
// COMPILE-CHECK: rocm72
//
// A tree's own HIP layer includes the runtime in a preprocessor branch. The
// headers cu2hip's rules request (cu2hip/wave.h for the shuffle, implicit.h
// for FLT_MAX) go past the conditional's #endif, where every configuration
// sees them, not beside the runtime include inside the USE_HIP branch (the
// port compiled without USE_HIP would lack them). The header guard is not a
// conditional of that kind.
// CHECK: #ifndef MYLIB_COMMON_CUH
// CHECK-NEXT: #define MYLIB_COMMON_CUH
// CHECK-NEXT: #if defined(USE_HIP)
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: #else
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: #endif
// CHECK-NEXT: #include <cu2hip/wave.h>
// CHECK-NEXT: #include <cu2hip/implicit.h>
// CHECK-NEXT: #include <cstdio>
#ifndef MYLIB_COMMON_CUH
#define MYLIB_COMMON_CUH
#if defined(USE_HIP)
#include <hip/hip_runtime.h>
#else
#include <cuda_runtime.h>
#endif
#include <cstdio>

__device__ inline float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
  return v;
}
__host__ __device__ inline float biggest() { return FLT_MAX; }
__global__ void reduce(float *x) { x[threadIdx.x] = warp_sum(x[threadIdx.x]) + biggest(); }
#endif

// Without a runtime include, the added lines go before the conditional that
// holds the first include.
// FIRST: #include <hip/hip_runtime.h>
// FIRST-NEXT: #include <cu2hip/wave.h>
// FIRST-NEXT: #ifdef USE_HIP
