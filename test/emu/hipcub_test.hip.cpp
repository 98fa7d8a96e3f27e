// hipCUB on the emulator (cu2hip_emu/hipcub.h): WarpReduce, WarpScan,
// BlockReduce, BlockScan, DeviceReduce, DeviceScan against values computed
// here on the host, at wave 32 and 64 (the ctest name says which). Sizes are
// odd on purpose (96- and 160-thread blocks leave a half wave at 64; 1001
// items), and the refusals (partial logical warps, a logical warp wider than
// the wave, wrong block shape, TempStorage not shared or reused without a
// barrier) are death tests on the message.
#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <vector>

namespace {

int wave() {
  hipDeviceProp_t p;
  hipGetDeviceProperties(&p, 0);
  return p.warpSize;
}

// Inputs with negative values and no pattern a wrong grouping would hide.
int value(int i) { return (i * 37 + 11) % 101 - 50; }

template <class T>
struct Dev {
  T* p = nullptr;
  size_t n;
  explicit Dev(size_t n_) : n(n_) {
    hipMalloc((void**)&p, n * sizeof(T));
    hipMemset(p, 0, n * sizeof(T));
  }
  explicit Dev(const std::vector<T>& h) : Dev(h.size()) {
    hipMemcpy(p, h.data(), n * sizeof(T), hipMemcpyHostToDevice);
  }
  ~Dev() { hipFree(p); }
  std::vector<T> get() const {
    std::vector<T> h(n);
    hipMemcpy(h.data(), p, n * sizeof(T), hipMemcpyDeviceToHost);
    return h;
  }
};

std::vector<int> inputs(int n) {
  std::vector<int> v(n);
  for (int i = 0; i < n; ++i) v[i] = value(i);
  return v;
}

struct MaxOp {  // a user functor, as ported code passes them
  __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};

// ---------------------------------------------------------------------------
// WarpReduce
// ---------------------------------------------------------------------------
// cu2hip's port of cub::WarpReduce<int> is WarpReduce<int, 32> (wave-cub-width).
__global__ void k_warp_reduce32(const int* in, int* sum, int* max, int* part) {
  using WR = hipcub::WarpReduce<int, 32>;
  __shared__ typename WR::TempStorage tmp[8];
  const int t = threadIdx.x + blockIdx.x * blockDim.x, w = threadIdx.x / 32;
  int s = WR(tmp[w]).Sum(in[t]);
  int m = WR(tmp[w]).Reduce(in[t], MaxOp());
  int valid = (w * 7 + blockIdx.x * 3) % 33;  // 0..32 items of each logical warp
  int p = WR(tmp[w]).Sum(in[t], valid);
  if (threadIdx.x % 32 == 0) {
    int g = t / 32;
    sum[g] = s;
    max[g] = m;
    part[g] = p;
  }
}

TEST(WarpReduce, Logical32SumReduceValidItems) {
  const int blocks = 3, threads = 256, n = blocks * threads, groups = n / 32;
  Dev<int> in(inputs(n)), sum(groups), max(groups), part(groups);
  hipLaunchKernelGGL(k_warp_reduce32, dim3(blocks), dim3(threads), 0, 0, in.p, sum.p,
                     max.p, part.p);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  auto s = sum.get(), m = max.get(), p = part.get();
  for (int g = 0; g < groups; ++g) {
    int b = g * 32 / threads, w = (g * 32 % threads) / 32;
    int valid = (w * 7 + b * 3) % 33;
    int es = 0, em = INT_MIN, ep = 0;
    for (int k = 0; k < 32; ++k) {
      es += value(g * 32 + k);
      em = std::max(em, value(g * 32 + k));
      if (k < valid) ep += value(g * 32 + k);
    }
    EXPECT_EQ(s[g], es) << "group " << g;
    EXPECT_EQ(m[g], em) << "group " << g;
    EXPECT_EQ(p[g], ep) << "group " << g << " valid " << valid;
  }
}

// No width: hipCUB's default, the wave (64 on CDNA, 32 on RDNA).
__global__ void k_warp_reduce_default(const int* in, int* sum, int* all_lanes_agree) {
  using WR = hipcub::WarpReduce<int>;
  __shared__ typename WR::TempStorage tmp[16];
  const int t = threadIdx.x, ws = warpSize;
  int s = WR(tmp[t / ws]).Sum(in[t]);
  if (t % ws == 0) sum[t / ws] = s;
  int s0 = __shfl(s, 0);
  if (s0 != s) atomicExch(all_lanes_agree, 0);
}

TEST(WarpReduce, DefaultWidthIsTheWave) {
  const int threads = 192, ws = wave(), groups = threads / ws;
  Dev<int> in(inputs(threads)), sum(groups), agree(std::vector<int>{1});
  hipLaunchKernelGGL(k_warp_reduce_default, dim3(1), dim3(threads), 0, 0, in.p, sum.p,
                     agree.p);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  auto s = sum.get();
  for (int g = 0; g < groups; ++g) {
    int e = 0;
    for (int k = 0; k < ws; ++k) e += value(g * ws + k);
    EXPECT_EQ(s[g], e) << "wave " << g;
  }
  EXPECT_EQ(agree.get()[0], 1);
}

// Float sums: equal to the lane-order sum within reassociation.
__global__ void k_warp_reduce_float(const float* in, float* out) {
  using WR = hipcub::WarpReduce<float, 16>;
  __shared__ typename WR::TempStorage tmp[8];
  float s = WR(tmp[threadIdx.x / 16]).Sum(in[threadIdx.x]);
  if (threadIdx.x % 16 == 0) out[threadIdx.x / 16] = s;
}

TEST(WarpReduce, Logical16FloatSum) {
  std::vector<float> h(128);
  for (int i = 0; i < 128; ++i) h[i] = 0.1f * value(i) + 1e-3f * i;
  Dev<float> in(h), out(8);
  hipLaunchKernelGGL(k_warp_reduce_float, dim3(1), dim3(128), 0, 0, in.p, out.p);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  auto o = out.get();
  for (int g = 0; g < 8; ++g) {
    double e = 0, mag = 0;
    for (int k = 0; k < 16; ++k) {
      e += h[g * 16 + k];
      mag += std::fabs(h[g * 16 + k]);
    }
    EXPECT_NEAR(o[g], e, 16 * 6e-8 * mag) << "group " << g;
  }
}

// ---------------------------------------------------------------------------
// WarpScan
// ---------------------------------------------------------------------------
__global__ void k_warp_scan(const int* in, int* incl, int* excl, int* agg, int* imax,
                            int* einit, int* bcast) {
  using WS = hipcub::WarpScan<int, 32>;
  __shared__ typename WS::TempStorage tmp[4];
  const int t = threadIdx.x, w = t / 32;
  int a = 0, b = 0;
  WS(tmp[w]).InclusiveSum(in[t], incl[t]);
  WS(tmp[w]).ExclusiveSum(in[t], excl[t], a);
  WS(tmp[w]).InclusiveScan(in[t], imax[t], MaxOp());
  WS(tmp[w]).ExclusiveScan(in[t], einit[t], 1000, MaxOp(), b);
  bcast[t] = WS(tmp[w]).Broadcast(in[t] * 2, 5);
  if (t % 32 == 0) agg[w] = a * 10000 + b;
}

TEST(WarpScan, Logical32SumsScansBroadcast) {
  const int n = 128;
  Dev<int> in(inputs(n)), incl(n), excl(n), agg(4), imax(n), einit(n), bc(n);
  hipLaunchKernelGGL(k_warp_scan, dim3(1), dim3(n), 0, 0, in.p, incl.p, excl.p, agg.p,
                     imax.p, einit.p, bc.p);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  auto vi = incl.get(), ve = excl.get(), va = agg.get(), vm = imax.get(), vx = einit.get(),
       vb = bc.get();
  for (int w = 0; w < 4; ++w) {
    int run = 0, mx = INT_MIN, emx = 1000;
    for (int k = 0; k < 32; ++k) {
      int t = w * 32 + k, x = value(t);
      EXPECT_EQ(ve[t], run) << t;
      EXPECT_EQ(vx[t], emx) << t;
      run += x;
      mx = std::max(mx, x);
      emx = std::max(emx, x);
      EXPECT_EQ(vi[t], run) << t;
      EXPECT_EQ(vm[t], mx) << t;
      EXPECT_EQ(vb[t], 2 * value(w * 32 + 5)) << t;
    }
    // aggregates exclude the initial value (CUB's definition)
    EXPECT_EQ(va[w], run * 10000 + mx) << w;
  }
}

// ---------------------------------------------------------------------------
// BlockReduce
// ---------------------------------------------------------------------------
template <int B>
__global__ void k_block_reduce(const int* in, int* out, int num_valid) {
  using BR = hipcub::BlockReduce<int, B>;
  __shared__ typename BR::TempStorage tmp;
  const int t = threadIdx.x, base = blockIdx.x * B * 4;
  int x = in[base + t];
  int s = BR(tmp).Sum(x);
  __syncthreads();
  int m = BR(tmp).Reduce(x, MaxOp());
  __syncthreads();
  int v = BR(tmp).Sum(x, num_valid);
  __syncthreads();
  int items[4];
  for (int i = 0; i < 4; ++i) items[i] = in[base + t * 4 + i];
  int s4 = BR(tmp).Sum(items);
  __syncthreads();
  int mv = BR().Reduce(x, MaxOp(), num_valid);  // private storage
  if (t == 0) {
    out[blockIdx.x * 5 + 0] = s;
    out[blockIdx.x * 5 + 1] = m;
    out[blockIdx.x * 5 + 2] = v;
    out[blockIdx.x * 5 + 3] = s4;
    out[blockIdx.x * 5 + 4] = mv;
  }
}

template <int B>
void check_block_reduce(int num_valid) {
  const int blocks = 3;
  Dev<int> in(inputs(blocks * B * 4)), out(blocks * 5);
  hipLaunchKernelGGL(k_block_reduce<B>, dim3(blocks), dim3(B), 0, 0, in.p, out.p, num_valid);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  auto o = out.get();
  for (int b = 0; b < blocks; ++b) {
    int base = b * B * 4, s = 0, m = INT_MIN, v = 0, s4 = 0, mv = INT_MIN;
    for (int t = 0; t < B; ++t) {
      s += value(base + t);
      m = std::max(m, value(base + t));
      if (t < num_valid) {
        v += value(base + t);
        mv = std::max(mv, value(base + t));
      }
    }
    for (int i = 0; i < B * 4; ++i) s4 += value(base + i);
    EXPECT_EQ(o[b * 5 + 0], s) << "block " << b;
    EXPECT_EQ(o[b * 5 + 1], m) << "block " << b;
    EXPECT_EQ(o[b * 5 + 2], v) << "block " << b << " num_valid " << num_valid;
    EXPECT_EQ(o[b * 5 + 3], s4) << "block " << b;
    if (num_valid > 0) EXPECT_EQ(o[b * 5 + 4], mv) << "block " << b;
  }
}

TEST(BlockReduce, SumReduceNumValidItems96) {
  for (int nv : {1, 37, 95, 96, 200}) check_block_reduce<96>(nv);
  check_block_reduce<96>(0);
}
TEST(BlockReduce, SumReduceNumValidItems1) { check_block_reduce<1>(1); }
TEST(BlockReduce, SumReduceNumValidItems1024) { check_block_reduce<1024>(1000); }

// A 2-D block: threads are ranked x fastest.
__global__ void k_block_reduce_2d(const int* in, int* out) {
  using BR = hipcub::BlockReduce<int, 8, hipcub::BLOCK_REDUCE_RAKING, 12>;
  __shared__ typename BR::TempStorage tmp;
  int s = BR(tmp).Sum(in[threadIdx.y * 8 + threadIdx.x] * (int)(threadIdx.x + 1));
  if (threadIdx.x == 0 && threadIdx.y == 0) out[0] = s;
}

TEST(BlockReduce, TwoDimensionalBlock) {
  Dev<int> in(inputs(96)), out(1);
  hipLaunchKernelGGL(k_block_reduce_2d, dim3(1), dim3(8, 12), 0, 0, in.p, out.p);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  int e = 0;
  for (int i = 0; i < 96; ++i) e += value(i) * (i % 8 + 1);
  EXPECT_EQ(out.get()[0], e);
}

// ---------------------------------------------------------------------------
// BlockScan
// ---------------------------------------------------------------------------
struct RunningPrefix {  // CUB's block-prefix callback idiom
  int total;
  __device__ int operator()(int block_aggregate) {
    int old = total;
    total += block_aggregate;
    return old;
  }
};

constexpr int kScanB = 160;

__global__ void k_block_scan(const int* in, int* excl, int* incl, int* emax, int* items,
                             int* tiles, int* aggs) {
  using BS = hipcub::BlockScan<int, kScanB>;
  __shared__ typename BS::TempStorage tmp;
  const int t = threadIdx.x;
  int a = 0, b = 0, c = 0;
  BS(tmp).ExclusiveSum(in[t], excl[t], a);
  __syncthreads();
  BS(tmp).InclusiveSum(in[t], incl[t]);
  __syncthreads();
  BS(tmp).ExclusiveScan(in[t], emax[t], -1000, MaxOp(), b);
  __syncthreads();
  int v[3], o[3];
  for (int i = 0; i < 3; ++i) v[i] = in[t * 3 + i];
  BS(tmp).ExclusiveSum(v, o, c);
  for (int i = 0; i < 3; ++i) items[t * 3 + i] = o[i];
  // Three tiles in sequence, carried by the prefix callback.
  RunningPrefix prefix{7};
  for (int tile = 0; tile < 3; ++tile) {
    __syncthreads();
    int r;
    BS(tmp).InclusiveSum(in[tile * kScanB + t], r, prefix);
    tiles[tile * kScanB + t] = r;
  }
  if (t == 0) {
    aggs[0] = a;
    aggs[1] = b;
    aggs[2] = c;
  }
}

TEST(BlockScan, SumsScansItemsAndPrefixCallback) {
  const int n = kScanB * 3;
  Dev<int> in(inputs(n)), excl(kScanB), incl(kScanB), emax(kScanB), items(n), tiles(n),
      aggs(3);
  hipLaunchKernelGGL(k_block_scan, dim3(1), dim3(kScanB), 0, 0, in.p, excl.p, incl.p,
                     emax.p, items.p, tiles.p, aggs.p);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  auto ve = excl.get(), vi = incl.get(), vm = emax.get(), vt = items.get(), vtl = tiles.get(),
       va = aggs.get();
  int run = 0, mx = -1000, rmax = INT_MIN;
  for (int t = 0; t < kScanB; ++t) {
    EXPECT_EQ(ve[t], run) << t;
    EXPECT_EQ(vm[t], mx) << t;
    run += value(t);
    mx = std::max(mx, value(t));
    rmax = std::max(rmax, value(t));
    EXPECT_EQ(vi[t], run) << t;
  }
  EXPECT_EQ(va[0], run);
  EXPECT_EQ(va[1], rmax);  // without the initial value
  int run3 = 0;
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(vt[i], run3) << "item " << i;
    run3 += value(i);
  }
  EXPECT_EQ(va[2], run3);
  int carried = 7;
  for (int i = 0; i < n; ++i) {
    carried += value(i);
    EXPECT_EQ(vtl[i], carried) << "tile item " << i;
  }
}

