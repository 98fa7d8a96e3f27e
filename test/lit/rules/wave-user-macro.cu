// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err
// RUN: %strip %t.hip | FileCheck %s
// RUN: %cu2hip %s -o - --no-summary --no-semantic 2>/dev/null | %strip | FileCheck %s
// COMPILE-CHECK: rocm72
//
// A tree's own macros named like CUDA's warp intrinsics (compatibility
// shims for old toolkits): the macro's parameter list is never edited, and
// a use of the macro is the tree's, not a call of the intrinsic, so the wave
// rules leave its arguments alone (an added width would not match the
// macro's parameters). The intrinsics in the macro bodies are ported.
#include <cuda_runtime.h>
// CHECK: #define __shfl_xor_sync(mask, var, laneMask) __shfl_xor(var, laneMask, 32)
// CHECK-NEXT: #define __shfl_down_sync(mask, var, delta, width) __shfl_down(var, delta, width)
// CHECK-NEXT: #define __ballot_sync(mask, pred) cu2hip::ballot32(pred)
// CHECK-NEXT: #define WARP_SHFL_DOWN(mask, var, delta) __shfl_down_sync(mask, var, delta, 32)
#define __shfl_xor_sync(mask, var, laneMask) __shfl_xor(var, laneMask)
#define __shfl_down_sync(mask, var, delta, width) __shfl_down(var, delta, width)
#define __ballot_sync(mask, pred) __ballot(pred)
#define WARP_SHFL_DOWN(mask, var, delta) __shfl_down_sync(mask, var, delta, 32)
__global__ void k(float *x) {
  // CHECK: x[0] = __shfl_xor_sync(0xffffffff, x[0], 1) + WARP_SHFL_DOWN(0xffffffff, x[1], 2);
  x[0] = __shfl_xor_sync(0xffffffff, x[0], 1) + WARP_SHFL_DOWN(0xffffffff, x[1], 2);
  // CHECK: x[1] = __ballot_sync(0xffffffff, x[2] > 0) + __shfl_down_sync(0xffffffff, x[3], 1, 16);
  x[1] = __ballot_sync(0xffffffff, x[2] > 0) + __shfl_down_sync(0xffffffff, x[3], 1, 16);
}
