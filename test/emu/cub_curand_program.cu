// A small CUDA program using cuRAND's host API and CUB's warp, block and
// device primitives, written for the emulator's tests: cu2hip ports it at
// build time and the port must validate at wave 32 and 64.
//
// It draws n uniforms with a Philox generator, turns them into integer
// scores, and per 128-thread block: sums the scores (BlockReduce), counts
// the scores above a threshold per 32-thread warp (WarpReduce, written for
// 32-lane warps: tmp[threadIdx.x / 32]) and compacts them (BlockScan
// ExclusiveSum for the slots). Then DeviceReduce sums the block sums and
// DeviceScan turns the per-block counts into global offsets. Everything is
// checked against a CPU reference computed from the same uniforms, and the
// uniforms' mean against 0.5. Prints "All results match" and exits 0, or
// prints the first mismatch and exits 1.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cub/cub.cuh>
#include <cuda_runtime.h>
#include <curand.h>

#define CHECK(x)                                                              \
  do {                                                                        \
    cudaError_t e_ = (x);                                                     \
    if (e_ != cudaSuccess) {                                                  \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_),         \
                  __FILE__, __LINE__);                                        \
      return 1;                                                               \
    }                                                                         \
  } while (0)
#define CHECK_RAND(x)                                                         \
  do {                                                                        \
    if ((x) != CURAND_STATUS_SUCCESS) {                                       \
      std::printf("cuRAND error at %s:%d\n", __FILE__, __LINE__);             \
      return 1;                                                               \
    }                                                                         \
  } while (0)

constexpr int kBlock = 128;
constexpr int kThreshold = 700;

__device__ __host__ int score(float u) { return (int)(u * 1000.0f); }