// The CUB idiom of one shared union for several primitives (here of
// different element types, so one's partials overwrite the other's state).
__global__ void k_union_storage(const int* in, int* out) {
  using BS = hipcub::BlockScan<int, 96>;
  using BR = hipcub::BlockReduce<double, 96>;
  __shared__ union {
    typename BS::TempStorage scan;
    typename BR::TempStorage reduce;
  } tmp;
  const int t = threadIdx.x;
  int e1 = 0, e2 = 0;
  BS(tmp.scan).ExclusiveSum(in[t], e1);
  __syncthreads();
  double s = BR(tmp.reduce).Sum((double)in[t] * 0.5);
  __syncthreads();
  BS(tmp.scan).ExclusiveSum(in[t] * 2, e2);
  out[t] = e1;
  out[96 + t] = e2;
  if (t == 0) out[192] = (int)(s * 2);
}

TEST(BlockScan, SharedUnionOfTempStorages) {
  Dev<int> in(inputs(96)), out(193);
  hipLaunchKernelGGL(k_union_storage, dim3(2), dim3(96), 0, 0, in.p, out.p);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  auto o = out.get();
  int run = 0;
  for (int t = 0; t < 96; ++t) {
    EXPECT_EQ(o[t], run) << t;
    EXPECT_EQ(o[96 + t], 2 * run) << t;
    run += value(t);
  }
  EXPECT_EQ(o[192], run);
}

