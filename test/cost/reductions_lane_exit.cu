// A per-warp sum after an exit that depends on the lane (`i >= n` in the
// partial last warp): lanes of a warp that goes on may have exited, so rule
// wave-shfl-full proves nothing here and the port keeps cu2hip::mask64.
// cu2hip's input for bench/kernel-cost-hand.sh; reductions_lane_exit_hand.hip
// is the hand port.
#include <cuda_runtime.h>

__device__ inline float warp_sum(float v) {
  for (int off = 16; off > 0; off >>= 1)
    v += __shfl_xor_sync(0xffffffff, v, off);
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
  warp_sums_kernel<<<(n + 255) / 256, 256>>>(out, in, n);
}