__global__ void block_stats(const float* u, int n, int* block_sum, int* warp_count,
                            int* block_count, int* kept) {
  typedef cub::BlockReduce<int, kBlock> BlockReduce;
  typedef cub::BlockScan<int, kBlock> BlockScan;
  typedef cub::WarpReduce<int> WarpReduce;
  __shared__ typename BlockReduce::TempStorage reduce_tmp;
  __shared__ typename BlockScan::TempStorage scan_tmp;
  __shared__ typename WarpReduce::TempStorage warp_tmp[kBlock / 32];

  int i = blockIdx.x * kBlock + threadIdx.x;
  int s = i < n ? score(u[i]) : 0;
  int keep = s > kThreshold;

  int total = BlockReduce(reduce_tmp).Sum(s);
  int in_warp = WarpReduce(warp_tmp[threadIdx.x / 32]).Sum(keep);
  int slot, count;
  BlockScan(scan_tmp).ExclusiveSum(keep, slot, count);

  if (threadIdx.x == 0) {
    block_sum[blockIdx.x] = total;
    block_count[blockIdx.x] = count;
  }
  if (threadIdx.x % 32 == 0) warp_count[i / 32] = in_warp;
  if (keep) kept[blockIdx.x * kBlock + slot] = s;
}

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
  const int blocks = (n + kBlock - 1) / kBlock;
  const int warps = blocks * kBlock / 32;

  float* d_u;
  int *d_block_sum, *d_warp_count, *d_block_count, *d_kept, *d_total, *d_offsets;
  CHECK(cudaMalloc(&d_u, n * sizeof(float)));
  CHECK(cudaMalloc(&d_block_sum, blocks * sizeof(int)));
  CHECK(cudaMalloc(&d_warp_count, warps * sizeof(int)));
  CHECK(cudaMalloc(&d_block_count, blocks * sizeof(int)));
  CHECK(cudaMalloc(&d_kept, blocks * kBlock * sizeof(int)));
  CHECK(cudaMalloc(&d_total, sizeof(int)));
  CHECK(cudaMalloc(&d_offsets, blocks * sizeof(int)));

  curandGenerator_t gen;
  CHECK_RAND(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_PHILOX4_32_10));
  CHECK_RAND(curandSetPseudoRandomGeneratorSeed(gen, 20261202ULL));
  CHECK_RAND(curandGenerateUniform(gen, d_u, n));

  block_stats<<<blocks, kBlock>>>(d_u, n, d_block_sum, d_warp_count, d_block_count,
                                  d_kept);
  CHECK(cudaGetLastError());

  void* d_tmp = nullptr;
  size_t tmp_bytes = 0, scan_bytes = 0;
  CHECK(cub::DeviceReduce::Sum(d_tmp, tmp_bytes, d_block_sum, d_total, blocks));
  CHECK(cub::DeviceScan::ExclusiveSum(d_tmp, scan_bytes, d_block_count, d_offsets,
                                      blocks));
  if (scan_bytes > tmp_bytes) tmp_bytes = scan_bytes;
  CHECK(cudaMalloc(&d_tmp, tmp_bytes));
  CHECK(cub::DeviceReduce::Sum(d_tmp, tmp_bytes, d_block_sum, d_total, blocks));
  CHECK(cub::DeviceScan::ExclusiveSum(d_tmp, tmp_bytes, d_block_count, d_offsets, blocks));

  std::vector<float> u(n);
  std::vector<int> block_sum(blocks), warp_count(warps), block_count(blocks),
      kept(blocks * kBlock), offsets(blocks);
  int total = 0;
  CHECK(cudaMemcpy(u.data(), d_u, n * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(block_sum.data(), d_block_sum, blocks * sizeof(int),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(warp_count.data(), d_warp_count, warps * sizeof(int),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(block_count.data(), d_block_count, blocks * sizeof(int),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(kept.data(), d_kept, blocks * kBlock * sizeof(int),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(offsets.data(), d_offsets, blocks * sizeof(int),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&total, d_total, sizeof(int), cudaMemcpyDeviceToHost));

  // CPU reference from the same uniforms.
  int bad = 0;
  double mean = 0;
  long long ref_total = 0;
  int ref_offset = 0;
  for (int b = 0; b < blocks; ++b) {
    int sum = 0, count = 0;
    for (int t = 0; t < kBlock; ++t) {
      int i = b * kBlock + t;
      int s = i < n ? score(u[i]) : 0;
      if (i < n) mean += u[i];
      sum += s;
      if (s > kThreshold) {
        if (kept[b * kBlock + count] != s && bad++ == 0)
          std::printf("mismatch: kept[%d][%d] = %d, want %d\n", b, count,
                      kept[b * kBlock + count], s);
        ++count;
      }
    }
    for (int w = 0; w < kBlock / 32; ++w) {
      int c = 0;
      for (int k = 0; k < 32; ++k) {
        int i = b * kBlock + w * 32 + k;
        c += i < n && score(u[i]) > kThreshold;
      }
      if (warp_count[b * kBlock / 32 + w] != c && bad++ == 0)
        std::printf("mismatch: warp_count[%d] = %d, want %d\n", b * kBlock / 32 + w,
                    warp_count[b * kBlock / 32 + w], c);
    }
    if (block_sum[b] != sum && bad++ == 0)
      std::printf("mismatch: block_sum[%d] = %d, want %d\n", b, block_sum[b], sum);
    if (block_count[b] != count && bad++ == 0)
      std::printf("mismatch: block_count[%d] = %d, want %d\n", b, block_count[b], count);
    if (offsets[b] != ref_offset && bad++ == 0)
      std::printf("mismatch: offsets[%d] = %d, want %d\n", b, offsets[b], ref_offset);
    ref_total += sum;
    ref_offset += count;
  }
  if (total != ref_total && bad++ == 0)
    std::printf("mismatch: total = %d, want %lld\n", total, ref_total);
  mean /= n;
  // 5 standard errors of the mean of n uniforms
  const double tol = 5 * 0.2887 / __builtin_sqrt((double)n);
  if ((mean < 0.5 - tol || mean > 0.5 + tol) && bad++ == 0)
    std::printf("mismatch: mean of the uniforms %.4f, want 0.5 +- %.4f\n", mean, tol);

  std::printf("n=%d blocks=%d total=%d kept=%d mean=%.4f\n", n, blocks, total, ref_offset,
              mean);
  curandDestroyGenerator(gen);
  cudaFree(d_u);
  cudaFree(d_block_sum);
  cudaFree(d_warp_count);
  cudaFree(d_block_count);
  cudaFree(d_kept);
  cudaFree(d_total);
  cudaFree(d_offsets);
  cudaFree(d_tmp);
  if (bad) {
    std::printf("%d mismatches\n", bad);
    return 1;
  }
  std::printf("All results match\n");
  return 0;
}
