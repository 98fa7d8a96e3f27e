// A layer-norm kernel that exits early: warps past the last row return before
// the warp reductions, a guard on the warp index that every lane of a warp
// takes together (1-D launch). cu2hip's input for bench/kernel-cost-hand.sh;
// reductions_guarded_hand.hip is the hand port.
#include <cuda_runtime.h>

#define FULL_MASK 0xffffffffu
#define LANES 32

__device__ inline float warp_sum(float v) {
  for (int off = 16; off > 0; off >>= 1)
    v += __shfl_xor_sync(FULL_MASK, v, off);
  return v;
}

// Layer norm, one warp per row, with an early exit for the warps past the
// last row (the exit precedes the shuffles).
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
  layernorm_guarded_kernel<<<(rows + 7) / 8, 256>>>(out, mean, rstd, in, w, b, rows, cols);
}