// ---------------------------------------------------------------------------
// Refusals
// ---------------------------------------------------------------------------
__global__ void k_partial_logical_warp(const int* in, int* out) {
  using WR = hipcub::WarpReduce<int, 32>;
  __shared__ typename WR::TempStorage tmp[2];
  out[threadIdx.x] = WR(tmp[threadIdx.x / 32]).Sum(in[threadIdx.x]);
}
__global__ void k_wide_logical_warp(const int* in, int* out) {
  using WR = hipcub::WarpReduce<int, 64>;
  __shared__ typename WR::TempStorage tmp;
  out[threadIdx.x] = WR(tmp).Sum(in[threadIdx.x]);
}
__global__ void k_block_shape(const int* in, int* out) {
  using BR = hipcub::BlockReduce<int, 128>;
  __shared__ typename BR::TempStorage tmp;
  out[0] = BR(tmp).Sum(in[threadIdx.x]);
}
__global__ void k_reuse_without_barrier(const int* in, int* out) {
  using BR = hipcub::BlockReduce<int, 64>;
  __shared__ typename BR::TempStorage tmp;
  int a = BR(tmp).Sum(in[threadIdx.x]);
  int b = BR(tmp).Sum(in[threadIdx.x] + 1);  // CUB needs __syncthreads() before this
  out[threadIdx.x] = a + b;
}
__global__ void k_storage_not_shared(const int* in, int* out) {
  using BR = hipcub::BlockReduce<int, 64>;
  typename BR::TempStorage tmp;  // per thread: not shared memory
  out[threadIdx.x] = BR(tmp).Sum(in[threadIdx.x]);
}
__global__ void k_block_early_exit(const int* in, int* out) {
  using BS = hipcub::BlockScan<int, 64>;
  __shared__ typename BS::TempStorage tmp;
  if (threadIdx.x >= 40) return;
  BS(tmp).InclusiveSum(in[threadIdx.x], out[threadIdx.x]);
}

