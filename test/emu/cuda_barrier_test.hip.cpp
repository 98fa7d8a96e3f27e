// cu2hip/cuda_barrier.h: libcu++'s block-scope cuda::barrier (every thread
// of the block arrives), cuda::memcpy_async into shared memory (per thread
// and by a cooperative group) and thread-scope pipelines, at wave 64 and 32,
// against the values CUDA's semantics give (computed on the host): after
// the barrier every thread sees every other thread's shared-memory writes.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#include <cu2hip/cuda_barrier.h>

#include <cstdio>
#include <utility>
#include <vector>

namespace cg = cooperative_groups;
constexpr int kBlock = 96, kBlocks = 3; // 96: not a multiple of 64

__global__ void stencil(const int *in, int *out) {
  __shared__ int tile[kBlock];
  __shared__ int staged[kBlock];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  auto block = cg::this_thread_block();
  int t = threadIdx.x, base = blockIdx.x * kBlock;
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  // Phase 1: each thread writes its element, split arrive/wait.
  tile[t] = in[base + t] * 2;
  auto token = bar.arrive();
  bar.wait(std::move(token));
  int left = tile[(t + kBlock - 1) % kBlock], right = tile[(t + 1) % kBlock];
  bar.arrive_and_wait();
  // Phase 2: the block copies the input collectively, then reads reversed.
  cuda::memcpy_async(block, staged, in + base, sizeof(int) * kBlock, bar);
  bar.arrive_and_wait();
  int rev = staged[kBlock - 1 - t];
  // Phase 3: a thread-scope pipeline copies one element per thread.
  int mine = 0;
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&mine, in + base + t, cuda::aligned_size_t<4>(sizeof(int)), pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  pipe.consumer_release();
  out[base + t] = left + right + 1000 * rev + 1000000 * mine;
}

int main() {
  const int n = kBlock * kBlocks;
  std::vector<int> in(n), out(n);
  for (int i = 0; i < n; ++i) in[i] = (i * 37) % 101;
  int *din, *dout;
  hipMalloc((void **)&din, n * 4); hipMalloc((void **)&dout, n * 4);
  hipMemcpy(din, in.data(), n * 4, hipMemcpyHostToDevice);
  hipLaunchKernelGGL(stencil, dim3(kBlocks), dim3(kBlock), 0, 0, din, dout);
  if (hipDeviceSynchronize() != hipSuccess) return 1;
  hipMemcpy(out.data(), dout, n * 4, hipMemcpyDeviceToHost);
  int bad = 0;
  for (int b = 0; b < kBlocks; ++b)
    for (int t = 0; t < kBlock; ++t) {
      const int *x = &in[b * kBlock];
      int want = 2 * x[(t + kBlock - 1) % kBlock] + 2 * x[(t + 1) % kBlock] +
                 1000 * x[kBlock - 1 - t] + 1000000 * x[t];
      if (out[b * kBlock + t] != want && ++bad <= 5)
        std::printf("MISMATCH block %d thread %d: %d, want %d\n", b, t, out[b * kBlock + t], want);
    }
  int wave = 0;
  hipDeviceGetAttribute(&wave, hipDeviceAttributeWarpSize, 0);
  std::printf("cuda::barrier: wave %d: %d of %d values as CUDA\n", wave, n - bad, n);
  hipFree(din); hipFree(dout);
  return bad ? 1 : 0;
}
