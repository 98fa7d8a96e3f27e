// --atomic16-coarse: the user declares the memory of 16-bit float atomicAdds
// coarse-grained, and the port calls cu2hip::atomic_add_coarse (the packed
// hardware add where the gfx target has it); without it, cu2hip::atomic_add
// (the CAS loop, right on every memory). Other atomicAdds stay as written.
// RUN: %cu2hip %s -o - --no-summary --atomic16-coarse 2>%t.err | %strip | FileCheck --check-prefix=COARSE %s
// RUN: %cu2hip %s -o - --no-summary 2>%t.err2 | %strip | FileCheck --check-prefix=CAS %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
// COARSE: #include <cu2hip/atomic16.h>
// CAS: #include <cu2hip/atomic16.h>

__global__ void grads(__half2 *h2, __half *h, __nv_bfloat162 *b2, __nv_bfloat16 *b, float *f) {
  // COARSE: cu2hip::atomic_add_coarse(h2, __floats2half2_rn(1.f, 2.f));
  // CAS: cu2hip::atomic_add(h2, __floats2half2_rn(1.f, 2.f));
  atomicAdd(h2, __floats2half2_rn(1.f, 2.f));
  // COARSE: cu2hip::atomic_add_coarse(&h[threadIdx.x % 4], __float2half(0.5f));
  // CAS: cu2hip::atomic_add(&h[threadIdx.x % 4], __float2half(0.5f));
  atomicAdd(&h[threadIdx.x % 4], __float2half(0.5f));
  // COARSE: cu2hip::atomic_add_coarse(b2, b2[1]);
  // CAS: cu2hip::atomic_add(b2, b2[1]);
  atomicAdd(b2, b2[1]);
  // COARSE: cu2hip::atomic_add_coarse(b, __float2bfloat16(3.f));
  // CAS: cu2hip::atomic_add(b, __float2bfloat16(3.f));
  atomicAdd(b, __float2bfloat16(3.f));
  // COARSE: {{^}}  atomicAdd(f, 1.f);
  // CAS: {{^}}  atomicAdd(f, 1.f);
  atomicAdd(f, 1.f);
}

// A template instantiated with float and __half: the coarse helper forwards
// float to ::atomicAdd as atomic_add does.
template <typename T> __device__ void accumulate(T *p, T v) {
  // COARSE: {{^}}  cu2hip::atomic_add_coarse(p, v);
  // CAS: {{^}}  cu2hip::atomic_add(p, v);
  atomicAdd(p, v);
}
__global__ void both(float *f, __half *h) {
  accumulate(f, 1.f);
  accumulate(h, __float2half(1.f));
}
// COARSE-NOT: cu2hip::atomic_add(
// CAS-NOT: atomic_add_coarse
// DIAG-NOT: error