template <class F>
void run_1d(F launch, int threads) {
  Dev<int> in(inputs(1024)), out(1024);
  launch(in.p, out.p, threads);
  hipDeviceSynchronize();
}
// A macro, so that the launch names the kernel (commas inside parentheses:
// it is an argument of EXPECT_DEATH).
#define launch_1d(k, threads)                                                  \
  run_1d([](const int* i, int* o, int n) {                                     \
    hipLaunchKernelGGL(k, dim3(1), dim3(n), 0, 0, i, o);                       \
  }, (threads))

TEST(HipcubDeathTest, RefusalsNameConstructKernelAndFile) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  // 48 threads: logical warp 1 has 16 of its 32 lanes.
  EXPECT_DEATH(launch_1d(k_partial_logical_warp, 48),
               "hipcub::WarpReduce::Sum \\(logical warp of 32 threads\\): lane 16 of "
               "logical warp 1.*did not reach this call.*in kernel "
               "'k_partial_logical_warp'.*hipcub_test.hip.cpp");
  if (wave() == 32)
    EXPECT_DEATH(launch_1d(k_wide_logical_warp, 64),
                 "hipcub::WarpReduce: a logical warp of 64 threads is larger than the "
                 "wave \\(32 lanes\\).*k_wide_logical_warp");
  EXPECT_DEATH(launch_1d(k_block_shape, 96),
               "hipcub::BlockReduce::Sum was declared for a block of \\(128,1,1\\) "
               "threads but runs in a block of \\(96,1,1\\).*k_block_shape");
  EXPECT_DEATH(launch_1d(k_reuse_without_barrier, 64),
               "hipcub::BlockReduce::Sum: the TempStorage is used again while 63 "
               "threads have not yet read the previous result.*"
               "k_reuse_without_barrier");
  EXPECT_DEATH(launch_1d(k_storage_not_shared, 64),
               "hipcub::BlockReduce::Sum: 1 of the block's 64 threads reached this "
               "call with this TempStorage.*k_storage_not_shared");
  EXPECT_DEATH(launch_1d(k_block_early_exit, 64),
               "hipcub::BlockScan::InclusiveSum: 40 of the block's 64 threads.*"
               "k_block_early_exit");
}

