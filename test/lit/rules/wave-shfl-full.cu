// wave-shfl-full: a full-mask shuffle that no exited lane can miss becomes
// the plain width-32 shuffle (cu2hip::shfl_*_sync_full); every other shuffle
// keeps wave-shfl's cu2hip::mask64 form. Each proof with its counter-case.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary --no-semantic 2>/dev/null | %strip | FileCheck --check-prefix=NOPARSE %s
// RUN: %cu2hip %s -o - --no-summary --wave=keep 2>/dev/null | %strip | FileCheck --check-prefix=KEEP %s
// RUN: %cu2hip %s -o - --no-summary -- -fgpu-rdc 2>/dev/null | %strip | FileCheck --check-prefix=RDC %s
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#define FULL 0xffffffffu

// Called only from kernels with no exit before the call: proven.
// CHECK-LABEL: {{^}}__device__ inline float sum_ok(float v) {
// CHECK-NEXT: {{^}}  for (int o = 16; o > 0; o >>= 1) v += cu2hip::shfl_xor_sync_full(FULL, v, o, 32);
// NOPARSE: {{^}}  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(cu2hip::mask64(FULL), v, o, 32);
// KEEP: {{^}}  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync((unsigned long long)(FULL), v, o);
__device__ inline float sum_ok(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(FULL, v, o);
  return v;
}

// Also called from a kernel after an exit: not proven.
// CHECK-LABEL: {{^}}__device__ inline float sum_exit(float v) {
// CHECK-NEXT: {{^}}  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(cu2hip::mask64(0xffffffff), v, o, 32);
__device__ inline float sum_exit(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
  return v;
}

// Externally visible, not inline, called from a converged kernel: without
// relocatable device code no other unit calls it; with -fgpu-rdc one may.
// CHECK-LABEL: {{^}}__device__ float sum_extern(float v) {
// CHECK-NEXT: {{^}}  return v + cu2hip::shfl_down_sync_full(0xffffffff, v, 1, 32);
// RDC-LABEL: {{^}}__device__ float sum_extern(float v) {
// RDC-NEXT: {{^}}  return v + __shfl_down_sync(cu2hip::mask64(0xffffffff), v, 1, 32);
// RDC: {{^}}  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, cu2hip::shfl_xor_sync_full(0xffffffff, v, o, 32));
__device__ float sum_extern(float v) {
  return v + __shfl_down_sync(0xffffffff, v, 1);
}

// Inline, called from a proven point, but its address escapes into a
// variable (calls through it are not followed): not proven.
// CHECK-LABEL: {{^}}__device__ inline float sum_escaped(float v) {
// CHECK-NEXT: {{^}}  return v + __shfl_down_sync(cu2hip::mask64(0xffffffff), v, 1, 32);
__device__ inline float sum_escaped(float v) {
  return v + __shfl_down_sync(0xffffffff, v, 1);
}

// Called through a template argument (a block reduction taking the warp
// reduction as a function): the instantiation's call counts.
typedef float (*op_t)(float);
// CHECK-LABEL: {{^}}__device__ inline float max_tmpl(float v) {
// CHECK-NEXT: {{^}}  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, cu2hip::shfl_xor_sync_full(0xffffffff, v, o, 32));
__device__ inline float max_tmpl(float v) {
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, o));
  return v;
}
template <op_t op> __device__ inline float block_op(float v) {
  __shared__ float s[32];
  v = op(v);
  if (threadIdx.x % 32 == 0) s[threadIdx.x / 32] = v;
  __syncthreads();
  return op(threadIdx.x < blockDim.x / 32 ? s[threadIdx.x % 32] : 0.0f);
}

// Called (non-dependently) from a function template: the template's
// instantiation, called from a kernel, decides, not its pattern.
// CHECK-LABEL: {{^}}__device__ inline float sum_from_tmpl(float v) {
// CHECK-NEXT: {{^}}  return v + cu2hip::shfl_xor_sync_full(0xffffffff, v, 2, 32);
__device__ inline float sum_from_tmpl(float v) {
  return v + __shfl_xor_sync(0xffffffff, v, 2);
}
template <class T> __device__ float range_sum(const T *x, int n) {
  float a = 0.f;
  for (int i = threadIdx.x; i < n; i += blockDim.x) a += (float)x[i];
  return sum_from_tmpl(a);
}
template <class T> __global__ void k_tmpl(float *out, const T *x, int n) {
  out[blockIdx.x] = range_sum(x, n);
}
template __global__ void k_tmpl<int>(float *, const int *, int);

__global__ void k_ok(float *p) {
  float v = sum_ok(p[threadIdx.x]);
  v += block_op<max_tmpl>(v);
  // Directly in the kernel, full mask spelled ~0u, broadcast and scan.
  // CHECK: {{^}}  v += cu2hip::shfl_sync_full(~0u, v, 0, 32);
  v += __shfl_sync(~0u, v, 0);
  // CHECK: {{^}}  v += cu2hip::shfl_up_sync_full(FULL, v, 1, 16);
  v += __shfl_up_sync(FULL, v, 1, 16);
  // A partial mask: not the full warp.
  // CHECK: {{^}}  v += __shfl_xor_sync(cu2hip::mask64(0x0000ffff), v, 1, 32);
  v += __shfl_xor_sync(0x0000ffff, v, 1);
  // A mask known only at run time.
  // CHECK: {{^}}  v += __shfl_xor_sync(cu2hip::mask64(cu2hip::activemask32()), v, 1, 32);
  v += __shfl_xor_sync(__activemask(), v, 1);
  // A value type HIP's plain shuffles lack (__half): not rewritten.
  // CHECK: {{^}}  __half h = __shfl_xor_sync(cu2hip::mask64(FULL), __float2half(v), 1, 32);
  __half h = __shfl_xor_sync(FULL, __float2half(v), 1);
  p[threadIdx.x] = v + __half2float(h) + sum_extern(v);
  // The return after every shuffle, outside loops, does not matter.
  if (v > 1.0f) return;
  p[0] = 1.0f;
}

__global__ void k_exit(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  // CHECK: {{^}}  p[i] = sum_exit(p[i]) + __shfl_sync(cu2hip::mask64(FULL), p[i], 0, 32);
  p[i] = sum_exit(p[i]) + __shfl_sync(FULL, p[i], 0);
}

__global__ void k_exit_later(float *p, int n) {
  float v = sum_exit(p[threadIdx.x]);
  // An exit after the shuffle but inside its loop: a later iteration runs
  // the shuffle without the lanes that left.
  for (int it = 0; it < n; ++it) {
    // CHECK: {{^}}    v += __shfl_down_sync(cu2hip::mask64(FULL), v, 1, 32);
    v += __shfl_down_sync(FULL, v, 1);
    if (v > 100.0f) return;
  }
  p[threadIdx.x] = v;
}

__global__ void k_lambda(float *p) {
  // Inside a lambda: not followed.
  auto f = [](float v) {
    // CHECK: {{^}}    return __shfl_xor_sync(cu2hip::mask64(FULL), v, 1, 32);
    return __shfl_xor_sync(FULL, v, 1);
  };
  op_t g = sum_escaped;
  p[threadIdx.x] = f(p[threadIdx.x]) + g(1.0f) + sum_escaped(2.0f);
}
// DIAG-NOT: {{warning|error}}
