// Throughput of the cu2hip CPU SIMT emulator (lane-operations per second).
//   simple : elementwise kernel, 1 lane-op = one thread doing one element
//            (no wave ops; cost = fiber start/finish + the arithmetic)
//   loop   : one thread runs 64 iterations of a multiply-add (arithmetic only)
//   shuffle: warp butterfly reductions, 1 lane-op = one lane taking part in
//            one shuffle (cost dominated by the wave rendezvous)
//   barrier: __syncthreads-heavy kernel, 1 lane-op = one thread at a barrier
#include <hip/hip_runtime.h>

#include <chrono>
#include <cstdio>
#include <vector>

__global__ void k_simple(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = 2.0f * x[i] + 1.0f;
}

__global__ void k_loop(float* y, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = (float)i;
  for (int k = 0; k < iters; ++k) v = v * 0.999f + 0.5f;
  y[i] = v;
}

__global__ void k_shuffle(float* y, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = (float)i;
  for (int r = 0; r < rounds; ++r)
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor(v, o, 32);
  y[i] = v;
}

__global__ void k_barrier(float* y, int rounds) {
  __shared__ float s[256];
  int t = threadIdx.x;
  float v = (float)t;
  for (int r = 0; r < rounds; ++r) {
    s[t] = v;
    __syncthreads();
    v += s[(t + 1) & 255];
    __syncthreads();
  }
  y[blockIdx.x * blockDim.x + t] = v;
}

template <class F>
double seconds(F f) {
  auto a = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count();
}

int main() {
  hipDeviceProp_t p;
  hipGetDeviceProperties(&p, 0);
  const int n = 1 << 20, block = 256;
  float *x, *y;
  hipMalloc((void**)&x, n * sizeof(float));
  hipMalloc((void**)&y, n * sizeof(float));
  hipMemset(x, 0, n * sizeof(float));
  std::printf("wave%d threads=%d\n", p.warpSize, p.multiProcessorCount);
  // Warm-up: maps fiber stacks and starts the worker threads.
  hipLaunchKernelGGL(k_simple, dim3(64), dim3(1024), 0, 0, x, y, n);

  double t = seconds([&] { hipLaunchKernelGGL(k_simple, dim3(n / block), dim3(block), 0, 0, x, y, n); });
  std::printf("  simple : %8.2f M lane-ops/s  (%d threads, %.3f s)\n", n / t / 1e6, n, t);

  const int iters = 64, nl = 1 << 18;
  t = seconds([&] { hipLaunchKernelGGL(k_loop, dim3(nl / block), dim3(block), 0, 0, y, iters); });
  std::printf("  loop   : %8.2f M lane-ops/s  (%d threads x %d madds, %.3f s)\n",
              (double)nl * iters / t / 1e6, nl, iters, t);

  const int rounds = 8, ns = 1 << 16;
  t = seconds([&] { hipLaunchKernelGGL(k_shuffle, dim3(ns / block), dim3(block), 0, 0, y, rounds); });
  std::printf("  shuffle: %8.2f M lane-ops/s  (%d threads x %d shuffles, %.3f s)\n",
              (double)ns * rounds * 5 / t / 1e6, ns, rounds * 5, t);

  const int brounds = 8;
  t = seconds([&] { hipLaunchKernelGGL(k_barrier, dim3(ns / 256), dim3(256), 0, 0, y, brounds); });
  std::printf("  barrier: %8.2f M lane-ops/s  (%d threads x %d barriers, %.3f s)\n",
              (double)ns * brounds * 2 / t / 1e6, ns, brounds * 2, t);
  hipFree(x);
  hipFree(y);
  return 0;
}
