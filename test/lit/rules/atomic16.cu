// atomicAdd on 16-bit float types (case 20): ROCm <= 7.2 has no overload, so
// such calls go to cu2hip::atomic_add (cu2hip/atomic16.h), decided by the
// operand types the parse resolved; other atomicAdds are kept.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
// CHECK: #include <cu2hip/atomic16.h>
typedef __half2 grad2_t;
using bf_t = __nv_bfloat16;
struct Acc { float v; };
// The user's own overload for their type stays as written.
__device__ void atomicAdd(Acc *a, Acc b) { a->v += b.v; }

__global__ void direct(__half2 *h2, __half *h, __nv_bfloat162 *b2, bf_t *b, float *f,
                       int *k, grad2_t *g, Acc *acc) {
  // CHECK: cu2hip::atomic_add(h2, __floats2half2_rn(1.f, 2.f));
  atomicAdd(h2, __floats2half2_rn(1.f, 2.f));
  // CHECK: cu2hip::atomic_add(&h[threadIdx.x % 4], __float2half(0.5f));
  atomicAdd(&h[threadIdx.x % 4], __float2half(0.5f));
  // CHECK: cu2hip::atomic_add(b2, cu2hip::floats2bfloat162_rn(1.f, 2.f));
  atomicAdd(b2, __floats2bfloat162_rn(1.f, 2.f));
  // CHECK: cu2hip::atomic_add(b, __float2bfloat16(3.f));
  atomicAdd(b, __float2bfloat16(3.f));
  // CHECK: cu2hip::atomic_add(g + 1, g[0]);
  atomicAdd(g + 1, g[0]);
  // CHECK: {{^}}  atomicAdd(f, 1.f);
  atomicAdd(f, 1.f);
  // CHECK: {{^}}  atomicAdd(k, 1);
  atomicAdd(k, 1);
  // CHECK: {{^}}  atomicAdd(acc, Acc{1.f});
  atomicAdd(acc, Acc{1.f});
}

// A template instantiated with float and __half: the forwarding overload
// keeps the float instantiation on ::atomicAdd.
template <typename T> __device__ void accumulate(T *p, T v) {
  // CHECK: {{^}}  cu2hip::atomic_add(p, v);
  // DIAG: atomic16.cu:[[@LINE+1]]:3: note: atomicAdd whose operand type the parse did not decide {{.*}}[atomic16]
  atomicAdd(p, v);
}
__global__ void both(float *f, __half *h) {
  accumulate(f, 1.f);
  accumulate(h, __float2half(1.f));
}

// A macro body: no type is known there.
// CHECK: #define ACCUMULATE(p, v) cu2hip::atomic_add(p, v)
#define ACCUMULATE(p, v) atomicAdd(p, v)
__global__ void via_macro(__half2 *h2, float *f) {
  ACCUMULATE(h2, __floats2half2_rn(1.f, 1.f));
  ACCUMULATE(f, 2.f);
}
// DIAG-NOT: error
