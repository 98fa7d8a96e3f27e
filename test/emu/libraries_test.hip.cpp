// Cooperative groups, hipBLAS, fp16 and wave-safe (logical 32-lane) code on
// the emulator, at the wave size of the run.
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace cg = cooperative_groups;

namespace {

__global__ void k_tiles(int* out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  int r = tile.thread_rank();
  int v = (int)block.thread_rank();
  int sum = cg::reduce(tile, v, cg::plus<int>());
  int mx = cg::reduce(tile, v, cg::greater<int>());
  int first = tile.shfl(v, 0);
  int x = tile.shfl_xor(v, 1);
  int dn = tile.shfl_down(v, 4);
  unsigned long long b = tile.ballot(r < 3);
  int any = tile.any(r == 15);
  int all = tile.all(r < 15);
  tile.sync();
  block.sync();
  int t = block.thread_rank();
  int* o = out + t * 9;
  o[0] = sum; o[1] = mx; o[2] = first; o[3] = x; o[4] = dn; o[5] = (int)b;
  o[6] = any; o[7] = all; o[8] = (int)tile.meta_group_rank();
}

TEST(CooperativeGroups, TilesOf16) {
  const int n = 96;
  int* d;
  hipMalloc((void**)&d, n * 9 * sizeof(int));
  hipLaunchKernelGGL(k_tiles, dim3(1), dim3(n), 0, 0, d);
  std::vector<int> h(n * 9);
  hipMemcpy(h.data(), d, h.size() * sizeof(int), hipMemcpyDeviceToHost);
  for (int t = 0; t < n; ++t) {
    int base = t & ~15, r = t & 15;
    int* o = &h[t * 9];
    EXPECT_EQ(o[0], 16 * base + 120) << t;
    EXPECT_EQ(o[1], base + 15);
    EXPECT_EQ(o[2], base);
    EXPECT_EQ(o[3], t ^ 1);
    EXPECT_EQ(o[4], r + 4 < 16 ? t + 4 : t);
    EXPECT_EQ(o[5], 7);
    EXPECT_EQ(o[6], 1);
    EXPECT_EQ(o[7], 0);
    EXPECT_EQ(o[8], t / 16);
  }
  hipFree(d);
}

// llm.c-style: tiled_partition<32> + cg::reduce is wave-size independent.
__global__ void k_row_sum(const float* x, float* y, int ncols) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int row = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
  float s = 0.0f;
  for (int c = warp.thread_rank(); c < ncols; c += 32) s += x[row * ncols + c];
  s = cg::reduce(warp, s, cg::plus<float>());
  if (warp.thread_rank() == 0) y[row] = s;
}

TEST(CooperativeGroups, Tile32RowSums) {
  const int rows = 8, ncols = 70;
  std::vector<float> x(rows * ncols);
  for (size_t i = 0; i < x.size(); ++i) x[i] = (float)(i % 5);
  float *dx, *dy;
  hipMalloc((void**)&dx, x.size() * 4);
  hipMalloc((void**)&dy, rows * 4);
  hipMemcpy(dx, x.data(), x.size() * 4, hipMemcpyHostToDevice);
  hipLaunchKernelGGL(k_row_sum, dim3(rows / 4), dim3(128), 0, 0, dx, dy, ncols);
  std::vector<float> y(rows);
  hipMemcpy(y.data(), dy, rows * 4, hipMemcpyDeviceToHost);
  for (int r = 0; r < rows; ++r) {
    float e = 0;
    for (int c = 0; c < ncols; ++c) e += x[r * ncols + c];
    EXPECT_EQ(y[r], e);
  }
}

TEST(HipBlas, SgemmAndStridedBatchedMatchNaive) {
  const int m = 5, n = 4, k = 3, batch = 3;
  std::vector<float> A(m * k * batch), B(k * n * batch), C(m * n * batch, 1.0f);
  for (size_t i = 0; i < A.size(); ++i) A[i] = (float)((i * 3) % 7) - 3.0f;
  for (size_t i = 0; i < B.size(); ++i) B[i] = (float)((i * 5) % 11) - 5.0f;
  float *dA, *dB, *dC;
  hipMalloc((void**)&dA, A.size() * 4);
  hipMalloc((void**)&dB, B.size() * 4);
  hipMalloc((void**)&dC, C.size() * 4);
  hipMemcpy(dA, A.data(), A.size() * 4, hipMemcpyHostToDevice);
  hipMemcpy(dB, B.data(), B.size() * 4, hipMemcpyHostToDevice);
  hipMemcpy(dC, C.data(), C.size() * 4, hipMemcpyHostToDevice);
  hipblasHandle_t h;
  ASSERT_EQ(hipblasCreate(&h), HIPBLAS_STATUS_SUCCESS);
  hipStream_t s;
  hipStreamCreate(&s);
  ASSERT_EQ(hipblasSetStream(h, s), HIPBLAS_STATUS_SUCCESS);
  float alpha = 2.0f, beta = 0.5f;
  // C_b = alpha * A_b^T(k x m stored as lda=k) ... use N,N column-major.
  ASSERT_EQ(hipblasSgemmStridedBatched(h, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &alpha,
                                       dA, m, m * k, dB, k, k * n, &beta, dC, m,
                                       m * n, batch),
            HIPBLAS_STATUS_SUCCESS);
  std::vector<float> R(C.size());
  hipMemcpy(R.data(), dC, R.size() * 4, hipMemcpyDeviceToHost);
  for (int b = 0; b < batch; ++b)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i) {
        float e = 0;
        for (int l = 0; l < k; ++l) e += A[b * m * k + l * m + i] * B[b * k * n + j * k + l];
        EXPECT_FLOAT_EQ(R[b * m * n + j * m + i], alpha * e + beta * 1.0f);
      }
  // Transposed A (stored k x m, lda = k) through plain Sgemm.
  std::vector<float> At(k * m);
  for (int i = 0; i < m; ++i)
    for (int l = 0; l < k; ++l) At[i * k + l] = A[l * m + i];
  hipMemcpy(dA, At.data(), At.size() * 4, hipMemcpyHostToDevice);
  float zero = 0.0f, one = 1.0f;
  ASSERT_EQ(hipblasSgemm(h, HIPBLAS_OP_T, HIPBLAS_OP_N, m, n, k, &one, dA, k, dB, k,
                         &zero, dC, m),
            HIPBLAS_STATUS_SUCCESS);
  hipMemcpy(R.data(), dC, m * n * 4, hipMemcpyDeviceToHost);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      float e = 0;
      for (int l = 0; l < k; ++l) e += A[l * m + i] * B[j * k + l];
      EXPECT_FLOAT_EQ(R[j * m + i], e);
    }
  EXPECT_EQ(hipblasSgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &one, dA, 1, dB, k,
                         &zero, dC, m),
            HIPBLAS_STATUS_INVALID_VALUE);
  hipblasDestroy(h);
  hipStreamDestroy(s);
  hipFree(dA);
  hipFree(dB);
  hipFree(dC);
}

