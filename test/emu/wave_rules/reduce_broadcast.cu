// Wave-rule kernel (catalogue rows 1, 2 and 4 of docs/wave64.md
// A.2): one 32-thread warp per group of 32 values. Per-warp sum by a
// width-less __shfl_down_sync tree (row 2, result in lane 0), per-warp max
// by a width-less __shfl_xor_sync butterfly (row 1, every lane), and every
// value centred by the warp mean broadcast from lane 0 with
// __shfl_sync(..., 0) (row 4). CUDA input for cu2hip (ported at build time);
// harness: reduce_broadcast_main.cpp.
#include <cuda_runtime.h>

__global__ void warp_reduce_broadcast(const float* x, float* sums, float* maxes,
                                      float* centred, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  float v = i < n ? x[i] : 0.0f;
  float s = v;
  for (int off = 16; off > 0; off >>= 1)
    s += __shfl_down_sync(0xffffffff, s, off);
  float m = v;
  for (int off = 16; off > 0; off >>= 1)
    m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, off));
  float mean = __shfl_sync(0xffffffff, s, 0) / 32.0f;
  if (lane == 0) sums[i >> 5] = s;
  maxes[i] = m;
  centred[i] = v - mean;
}
