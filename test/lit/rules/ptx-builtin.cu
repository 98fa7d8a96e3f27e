// Inline PTX with a HIP builtin (case 23): special registers and read-only /
// streaming loads become HIP expressions; %laneid is the logical-32 lane
// (cu2hip::lane_id32), never the bare wave lane __lane_id().
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: all
#include <cuda_runtime.h>
#include <cstdint>
// CHECK: #include <cu2hip/wave.h>

__device__ __forceinline__ unsigned lane() {
  unsigned r;
  // CHECK: {{^}}  (r) = cu2hip::lane_id32();
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}

__device__ int lane_b32() {
  int r;
  // CHECK: {{^}}  (r) = cu2hip::lane_id32();
  __asm__ __volatile__("mov.b32 \t%0, %%laneid;" : "=r"(r));
  return r;
}

// In a macro body, with the statement's own semicolon outside the macro.
// CHECK: #define LANEMASK_LT(m) (m) = cu2hip::lanemask_lt32()
#define LANEMASK_LT(m) asm("mov.u32 %0, %%lanemask_lt;" : "=r"(m))
__device__ unsigned rank_in_warp(unsigned active) {
  unsigned lt;
  LANEMASK_LT(lt);
  return __popc(active & lt);
}

__device__ unsigned masks(unsigned *out) {
  unsigned a, b, c, d;
  // CHECK: (a) = cu2hip::lanemask_le32();
  asm("mov.u32 %0, %%lanemask_le;" : "=r"(a));
  // CHECK: (b) = cu2hip::lanemask_gt32();
  asm("mov.u32 %0, %%lanemask_gt;" : "=r"(b));
  // CHECK: (c) = cu2hip::lanemask_ge32();
  asm("mov.u32 %0, %%lanemask_ge;" : "=r"(c));
  // CHECK: (d) = cu2hip::lanemask_eq32();
  asm("mov.u32 %0, %%lanemask_eq;" : "=r"(d));
  return a ^ b ^ c ^ d;
}

__device__ unsigned sm() {
  unsigned id;
  // CHECK: {{^}}  (id) = __smid();
  // DIAG: ptx-builtin.cu:[[@LINE+1]]:3: note: __smid() packs the compute unit{{.*}}[ptx-builtin]
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  return id;
}

__device__ long long cycles() {
  long long t;
  // CHECK: {{^}}  (t) = clock64();
  // DIAG: ptx-builtin.cu:[[@LINE+1]]:3: note: clock64() counts shader-clock cycles{{.*}}[ptx-builtin]
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(t));
  return t;
}

template <typename T> __device__ float load_nc(const T *p) {
  float v;
  // CHECK: {{^}}  (v) = __ldg(reinterpret_cast<const float *>(p));
  asm volatile("ld.global.nc.f32 %0, [%1];" : "=f"(v) : "l"(p));
  return v;
}

__global__ void loads(const float *x, const int *k, const double *d, const uint64_t *u,
                      float *out) {
  int i = threadIdx.x;
  int ki;
  double dv;
  unsigned long long uv;
  float hint, stream;
  // CHECK: (ki) = __ldg(reinterpret_cast<const int *>(k + i));
  asm("ld.global.nc.s32 %0, [%1];" : "=r"(ki) : "l"(k + i));
  // CHECK: (dv) = __ldg(reinterpret_cast<const double *>(d + i));
  asm("ld.global.nc.f64 %0, [%1];" : "=d"(dv) : "l"(d + i));
  // CHECK: (uv) = __ldg(reinterpret_cast<const unsigned long long *>(u + i));
  asm("ld.global.nc.u64 %0, [%1];" : "=l"(uv) : "l"(u + i) : "memory");
  // CHECK: (hint) = __ldg(reinterpret_cast<const float *>(x + i));
  asm volatile("ld.global.nc.L1::no_allocate.f32 %0, [%1];" : "=f"(hint) : "l"(x + i));
  // CHECK: (stream) = __builtin_nontemporal_load(reinterpret_cast<const float *>(x + i));
  asm volatile("ld.global.cs.f32 %0, [%1];" : "=f"(stream) : "l"(x + i));
  out[i] = load_nc(x + i) + ki + (float)dv + (float)uv + hint + stream + lane() + lane_b32() +
           rank_in_warp(0xffffffffu) + masks(nullptr) + sm() + (float)cycles();
}
// DIAG-NOT: [wave-inline-ptx]
// DIAG-NOT: [ptx-inline-asm]
