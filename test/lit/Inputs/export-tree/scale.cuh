#pragma once
#include <cuda_runtime.h>
// Each unit defines ELEM: with --vectorize the two units' rewrites of this
// kernel overlap and differ (float, double): an edit-conflict.
__global__ void scale(ELEM *__restrict__ o, const ELEM *__restrict__ in, int n) {
  for (int t = blockIdx.x * blockDim.x + threadIdx.x; t < n; t += blockDim.x * gridDim.x)
    o[t] = in[t] * 2;
}
