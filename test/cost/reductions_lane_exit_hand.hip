// The kernel of reductions_lane_exit.cu ported to HIP by hand for comparison
// (bench/kernel-cost-hand.sh): width-32 shuffles without masks.
#include <hip/hip_runtime.h>

__device__ inline float warp_sum(float v) {
  for (int off = 16; off > 0; off >>= 1)
    v += __shfl_xor(v, off, 32);
  return v;
}

__global__ void warp_sums_kernel(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float s = warp_sum(in[i]);
  if (threadIdx.x % 32 == 0)
    out[i / 32] = s;
}

void launch_warp_sums(float *out, const float *in, int n) {
  hipLaunchKernelGGL(warp_sums_kernel, dim3((n + 255) / 256), dim3(256), 0, 0, out, in, n);
}