// ---------------------------------------------------------------------------
// DeviceReduce / DeviceScan
// ---------------------------------------------------------------------------
TEST(DeviceReduce, TwoCallProtocolAndResults) {
  const int n = 1001;
  Dev<int> in(inputs(n)), out(1);
  Dev<hipcub::KeyValuePair<int, int>> kv(1);
  size_t bytes = 0;
  ASSERT_EQ(hipcub::DeviceReduce::Sum(nullptr, bytes, in.p, out.p, n), hipSuccess);
  ASSERT_GT(bytes, 0u);
  EXPECT_EQ(out.get()[0], 0) << "the size query must not compute";
  void* tmp = nullptr;
  hipMalloc(&tmp, bytes);
  size_t small = bytes - 1;
  EXPECT_EQ(hipcub::DeviceReduce::Sum(tmp, small, in.p, out.p, n), hipErrorInvalidValue);

  int s = 0, mn = INT_MAX, mx = INT_MIN, amn = 0, amx = 0;
  long long r = 5;
  for (int i = 0; i < n; ++i) {
    s += value(i);
    r += (long long)value(i) * 3;
    if (value(i) < mn) mn = value(i), amn = i;
    if (value(i) > mx) mx = value(i), amx = i;
  }
  ASSERT_EQ(hipcub::DeviceReduce::Sum(tmp, bytes, in.p, out.p, n), hipSuccess);
  EXPECT_EQ(out.get()[0], s);
  ASSERT_EQ(hipcub::DeviceReduce::Min(tmp, bytes, in.p, out.p, n), hipSuccess);
  EXPECT_EQ(out.get()[0], mn);
  ASSERT_EQ(hipcub::DeviceReduce::Max(tmp, bytes, in.p, out.p, n, (hipStream_t)0), hipSuccess);
  EXPECT_EQ(out.get()[0], mx);
  Dev<long long> lout(1);
  auto triple_sum = [](long long a, int b) { return a + 3LL * b; };
  ASSERT_EQ(hipcub::DeviceReduce::Reduce(tmp, bytes, in.p, lout.p, n, triple_sum, 5LL),
            hipSuccess);
  EXPECT_EQ(lout.get()[0], r);
  ASSERT_EQ(hipcub::DeviceReduce::ArgMin(tmp, bytes, in.p, kv.p, n), hipSuccess);
  EXPECT_EQ(kv.get()[0].key, amn);  // first index of the minimum
  EXPECT_EQ(kv.get()[0].value, mn);
  ASSERT_EQ(hipcub::DeviceReduce::ArgMax(tmp, bytes, in.p, kv.p, n), hipSuccess);
  EXPECT_EQ(kv.get()[0].key, amx);
  EXPECT_EQ(kv.get()[0].value, mx);
  // Empty input: the identities CUB documents.
  ASSERT_EQ(hipcub::DeviceReduce::Sum(tmp, bytes, in.p, out.p, 0), hipSuccess);
  EXPECT_EQ(out.get()[0], 0);
  ASSERT_EQ(hipcub::DeviceReduce::Min(tmp, bytes, in.p, out.p, 0), hipSuccess);
  EXPECT_EQ(out.get()[0], INT_MAX);
  ASSERT_EQ(hipcub::DeviceReduce::Max(tmp, bytes, in.p, out.p, 0), hipSuccess);
  EXPECT_EQ(out.get()[0], INT_MIN);
  hipFree(tmp);
}

