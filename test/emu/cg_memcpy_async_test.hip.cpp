// cu2hip/cg_memcpy_async.h: cooperative_groups::memcpy_async by a 32-thread
// tile and by the block (byte count, cuda::aligned_size_t, element counts),
// then cg::wait / cg::wait_prior on the block, and cu2hip/cuda_barrier.h's
// pipeline_consumer_wait_prior, at wave 64 and 32, against the values
// CUDA's semantics give (computed on the host): after the wait every thread
// of the block reads what every tile copied.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#include <cu2hip/cuda_barrier.h>
#include <cu2hip/cg_memcpy_async.h>

#include <cstdio>
#include <vector>

namespace cg = cooperative_groups;
constexpr int kBlock = 96, kBlocks = 2; // three 32-thread tiles; not a multiple of 64

__global__ void stage(const double *in, double *out) {
  __shared__ double tiles[kBlock], whole[kBlock], part[kBlock];
  auto block = cg::this_thread_block();
  auto tile = cg::tiled_partition<32>(block);
  const double *src = in + blockIdx.x * kBlock;
  int t = threadIdx.x, base = (t / 32) * 32;
  // Each tile copies its own 32 elements (bytes, aligned_size_t).
  cg::memcpy_async(tile, tiles + base, src + base,
                   cuda::aligned_size_t<alignof(double)>(32 * sizeof(double)));
  cg::wait(block);
  double a = tiles[(t + 40) % kBlock]; // another tile's element
  // The block copies everything (bytes), then half of it (element counts).
  cg::memcpy_async(block, whole, src, sizeof(double) * kBlock);
  cg::memcpy_async(block, part, (size_t)kBlock / 2, src, (size_t)kBlock);
  cg::wait_prior<0>(block);
  // A thread-scope pipeline waited on with wait_prior.
  double mine = 0;
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&mine, src + (kBlock - 1 - t), sizeof(double), pipe);
  pipe.producer_commit();
  cuda::pipeline_consumer_wait_prior<0>(pipe);
  double p = t < kBlock / 2 ? part[kBlock / 2 - 1 - t] : 0.0;
  out[blockIdx.x * kBlock + t] = a + 1000 * whole[kBlock - 1 - t] +
                                 1e6 * p + 1e9 * mine;
}

int main() {
  const int n = kBlock * kBlocks;
  std::vector<double> in(n), out(n);
  for (int i = 0; i < n; ++i) in[i] = (i * 37) % 101;
  double *din, *dout;
  hipMalloc((void **)&din, n * 8);
  hipMalloc((void **)&dout, n * 8);
  hipMemcpy(din, in.data(), n * 8, hipMemcpyHostToDevice);
  hipLaunchKernelGGL(stage, dim3(kBlocks), dim3(kBlock), 0, 0, din, dout);
  if (hipDeviceSynchronize() != hipSuccess) return 1;
  hipMemcpy(out.data(), dout, n * 8, hipMemcpyDeviceToHost);
  int bad = 0;
  for (int b = 0; b < kBlocks; ++b)
    for (int t = 0; t < kBlock; ++t) {
      const double *x = &in[b * kBlock];
      double p = t < kBlock / 2 ? x[kBlock / 2 - 1 - t] : 0.0;
      double want = x[(t + 40) % kBlock] + 1000 * x[kBlock - 1 - t] + 1e6 * p + 1e9 * x[kBlock - 1 - t];
      if (out[b * kBlock + t] != want && bad++ < 10)
        std::printf("block %d thread %d: got %.17g want %.17g\n", b, t, out[b * kBlock + t], want);
    }
  std::printf("%s: %d mismatches\n", bad ? "FAIL" : "PASS", bad);
  return bad ? 1 : 0;
}
