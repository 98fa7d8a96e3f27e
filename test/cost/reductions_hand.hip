// The kernels of reductions.cu ported to HIP by hand for comparison
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

__device__ inline float warp_max(float v) {
  for (int off = 16; off > 0; off >>= 1)
    v = fmaxf(v, __shfl_xor(v, off, LANES));
  return v;
}

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

__global__ void sum_single_block_kernel(float *result, const float *in, int n) {
  float s = 0.0f;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    s += in[i];
  s = block_reduce<warp_sum>(s, 0.0f);
  if (threadIdx.x == 0)
    *result = s;
}

__global__ void row_max_down_kernel(float *out, const float *in, int cols) {
  int lane = threadIdx.x % LANES;
  int r = blockIdx.x * (blockDim.x / LANES) + threadIdx.x / LANES;
  float m = -INFINITY;
  for (int c = lane; c < cols; c += LANES)
    m = fmaxf(m, in[r * cols + c]);
  for (int off = 16; off > 0; off >>= 1)
    m = fmaxf(m, __shfl_down(m, off, LANES));
  if (lane == 0)
    out[r] = m;
}

void launch_all(float *out, const float *in, int rows, int cols) {
  hipLaunchKernelGGL(row_sum_kernel, dim3(rows / 8), dim3(256), 0, 0, out, in, rows, cols);
  hipLaunchKernelGGL(softmax_block_kernel, dim3(rows), dim3(256), 0, 0, out, in, cols);
  hipLaunchKernelGGL(sum_single_block_kernel, dim3(1), dim3(1024), 0, 0, out, in, rows * cols);
  hipLaunchKernelGGL(row_max_down_kernel, dim3(rows / 8), dim3(256), 0, 0, out, in, cols);
}
