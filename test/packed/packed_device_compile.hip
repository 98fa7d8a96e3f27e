// Compile check (not run): every packed.h entry point instantiated in device
// code. Built by test/packed/compile-check.sh with hipcc (gfx90a, gfx1100) and
// nvcc (CUDA form).
#include "cu2hip/packed.h"
#if defined(__HIP_PLATFORM_AMD__) || defined(__HIP_PLATFORM_NVIDIA__)
#include <hip/hip_fp16.h>
typedef __half half_t;
#else
#include <cuda_fp16.h>
typedef __half half_t;
#endif

template <class T> __device__ void hints(T *p, const T *q) {
  T a = cu2hip::ldg(q), b = cu2hip::ldca(q), c = cu2hip::ldcg(q),
    d = cu2hip::ldcs(q), e = cu2hip::ldlu(q), f = cu2hip::ldcv(q);
  cu2hip::stwb(p, a);
  cu2hip::stcg(p + 1, b);
  cu2hip::stcs(p + 2, c);
  cu2hip::stwt(p + 3, d);
  cu2hip::stcs(p + 4, e);
  cu2hip::stcs(p + 5, f);
}

__global__ void all_hints(float *f, float2 *f2, float4 *f4, int4 *i4,
                          half_t *h, double2 *d2) {
  hints(f, f + 8);
  hints(f2, f2 + 8);
  hints(f4, f4 + 8);
  hints(i4, i4 + 8);
  hints(h, h + 8);
  hints(d2, d2 + 8);
#if defined(__HIP_PLATFORM_AMD__)
  // global CUDA names, as unported code spells them
  float4 v = __ldcs(f4);
  __stcs(f4 + 1, v);
  __stcg(f + 1, __ldcg(f));
  __stwt(i4 + 1, __ldlu(i4));
  half_t hv = __ldcs(h); // HIP's own half form
  h[1] = hv;
#endif
}

__global__ void packed(float *y, const float *x, half_t *hy, const half_t *hx) {
  cu2hip::Packed128<float> p = cu2hip::load128(x);
  cu2hip::store128(y, p);
  cu2hip::store128cs(y + 4, cu2hip::load128cs(x + 4));
  cu2hip::store128cg(y + 8, p);
  cu2hip::Packed128<half_t> hp = cu2hip::load128(hx);
  cu2hip::store128(hy, hp);
}

__global__ void map_gs(size_t n, float *__restrict__ y, const float *__restrict__ x,
                       const float *__restrict__ z) {
  cu2hip::vec_map_grid_stride(
      n, blockIdx.x * (size_t)blockDim.x + threadIdx.x,
      (size_t)blockDim.x * gridDim.x, y,
      [](float a, float b) { return a * 2.0f + b; }, x, z);
}

__global__ void map_at(int n, float *__restrict__ y, const float *__restrict__ x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  cu2hip::vec_map_at(i, n, y, [](float a) { return a > 0.f ? a : 0.f; }, x);
}