TEST(Fp16, ConversionsRoundToNearestEven) {
  EXPECT_EQ(__half_as_ushort(__float2half(1.0f)), 0x3c00);
  EXPECT_EQ(__half_as_ushort(__float2half(-2.0f)), 0xc000);
  EXPECT_EQ(__half_as_ushort(__float2half(65504.0f)), 0x7bff);
  EXPECT_EQ(__half_as_ushort(__float2half(1e6f)), 0x7c00);
  EXPECT_EQ(__half_as_ushort(__float2half(5.960464477539063e-08f)), 0x0001);
  EXPECT_EQ(__half_as_ushort(__float2half(1.0f + 1.0f / 2048)), 0x3c00);  // tie -> even
  EXPECT_EQ(__half_as_ushort(__float2half(1.0f + 3.0f / 2048)), 0x3c02);
  EXPECT_EQ(__half2float(__ushort_as_half(0x0001)), 5.960464477539063e-08f);
  EXPECT_EQ(__half2float(__ushort_as_half(0x3555)), 0.333251953125f);
  EXPECT_TRUE(__hisnan(__float2half(NAN)));
  __half a = 1.5f, b = 2.25f;
  EXPECT_EQ(__half2float(__hadd(a, b)), 3.75f);
  EXPECT_EQ(__half2float(a * b), 3.375f);
  for (unsigned u = 0; u < 0x7c00; u += 7) {  // round trip of every 7th finite half
    __half h = __ushort_as_half((unsigned short)u);
    ASSERT_EQ(__half_as_ushort(__float2half(__half2float(h))), u);
  }
}

// Hand-written wave-safe ports of the proof kernels (what logical32 output
// looks like): right at wave 32 and wave 64.
__global__ void k_rowmax_width32(const float* x, float* y, int ncols) {
  int lane = threadIdx.x & 31;
  int row = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
  float m = -INFINITY;
  for (int c = lane; c < ncols; c += 32) m = fmaxf(m, x[row * ncols + c]);
  for (int off = 16; off > 0; off >>= 1)
    m = fmaxf(m, __shfl_xor_sync(0xffffffffffffffffULL, m, off, 32));
  m = __shfl_sync(0xffffffffffffffffULL, m, 0, 32);
  if (lane == 0) y[row] = m;
}

__global__ void k_ballot_half(const float* x, int* counts) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned b = (unsigned)(__ballot_sync(~0ull, x[i] > 0.0f) >> (__lane_id() & 32));
  if ((threadIdx.x & 31) == 0) counts[i / 32] = __popc(b);
}

TEST(WaveSafe, Width32ShufflesAndHalfBallotAreRightAtBothSizes) {
  const int rows = 8, ncols = 40;
  std::vector<float> x(rows * ncols);
  for (size_t i = 0; i < x.size(); ++i) x[i] = std::sin(0.7f * i) * (1 + i / ncols);
  float *dx, *dy;
  int* dc;
  hipMalloc((void**)&dx, x.size() * 4);
  hipMalloc((void**)&dy, rows * 4);
  hipMalloc((void**)&dc, x.size() / 32 * 4);
  hipMemcpy(dx, x.data(), x.size() * 4, hipMemcpyHostToDevice);
  hipLaunchKernelGGL(k_rowmax_width32, dim3(rows / 4), dim3(128), 0, 0, dx, dy, ncols);
  std::vector<float> y(rows);
  hipMemcpy(y.data(), dy, rows * 4, hipMemcpyDeviceToHost);
  for (int r = 0; r < rows; ++r) {
    float e = -INFINITY;
    for (int c = 0; c < ncols; ++c) e = std::fmax(e, x[r * ncols + c]);
    EXPECT_EQ(y[r], e) << r;
  }
  hipLaunchKernelGGL(k_ballot_half, dim3(x.size() / 64), dim3(64), 0, 0, dx, dc);
  std::vector<int> c(x.size() / 32);
  hipMemcpy(c.data(), dc, c.size() * 4, hipMemcpyDeviceToHost);
  for (size_t w = 0; w < c.size(); ++w) {
    int e = 0;
    for (int i = 0; i < 32; ++i) e += x[w * 32 + i] > 0.0f;
    EXPECT_EQ(c[w], e) << w;
  }
}

}  // namespace
