// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err
// RUN: %strip %t.hip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
//
// PTX reductions (`red`: an atomic read-modify-write whose result is not
// used, relaxed, GPU scope unless .sys) become HIP's atomic of the same
// operation and type, the result dropped; other forms keep ptx-inline-asm.
#include <cuda_runtime.h>
#include <cstdint>

__global__ void count(int64_t *bad_n, unsigned *mask, float *sum, unsigned *lo) {
  int64_t bad = threadIdx.x & 1;
  // CHECK: (void)atomicAdd(reinterpret_cast<unsigned long long *>(bad_n), static_cast<unsigned long long>(bad));
  asm volatile("red.global.add.u64 [%0],%1;" :: "l"(bad_n), "l"(bad) : "memory");
  // CHECK: (void)atomicOr(reinterpret_cast<unsigned int *>(mask), static_cast<unsigned int>(1u << threadIdx.x));
  asm volatile("red.global.or.b32 [%0], %1;" : : "l"(mask), "r"(1u << threadIdx.x));
  // CHECK: (void)atomicAdd_system(reinterpret_cast<float *>(sum), static_cast<float>(0.5f));
  asm("red.relaxed.sys.global.add.f32 [%0], %1;" :: "l"(sum), "f"(0.5f));
  // CHECK: (void)atomicMin(reinterpret_cast<unsigned int *>(lo), static_cast<unsigned int>(threadIdx.x));
  asm volatile("red.global.min.u32 [%0], %1;" :: "l"(lo), "r"(threadIdx.x));
}

#if 0
// Two instructions: not one reduction.
// DIAG: ptx-builtin-red.cu:[[@LINE+2]]:3: warning: inline PTX does not compile for AMD GPUs [ptx-inline-asm]
// CHECK: asm volatile("red.global.add.u32 [%0], %1; red.global.add.u32 [%0], %1;" :: "l"(lo), "r"(1));
  asm volatile("red.global.add.u32 [%0], %1; red.global.add.u32 [%0], %1;" :: "l"(lo), "r"(1));
#endif
