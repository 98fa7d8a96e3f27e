// CUDA's block-scope atomics (atomic*_block) and the system-scope
// atomicInc/atomicDec have no HIP function in ROCm 7.2: they become
// cu2hip:: functions of cu2hip/atomic_scope.h (scoped HIP atomic builtins).
// The _system forms HIP has keep HIP's names.
// RUN: %cu2hip %s -o - --no-summary 2>/dev/null | %strip | FileCheck %s
// COMPILE-CHECK: rocm72
// CHECK: #include <cu2hip/atomic_scope.h>
#include <cuda_runtime.h>

__global__ void scoped(int *a, unsigned *u, unsigned long long *l, float *f) {
  int tid = threadIdx.x;
  // CHECK: cu2hip::atomicAdd_block(&a[0], 10);
  atomicAdd_block(&a[0], 10);
  // CHECK-NEXT: cu2hip::atomicSub_block(&a[1], 1);
  atomicSub_block(&a[1], 1);
  // CHECK-NEXT: cu2hip::atomicMax_block(&a[2], tid);
  atomicMax_block(&a[2], tid);
  // CHECK-NEXT: cu2hip::atomicMin_block(&l[0], (unsigned long long)tid);
  atomicMin_block(&l[0], (unsigned long long)tid);
  // CHECK-NEXT: cu2hip::atomicInc_block(&u[0], 17u);
  atomicInc_block(&u[0], 17u);
  // CHECK-NEXT: cu2hip::atomicDec_block(&u[1], 137u);
  atomicDec_block(&u[1], 137u);
  // CHECK-NEXT: cu2hip::atomicCAS_block(&a[3], tid - 1, tid);
  atomicCAS_block(&a[3], tid - 1, tid);
  // CHECK-NEXT: cu2hip::atomicExch_block(&f[0], 1.5f);
  atomicExch_block(&f[0], 1.5f);
  // CHECK-NEXT: cu2hip::atomicAnd_block(&u[2], 2u * tid + 7u);
  atomicAnd_block(&u[2], 2u * tid + 7u);
  // CHECK-NEXT: cu2hip::atomicOr_block(&u[3], 1u << (tid % 32));
  atomicOr_block(&u[3], 1u << (tid % 32));
  // CHECK-NEXT: cu2hip::atomicXor_block(&u[4], (unsigned)tid);
  atomicXor_block(&u[4], (unsigned)tid);
  // CHECK-NEXT: cu2hip::atomicInc_system(&u[5], 17u);
  atomicInc_system(&u[5], 17u);
  // CHECK-NEXT: cu2hip::atomicDec_system(&u[6], 137u);
  atomicDec_system(&u[6], 137u);
  // CHECK-NEXT: atomicMax_system(&a[4], tid);
  atomicMax_system(&a[4], tid);
}
