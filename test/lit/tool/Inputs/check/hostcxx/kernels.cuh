// A header shared by a CUDA unit and a host C++ unit (which nvcc hands to the
// host compiler): its device code sits behind __CUDACC__, and the helpers the
// port gives it must compile in the host unit too.
#pragma once
#include <cuda_runtime.h>
#include <cuda_fp16.h>

#ifdef __CUDACC__
__device__ inline float warp_sum(float v) {
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}

__global__ void sum_rows(const float *x, float *out, __half *hist) {
  float s = warp_sum(x[threadIdx.x]);
  if (threadIdx.x == 0)
    out[blockIdx.x] = s;
  atomicAdd(hist, __double2half(1.0));
}
#endif

/// Host side: device memory for `n` floats.
float *alloc_floats(size_t n);
