// A small CUDA program whose warp code is written for 32-lane warps:
//   block_sum    lane = threadIdx.x % warpSize, a __shfl_down_sync tree that
//                starts at offset 16 (no width), shared[32] partial sums;
//   ballot_count a __ballot_sync stored in a 32-bit unsigned, __popc of it;
//   normalise    every lane subtracts lane 0's value (__shfl_sync, no width).
// On a 32-lane warp (CUDA, or any port on a wave32 GPU) every result is
// right. Ported with --wave=keep and run on a wave64 GPU, block_sum adds
// only half of each wavefront, ballot_count loses the upper 32 lanes and
// normalise broadcasts lane 0 of the wavefront to the second warp: the first
// kernel that differs is block_sum (launch #1). cu2hip's default port
// (logical32) is right at both sizes. Exit status 0; prints the checksums.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x)                                                                 \
  do {                                                                           \
    cudaError_t e_ = (x);                                                        \
    if (e_ != cudaSuccess) {                                                     \
      std::printf("CUDA error %s at line %d\n", cudaGetErrorString(e_), __LINE__); \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

__global__ void fill(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = 0.25f * float((i * 37) % 17) - 1.0f;
}

__global__ void block_sum(const float *x, float *sums, int n) {
  __shared__ float partial[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
  float v = i < n ? x[i] : 0.0f;
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  if (lane == 0)
    partial[warp] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0.0f;
    for (int w = 0; w < blockDim.x / warpSize; ++w)
      s += partial[w];
    sums[blockIdx.x] = s;
  }
}

__global__ void ballot_count(const float *x, int *counts, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned positive = __ballot_sync(0xffffffff, i < n && x[i] > 0.0f);
  if (threadIdx.x % 32 == 0)
    counts[i / 32] = __popc(positive);
}

__global__ void normalise(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? x[i] : 0.0f;
  float first = __shfl_sync(0xffffffff, v, 0);
  if (i < n)
    y[i] = v - first;
}

int main() {
  const int n = 1024, threads = 128, blocks = n / threads;
  float *x, *sums, *y;
  int *counts;
  CHECK(cudaMalloc(&x, n * sizeof(float)));
  CHECK(cudaMalloc(&sums, blocks * sizeof(float)));
  CHECK(cudaMalloc(&y, n * sizeof(float)));
  CHECK(cudaMalloc(&counts, n / 32 * sizeof(int)));
  fill<<<blocks, threads>>>(x, n);
  block_sum<<<blocks, threads>>>(x, sums, n);
  ballot_count<<<blocks, threads>>>(x, counts, n);
  normalise<<<blocks, threads>>>(x, y, n);
  CHECK(cudaGetLastError());
  float hs[blocks], hy[n];
  int hc[n / 32];
  CHECK(cudaMemcpy(hs, sums, sizeof hs, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hc, counts, sizeof hc, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost));
  double s = 0, c = 0, t = 0;
  for (int b = 0; b < blocks; ++b)
    s += hs[b];
  for (int w = 0; w < n / 32; ++w)
    c += hc[w];
  for (int i = 0; i < n; ++i)
    t += hy[i];
  std::printf("block_sum %.4f ballot_count %.0f normalise %.4f\n", s, c, t);
  CHECK(cudaFree(x));
  CHECK(cudaFree(sums));
  CHECK(cudaFree(y));
  CHECK(cudaFree(counts));
  return 0;
}
