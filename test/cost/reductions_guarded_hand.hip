// The kernel of reductions_guarded.cu ported to HIP by hand for comparison
// (bench/kernel-cost-hand.sh): CUDA's 32-lane warps kept as 32-lane groups
// of the wavefront by giving every shuffle width 32; no masks (the lanes of
// a wavefront execute in lockstep and every lane of each group is active at
// these shuffles).
#include <hip/hip_runtime.h>

#define LANES 32

__device__ inline float warp_sum(float v) {
  for (int off = 16; off > 0; off >>= 1)
    v += __shfl_xor(v, off, LANES);
  return v;
}

__global__ void layernorm_guarded_kernel(float *out, float *mean, float *rstd, const float *in,
                                         const float *w, const float *b, int rows, int cols) {
  int lane = threadIdx.x % LANES;
  int r = blockIdx.x * (blockDim.x / LANES) + threadIdx.x / LANES;
  if (r >= rows)
    return;
  const float *x = in + r * cols;
  float s = 0.0f;
  for (int c = lane; c < cols; c += LANES)
    s += x[c];
  float m = warp_sum(s) / cols;
  float v = 0.0f;
  for (int c = lane; c < cols; c += LANES)
    v += (x[c] - m) * (x[c] - m);
  float rs = rsqrtf(warp_sum(v) / cols + 1e-5f);
  if (lane == 0) {
    mean[r] = m;
    rstd[r] = rs;
  }
  for (int c = lane; c < cols; c += LANES)
    out[r * cols + c] = (x[c] - m) * rs * w[c] + b[c];
}

void launch_layernorm(float *out, float *mean, float *rstd, const float *in, const float *w,
                      const float *b, int rows, int cols) {
  hipLaunchKernelGGL(layernorm_guarded_kernel, dim3((rows + 7) / 8), dim3(256), 0, 0, out, mean,
                     rstd, in, w, b, rows, cols);
}
