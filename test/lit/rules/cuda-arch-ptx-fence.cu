// A `__CUDA_ARCH__ >= N` gate with no #else whose block defines portable
// helpers beside inline PTX: the PTX-holding definitions (functions,
// templates, those a macro spells, and #defines holding asm) are fenced off
// for AMD, one warning each, and the gate gets its AMD meaning, so the
// portable helpers exist on every gfx target (the PTX still compiles with
// HIP on NVIDIA). Callers are device code inside the gate or templates
// instantiated only from it, as in moderngpu's intrinsics.hxx.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>

// CHECK: #if defined(__HIP_DEVICE_COMPILE__) && CU2HIP_CUDA_ARCH >= 300
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 300
template <typename T> __device__ T shfl_down(T x, int offset) {
  return __shfl_down_sync(0xffffffff, x, offset, 32);
}
// CHECK: #if !defined(__HIP_PLATFORM_AMD__) // inline PTX: no AMD form
// CHECK-NEXT: __device__ inline float shfl_down_add(float x, int offset) {
// DIAG: cuda-arch-ptx-fence.cu:[[@LINE+1]]:1: warning: definition of 'shfl_down_add' holds inline PTX inside a __CUDA_ARCH__ gate with no #else: fenced off on AMD{{.*}}[cuda-arch-ptx-fence]
__device__ inline float shfl_down_add(float x, int offset) {
  float r;
  asm("{ .reg .f32 t; shfl.sync.down.b32 t, %1, %2, 31, -1; add.f32 %0, %1, t; }"
      : "=f"(r) : "f"(x), "r"(offset));
  return r;
}
// DIAG: cuda-arch-ptx-fence.cu:[[@LINE+1]]:1: warning: definition of 'lane_bits' holds inline PTX
template <int N> __device__ unsigned lane_bits() {
  unsigned r;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(r));
  return r >> N;
}
// CHECK: return r >> N;
// CHECK-NEXT: }
// CHECK-NEXT: #endif // !defined(__HIP_PLATFORM_AMD__)
// A macro that spells PTX-holding definitions: the #define and each use.
// CHECK: #if !defined(__HIP_PLATFORM_AMD__) // inline PTX: no AMD form
// CHECK-NEXT: #define BFE_FN(name, ty)
// DIAG: cuda-arch-ptx-fence.cu:[[@LINE+1]]:1: warning: definition of macro 'BFE_FN' holds inline PTX
#define BFE_FN(name, ty)                                                  \
  __device__ inline ty name(ty x, int b, int n) {                          \
    ty r;                                                                  \
    asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(b), "r"(n));     \
    return r;                                                              \
  }
// CHECK: #endif // !defined(__HIP_PLATFORM_AMD__)
// CHECK-NEXT: #if !defined(__HIP_PLATFORM_AMD__) // inline PTX: no AMD form
// CHECK-NEXT: BFE_FN(bfe_u32, unsigned)
// CHECK-NEXT: BFE_FN(bfe_s32, int)
// CHECK-NEXT: #endif // !defined(__HIP_PLATFORM_AMD__)
// DIAG: cuda-arch-ptx-fence.cu:[[@LINE+1]]:1: warning: definition of 'bfe_u32' holds inline PTX
BFE_FN(bfe_u32, unsigned)
BFE_FN(bfe_s32, int)
// CHECK: __global__ void reduce(float *v) { v[threadIdx.x] = warp_sum(v[threadIdx.x]); }
template <typename T> __device__ T warp_sum(T x) {
  for (int o = 16; o > 0; o /= 2) x = shfl_down(x, o);
  return x;
}
__global__ void reduce(float *v) { v[threadIdx.x] = warp_sum(v[threadIdx.x]); }
#endif

// Device code after the gate: on AMD it compiles only if the gate holds there.
// CHECK: #ifdef __HIP_DEVICE_COMPILE__
#ifdef __CUDA_ARCH__
__device__ float first_of_pair(float x) { return shfl_down(x, 1); }
#endif

// With an #else the author's fallback stays the AMD path: kept as before.
__device__ int popc(unsigned x) {
// CHECK: #if defined(__HIP_DEVICE_COMPILE__) && __CUDA_ARCH__ >= 200
// DIAG: cuda-arch-ptx-fence.cu:[[@LINE+1]]:31: warning: __CUDA_ARCH__ compared as a number, in an #if chain with inline PTX: kept{{.*}}[cuda-arch-version]
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 200
  int r;
  asm("popc.b32 %0, %1;" : "=r"(r) : "r"(x));
  return r;
#else
  return __builtin_popcount(x);
#endif
}
