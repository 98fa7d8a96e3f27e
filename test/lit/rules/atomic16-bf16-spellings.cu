// RUN: %cu2hip %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: rocm72
//
// atomicAdd on bfloat16 (CUDA sm_80+; no overload in ROCm 7.2) becomes
// cu2hip::atomic_add (rule atomic16, llm.c layernorm_backward): typed calls by the index, a dependent call in a
// template of a bf16 file, and by spelling in an inactive branch and a macro
// body. Calls on float stay as written.
// CHECK: #include <cu2hip/atomic16.h>
// SUM: edits by rule: {{.*}}atomic16=
#include <cuda_bf16.h>
#include <stdint.h>

// CHECK: #define ACC(p, v) cu2hip::atomic_add((__hip_bfloat162 *)(p), v)
#define ACC(p, v) atomicAdd((__nv_bfloat162 *)(p), v)

__device__ void addX(__nv_bfloat16 *addr, __nv_bfloat16 val) {
  uintptr_t at = reinterpret_cast<uintptr_t>(addr);
  __nv_bfloat162 *pair = reinterpret_cast<__nv_bfloat162 *>(at & ~uintptr_t(3));
  __nv_bfloat162 add = (at & 3) ? __halves2bfloat162(__ushort_as_bfloat16(0), val)
                                : __halves2bfloat162(val, __ushort_as_bfloat16(0));
  // CHECK: cu2hip::atomic_add(pair, add);
  atomicAdd(pair, add);
}

template <class T> __global__ void accumulate(T *out, const T *in, float *total) {
  // CHECK: cu2hip::atomic_add(&out[threadIdx.x % 4], in[threadIdx.x]);
  atomicAdd(&out[threadIdx.x % 4], in[threadIdx.x]);
  // CHECK: atomicAdd(total, 1.0f);
  atomicAdd(total, 1.0f);
}
template __global__ void accumulate<__nv_bfloat16>(__nv_bfloat16 *, const __nv_bfloat16 *, float *);
template __global__ void accumulate<float>(float *, const float *, float *);

__global__ void direct(__nv_bfloat16 *b, __nv_bfloat162 *b2, int *n) {
  // CHECK: cu2hip::atomic_add(b, __float2bfloat16(1.0f));
  atomicAdd(b, __float2bfloat16(1.0f));
  // CHECK: ACC(b2, b2[1]);
  ACC(b2, b2[1]);
  // CHECK: atomicAdd(n, 1);
  atomicAdd(n, 1);
#ifdef NEVER_DEFINED
  __nv_bfloat16 *old_path = b;
  // CHECK: cu2hip::atomic_add(old_path, b[0]);
  atomicAdd(old_path, b[0]);
#endif
}