TEST(DeviceScan, SumsScansInPlace) {
  const int n = 1001;
  Dev<int> in(inputs(n)), out(n);
  size_t bytes = 0;
  ASSERT_EQ(hipcub::DeviceScan::ExclusiveSum(nullptr, bytes, in.p, out.p, n), hipSuccess);
  void* tmp = nullptr;
  hipMalloc(&tmp, bytes);
  ASSERT_EQ(hipcub::DeviceScan::ExclusiveSum(tmp, bytes, in.p, out.p, n), hipSuccess);
  auto e = out.get();
  ASSERT_EQ(hipcub::DeviceScan::InclusiveSum(tmp, bytes, in.p, out.p, n), hipSuccess);
  auto i = out.get();
  ASSERT_EQ(hipcub::DeviceScan::InclusiveScan(tmp, bytes, in.p, out.p, hipcub::Max(), n),
            hipSuccess);
  auto m = out.get();
  ASSERT_EQ(hipcub::DeviceScan::ExclusiveScan(tmp, bytes, in.p, out.p, hipcub::Max(), -40, n),
            hipSuccess);
  auto em = out.get();
  ASSERT_EQ(hipcub::DeviceScan::ExclusiveSum(tmp, bytes, in.p, in.p, n), hipSuccess);
  auto inplace = in.get();
  int run = 0, mx = INT_MIN, emx = -40;
  for (int k = 0; k < n; ++k) {
    EXPECT_EQ(e[k], run) << k;
    EXPECT_EQ(inplace[k], run) << k;
    EXPECT_EQ(em[k], emx) << k;
    run += value(k);
    mx = std::max(mx, value(k));
    emx = std::max(emx, value(k));
    EXPECT_EQ(i[k], run) << k;
    EXPECT_EQ(m[k], mx) << k;
  }
  hipFree(tmp);
}

}  // namespace
