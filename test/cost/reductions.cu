// Reduction kernels in the style of a GPT-2 trainer (row sums, row maxima,
// softmax, a single-block sum), written for the cost comparison of
// bench/kernel-cost-hand.sh: this file is cu2hip's input; reductions_hand.hip
// holds the same kernels ported to HIP by hand with width-32 shuffles.
#include <cuda_runtime.h>

#define FULL_MASK 0xffffffffu
#define LANES 32

__device__ inline float warp_sum(float v) {
  for (int off = 16; off > 0; off >>= 1)
    v += __shfl_xor_sync(FULL_MASK, v, off);
  return v;
}

__device__ inline float warp_max(float v) {
  for (int off = 16; off > 0; off >>= 1)
    v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, off));
  return v;
}

// Two-stage block reduction: each warp reduces, lane 0 of each warp writes
// its partial to shared memory, then every warp reduces the partials.
typedef float (*warp_op_t)(float);
template <warp_op_t op>
__device__ inline float block_reduce(float v, float pad) {
  __shared__ float partial[LANES];
  int lane = threadIdx.x % LANES;
  int warp = threadIdx.x / LANES;
  int nwarps = blockDim.x / LANES;
  v = op(v);
  if (lane == 0)
    partial[warp] = v;
  __syncthreads();
  v = lane < nwarps ? partial[lane] : pad;
  v = op(v);
  __syncthreads();
  return v;
}

// One warp per row, rows strided over the grid's warps.
__global__ void row_sum_kernel(float *out, const float *in, int rows, int cols) {
  int lane = threadIdx.x % LANES;
  int warps = gridDim.x * (blockDim.x / LANES);
  for (int r = blockIdx.x * (blockDim.x / LANES) + threadIdx.x / LANES; r < rows; r += warps) {
    float s = 0.0f;
    for (int c = lane; c < cols; c += LANES)
      s += in[r * cols + c];
    s = warp_sum(s);
    if (lane == 0)
      out[r] = s;
  }
}

// Softmax, one block per row: block maximum, then block sum of exponentials.
__global__ void softmax_block_kernel(float *out, const float *in, int cols) {
  const float *x = in + blockIdx.x * cols;
  float mx = -INFINITY;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    mx = fmaxf(mx, x[c]);
  mx = block_reduce<warp_max>(mx, -INFINITY);
  float s = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    s += expf(x[c] - mx);
  s = block_reduce<warp_sum>(s, 0.0f);
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    out[blockIdx.x * cols + c] = expf(x[c] - mx) / s;
}

// Sum of a whole array by one block (deterministic).
__global__ void sum_single_block_kernel(float *result, const float *in, int n) {
  float s = 0.0f;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    s += in[i];
  s = block_reduce<warp_sum>(s, 0.0f);
  if (threadIdx.x == 0)
    *result = s;
}

// Row maximum with a shuffle-down tree; lane 0 holds the result.
__global__ void row_max_down_kernel(float *out, const float *in, int cols) {
  int lane = threadIdx.x % LANES;
  int r = blockIdx.x * (blockDim.x / LANES) + threadIdx.x / LANES;
  float m = -INFINITY;
  for (int c = lane; c < cols; c += LANES)
    m = fmaxf(m, in[r * cols + c]);
  for (int off = 16; off > 0; off >>= 1)
    m = fmaxf(m, __shfl_down_sync(FULL_MASK, m, off));
  if (lane == 0)
    out[r] = m;
}

void launch_all(float *out, const float *in, int rows, int cols) {
  row_sum_kernel<<<rows / 8, 256>>>(out, in, rows, cols);
  softmax_block_kernel<<<rows, 256>>>(out, in, cols);
  sum_single_block_kernel<<<1, 1024>>>(out, in, rows * cols);
  row_max_down_kernel<<<rows / 8, 256>>>(out, in, cols);
}
