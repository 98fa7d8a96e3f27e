// RUN: %cu2hip %s -o %t.hip 2>&1
// RUN: %strip %t.hip | FileCheck %s
// RUN: %cu2hip %s --no-semantic -o %t.nosem.hip 2>&1
// RUN: %strip %t.nosem.hip | FileCheck %s
// COMPILE-CHECK: rocm72
//
// Token rules that edit call-shaped tokens (wave-shfl's width and mask,
// wave-vote's helpers) edit calls only, never a declaration of the same
// name: a wrapper in a branch no configuration compiled (no parse facts:
// read by spelling), a user macro whose parameter list is spelled like the
// intrinsic's call, and a use of that macro. With the parse (first run) and
// without it (second run).
#include <cuda_runtime.h>

// CHECK: template <class T> __device__ T __shfl_xor(T var, int m) { return __shfl_xor_sync(cu2hip::mask64(0xffffffff), var, m, 32); }
// CHECK: __device__ inline int __any(int p) { return cu2hip::any_sync32(0xffffffff, p); }
#if defined(OLD_CUDA_WRAPPERS)
template <class T> __device__ T __shfl_xor(T var, int m) { return __shfl_xor_sync(0xffffffff, var, m); }
__device__ inline int __any(int p) { return __any_sync(0xffffffff, p); }
#endif

// CHECK: #define __shfl_xor_sync(mask, var, laneMask, width) __shfl_xor(var, laneMask, width)
#ifndef __shfl_xor_sync
#define __shfl_xor_sync(mask, var, laneMask, width) __shfl_xor(var, laneMask, width)
#endif

// The use after the #define is the macro's (its mask is ignored): kept.
// CHECK: __global__ void __launch_bounds__(256, CU2HIP_WAVES_PER_EU(256, 2)) k(float *x) { x[0] = __shfl_xor_sync(0xffffffff, x[0], 1, 32); }
__global__ void __launch_bounds__(256, 2) k(float *x) { x[0] = __shfl_xor_sync(0xffffffff, x[0], 1, 32); }
