// Semantics of the emulator's HIP intrinsics at the wave size of the run
// (ctest runs this binary with CU2HIP_EMU_WAVE=32 and =64).
#include <hip/hip_runtime.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <numeric>
#include <vector>

namespace {

int WS() { return (int)warpSize; }

template <class T>
struct Buf {
  T* d = nullptr;
  size_t n;
  explicit Buf(size_t n_, T init = T()) : n(n_) {
    EXPECT_EQ(hipMalloc((void**)&d, n * sizeof(T)), hipSuccess);
    std::vector<T> h(n, init);
    hipMemcpy(d, h.data(), n * sizeof(T), hipMemcpyHostToDevice);
  }
  ~Buf() { hipFree(d); }
  std::vector<T> get() const {
    std::vector<T> h(n);
    hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost);
    return h;
  }
};

// ---------------------------------------------------------------------------
__global__ void k_indices(unsigned* out) {
  unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  unsigned n = blockDim.x * blockDim.y * blockDim.z;
  out[(b * n + t) * 2] = __lane_id();
  out[(b * n + t) * 2 + 1] = b;
}

TEST(Emu, ThreadIndicesAndLanes) {
  dim3 grid(2, 3, 1), block(8, 4, 3);  // 96 threads: waves by linear id
  Buf<unsigned> o(6 * 96 * 2);
  hipLaunchKernelGGL(k_indices, grid, block, 0, 0, o.d);
  ASSERT_EQ(hipGetLastError(), hipSuccess);
  auto h = o.get();
  for (unsigned b = 0; b < 6; ++b)
    for (unsigned t = 0; t < 96; ++t) {
      EXPECT_EQ(h[(b * 96 + t) * 2], t % WS());
      EXPECT_EQ(h[(b * 96 + t) * 2 + 1], b);
    }
}

TEST(Emu, DevicePropertiesReportWaveSize) {
  hipDeviceProp_t p;
  ASSERT_EQ(hipGetDeviceProperties(&p, 0), hipSuccess);
  EXPECT_EQ(p.warpSize, WS());
  int v = 0;
  ASSERT_EQ(hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, 0), hipSuccess);
  EXPECT_EQ(v, WS());
  const char* env = std::getenv("CU2HIP_EMU_WAVE");
  if (env) EXPECT_EQ(WS(), std::atoi(env));
}

// ---------------------------------------------------------------------------
// Shuffles
// ---------------------------------------------------------------------------
__global__ void k_shfl(int* out, int mode) {
  int t = threadIdx.x;
  int v = 1000 + t;
  int r = 0;
  switch (mode) {
    case 0: r = __shfl(v, 0); break;            // default width = wave
    case 1: r = __shfl(v, 3, 16); break;        // within 16-lane segments
    case 2: r = __shfl(v, 20, 16); break;       // src >= width: AMD index
    case 3: r = __shfl_up(v, 5); break;
    case 4: r = __shfl_up(v, 5, 8); break;
    case 5: r = __shfl_down(v, 5); break;
    case 6: r = __shfl_down(v, 5, 8); break;
    case 7: r = __shfl_xor(v, 16); break;
    case 8: r = __shfl_xor(v, 32); break;       // crosses the 32-lane halves
    case 9: r = __shfl_xor(v, 32, 32); break;   // out of segment: own value
    case 10: r = __shfl_sync(~0ull, v, 31); break;
    case 11: r = __shfl_xor_sync(0xffffffffffffffffULL, v, 1, 32); break;
  }
  out[t] = r;
}

int expect_shfl(int mode, int t, int ws) {
  int self = t % ws, base = t - self;
  auto val = [&](int lane) { return 1000 + base + (lane & (ws - 1)); };
  auto seg = [&](int w) { return self & ~(w - 1); };
  switch (mode) {
    case 0: return val(0);
    case 1: return val(seg(16) + 3);
    case 2: return val(20 + seg(16));
    case 3: return self - 5 < 0 ? val(self) : val(self - 5);
    case 4: return self - 5 < seg(8) ? val(self) : val(self - 5);
    case 5: return self + 5 >= ws ? val(self) : val(self + 5);
    case 6: return (self & 7) + 5 >= 8 ? val(self) : val(self + 5);
    case 7: return val(self ^ 16);
    case 8: {
      int i = self ^ 32;
      return i >= ((self + ws) & ~(ws - 1)) ? val(self) : val(i);
    }
    case 9: {
      int i = self ^ 32;
      return i >= ((self + 32) & ~31) ? val(self) : val(i);
    }
    case 10: return val(31);
    case 11: return val(self ^ 1);
  }
  return -1;
}

TEST(Emu, ShuffleSemanticsFollowAmd) {
  const int n = 128;
  for (int mode = 0; mode <= 11; ++mode) {
    Buf<int> o(n);
    hipLaunchKernelGGL(k_shfl, dim3(1), dim3(n), 0, 0, o.d, mode);
    auto h = o.get();
    for (int t = 0; t < n; ++t)
      ASSERT_EQ(h[t], expect_shfl(mode, t, WS())) << "mode " << mode << " t " << t;
  }
}

TEST(Emu, ShuffleBroadcastAtDefaultWidthIsWaveWide) {
  // The wave64 bug in one line: lane 32..63 read lane 0 of the wavefront.
  Buf<int> o(64);
  hipLaunchKernelGGL(k_shfl, dim3(1), dim3(64), 0, 0, o.d, 0);
  auto h = o.get();
  EXPECT_EQ(h[40], WS() == 64 ? 1000 : 1032);
}

__global__ void k_shfl_types(double* d, long long* l, float* f) {
  int t = threadIdx.x;
  d[t] = __shfl_down(1.5 * t, 1, 32);
  l[t] = __shfl_xor((long long)t << 40, 2);
  float2 v = make_float2(t, -t);
  float2 r = __shfl(v, 7, 8);
  f[t] = r.x - r.y;
}

TEST(Emu, ShuffleOfWideTypes) {
  Buf<double> d(64);
  Buf<long long> l(64);
  Buf<float> f(64);
  hipLaunchKernelGGL(k_shfl_types, dim3(1), dim3(64), 0, 0, d.d, l.d, f.d);
  auto hd = d.get();
  auto hl = l.get();
  auto hf = f.get();
  for (int t = 0; t < 64; ++t) {
    int src = (t & 31) + 1 >= 32 ? t : t + 1;
    EXPECT_EQ(hd[t], 1.5 * src);
    EXPECT_EQ(hl[t], (long long)(t ^ 2) << 40);
    EXPECT_EQ(hf[t], 2.0f * ((t & ~7) + 7));
  }
}

// ---------------------------------------------------------------------------
// Votes, active masks, divergence
// ---------------------------------------------------------------------------
__global__ void k_vote(unsigned long long* out, int* flags) {
  int t = threadIdx.x;
  out[t] = __ballot(t % 3 == 0);
  flags[t * 2] = __any(t == 5);
  flags[t * 2 + 1] = __all(t < 1000);
}

TEST(Emu, BallotAnyAll) {
  const int n = 96;  // second wave partial at 64
  Buf<unsigned long long> o(n);
  Buf<int> f(2 * n);
  hipLaunchKernelGGL(k_vote, dim3(1), dim3(n), 0, 0, o.d, f.d);
  auto h = o.get();
  auto hf = f.get();
  int ws = WS();
  for (int t = 0; t < n; ++t) {
    int base = t / ws * ws;
    unsigned long long e = 0;
    for (int i = base; i < std::min(base + ws, n); ++i)
      if (i % 3 == 0) e |= 1ull << (i - base);
    EXPECT_EQ(h[t], e) << t;
    EXPECT_EQ(hf[2 * t], base <= 5 && 5 < base + ws) << t;
    EXPECT_EQ(hf[2 * t + 1], 1);
  }
}

__global__ void k_divergent(unsigned long long* mask, int* val) {
  int t = threadIdx.x;
  int lane = __lane_id();
  if (t >= 100) return;  // exited lanes are inactive
  if (lane < 10) {
    mask[t] = __activemask();
    val[t] = __shfl(t, 12);  // lane 12 is in the other branch: reads 0
  } else {
    mask[t] = __activemask();
    val[t] = __shfl(t, 12);
  }
}

TEST(Emu, DivergentBranchesHaveTheirOwnActiveMask) {
  const int n = 128;
  Buf<unsigned long long> m(n);
  Buf<int> v(n, -7);
  hipLaunchKernelGGL(k_divergent, dim3(1), dim3(n), 0, 0, m.d, v.d);
  auto hm = m.get();
  auto hv = v.get();
  int ws = WS();
  for (int t = 0; t < n; ++t) {
    if (t >= 100) {
      EXPECT_EQ(hv[t], -7);
      continue;
    }
    int base = t / ws * ws;
    unsigned long long live = 0;
    for (int i = base; i < std::min(base + ws, 100); ++i) live |= 1ull << (i - base);
    unsigned long long low = live & 0x3ffull;
    if (t % ws < 10) {
      EXPECT_EQ(hm[t], low) << t;
      EXPECT_EQ(hv[t], 0) << t;
    } else {
      EXPECT_EQ(hm[t], live & ~low) << t;
      EXPECT_EQ(hv[t], base + 12 < 100 ? base + 12 : 0) << t;
    }
  }
}

// Loop with a lane-dependent trip count: the lanes still looping form the
// active set of the shuffle; lanes that left wait (reconvergence).
__global__ void k_loop(int* iters_seen, unsigned long long* after) {
  int lane = __lane_id();
  int t = threadIdx.x;
  int trips = lane % 4;
  int seen = 0;
  for (int i = 0; i < trips; ++i) seen += __popcll(__activemask());
  iters_seen[t] = seen;
  after[t] = __activemask();
}

TEST(Emu, LoopWithDivergentTripCountReconverges) {
  const int n = 64;
  Buf<int> s(n);
  Buf<unsigned long long> a(n);
  hipLaunchKernelGGL(k_loop, dim3(1), dim3(n), 0, 0, s.d, a.d);
  auto hs = s.get();
  auto ha = a.get();
  int ws = WS();
  unsigned long long full = ws == 64 ? ~0ull : 0xffffffffull;
  for (int t = 0; t < n; ++t) {
    int trips = (t % ws) % 4;
    int e = 0;
    for (int i = 0; i < trips; ++i) e += ws / 4 * (4 - (i + 1));  // lanes with trips > i
    EXPECT_EQ(hs[t], e) << t;
    EXPECT_EQ(ha[t], full) << t;
  }
}

__global__ void k_match(unsigned long long* out) {
  int t = threadIdx.x;
  out[t] = __match_any(t % 4);
}

TEST(Emu, MatchAny) {
  Buf<unsigned long long> o(64);
  hipLaunchKernelGGL(k_match, dim3(1), dim3(64), 0, 0, o.d);
  auto h = o.get();
  int ws = WS();
  for (int t = 0; t < 64; ++t) {
    unsigned long long e = 0;
    for (int i = 0; i < ws; ++i)
      if (i % 4 == t % 4) e |= 1ull << i;
    EXPECT_EQ(h[t], e);
  }
}

__global__ void k_sync_masks(int* out) {
  int t = threadIdx.x;
  unsigned long long b = __ballot_sync(~0ull, t & 1);
  int a = __all_sync(~0ull, t >= 0);
  int y = __any_sync(~0ull, t == 3);
  __syncwarp();
  out[t] = (int)__popcll(b) + 100 * a + 1000 * y;
}

TEST(Emu, SyncFormsWithFullMask) {
  Buf<int> o(64);
  hipLaunchKernelGGL(k_sync_masks, dim3(1), dim3(64), 0, 0, o.d);
  auto h = o.get();
  int ws = WS();
  for (int t = 0; t < 64; ++t)
    EXPECT_EQ(h[t], ws / 2 + 100 + (t < ws ? 1000 : 0)) << t;
}

// ROCm's mask check: a full 64-bit mask in a partial wave traps.
__global__ void k_bad_mask(int* out) {
  int t = threadIdx.x;
  out[t] = __shfl_xor_sync(0xffffffffffffffffULL, t, 1);
}

TEST(EmuDeathTest, FullMaskInPartialWaveTraps) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        Buf<int> o(48);
        hipLaunchKernelGGL(k_bad_mask, dim3(1), dim3(WS() == 64 ? 48 : 16), 0, 0, o.d);
      },
      "__shfl_xor_sync: mask 0x(ffffffffffffffff|00000000ffffffff) does not "
      "match.*\n.*in kernel 'k_bad_mask' block \\(0,0,0\\) thread");
}

__global__ void k_bad_mask_divergent(int* out) {
  int t = threadIdx.x;
  if (t < 8) out[t] = __shfl_sync(~0ull, t, 0);
}

TEST(EmuDeathTest, FullMaskInDivergentBranchTraps) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        Buf<int> o(64);
        hipLaunchKernelGGL(k_bad_mask_divergent, dim3(1), dim3(64), 0, 0, o.d);
      },
      "does not match the lanes");
}

// ---------------------------------------------------------------------------
// Block barrier and shared memory
// ---------------------------------------------------------------------------
__global__ void k_reverse(const int* in, int* out) {
  __shared__ int s[256];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  out[blockIdx.x * 256 + t] = s[255 - t];
}

TEST(Emu, SyncthreadsAndStaticSharedPerBlock) {
  const int blocks = 5;
  std::vector<int> h(blocks * 256);
  std::iota(h.begin(), h.end(), 0);
  Buf<int> in(h.size()), out(h.size());
  hipMemcpy(in.d, h.data(), h.size() * sizeof(int), hipMemcpyHostToDevice);
  hipLaunchKernelGGL(k_reverse, dim3(blocks), dim3(256), 0, 0, in.d, out.d);
  auto r = out.get();
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < 256; ++t) ASSERT_EQ(r[b * 256 + t], b * 256 + 255 - t);
}

__global__ void k_dyn(float* out, int n) {
  HIP_DYNAMIC_SHARED(float, buf)
  int t = threadIdx.x;
  buf[t] = (float)t * 2.0f;
  __syncthreads();
  float* p = buf;
  out[blockIdx.x * n + t] = p[n - 1 - t] + *(buf + 0);
}

TEST(Emu, DynamicSharedMemory) {
  const int n = 100;
  Buf<float> o(3 * n);
  hipLaunchKernelGGL(k_dyn, dim3(3), dim3(n), n * sizeof(float), 0, o.d, n);
  ASSERT_EQ(hipGetLastError(), hipSuccess);
  auto h = o.get();
  for (int b = 0; b < 3; ++b)
    for (int t = 0; t < n; ++t) EXPECT_EQ(h[b * n + t], 2.0f * (n - 1 - t));
}

__global__ void k_sync_count(int* out) {
  int t = threadIdx.x;
  if (t >= 70) return;  // exited threads do not take part
  int c = __syncthreads_count(t % 2);
  int a = __syncthreads_and(t < 1000);
  int o = __syncthreads_or(t == 69);
  out[t] = c + 1000 * a + 10000 * o;
}

TEST(Emu, SyncthreadsCountAndOr) {
  Buf<int> o(128);
  hipLaunchKernelGGL(k_sync_count, dim3(1), dim3(128), 0, 0, o.d);
  auto h = o.get();
  for (int t = 0; t < 70; ++t) EXPECT_EQ(h[t], 35 + 1000 + 10000);
}

// Block reduction: warp-level partials in shared memory, then wave 0 reduces.
__global__ void k_block_reduce(const float* in, float* out) {
  __shared__ float part[16];
  int t = threadIdx.x;
  int ws = warpSize;
  float v = in[blockIdx.x * blockDim.x + t];
  for (int o = ws / 2; o > 0; o >>= 1) v += __shfl_xor(v, o);
  if (__lane_id() == 0) part[t / ws] = v;
  __syncthreads();
  int nw = blockDim.x / ws;
  if (t < ws) {
    v = t < nw ? part[t] : 0.0f;
    for (int o = ws / 2; o > 0; o >>= 1) v += __shfl_down(v, o);
    if (t == 0) out[blockIdx.x] = v;
  }
}

TEST(Emu, BlockReduceWithWarpSize) {
  const int blocks = 3, n = 512;
  std::vector<float> h(blocks * n);
  for (size_t i = 0; i < h.size(); ++i) h[i] = (float)(i % 7);
  Buf<float> in(h.size()), out(blocks);
  hipMemcpy(in.d, h.data(), h.size() * sizeof(float), hipMemcpyHostToDevice);
  hipLaunchKernelGGL(k_block_reduce, dim3(blocks), dim3(n), 0, 0, in.d, out.d);
  auto r = out.get();
  for (int b = 0; b < blocks; ++b) {
    float e = 0;
    for (int i = 0; i < n; ++i) e += h[b * n + i];
    EXPECT_EQ(r[b], e);
  }
}

// ---------------------------------------------------------------------------
// Atomics
// ---------------------------------------------------------------------------
__global__ void k_atomics(int* i, unsigned* u, float* f, double* d,
                          unsigned long long* ull, int* mx, int* cas) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(i, 1);
  atomicAdd(u, 2u);
  atomicAdd(f, 0.5f);
  atomicAdd(d, 0.25);
  atomicAdd(ull, 1ull << 33);
  atomicMax(mx, t);
  atomicMin(mx + 1, -t);
  atomicExch(mx + 2, 7);
  // CAS-based increment
  int old = *cas, assumed;
  do {
    assumed = old;
    old = atomicCAS(cas, assumed, assumed + 3);
  } while (old != assumed);
}

TEST(Emu, Atomics) {
  Buf<int> i(1), mx(3), cas(1);
  Buf<unsigned> u(1);
  Buf<float> f(1);
  Buf<double> d(1);
  Buf<unsigned long long> ull(1);
  hipLaunchKernelGGL(k_atomics, dim3(4), dim3(100), 0, 0, i.d, u.d, f.d, d.d,
                     ull.d, mx.d, cas.d);
  EXPECT_EQ(i.get()[0], 400);
  EXPECT_EQ(u.get()[0], 800u);
  EXPECT_EQ(f.get()[0], 200.0f);
  EXPECT_EQ(d.get()[0], 100.0);
  EXPECT_EQ(ull.get()[0], 400ull << 33);
  auto m = mx.get();
  EXPECT_EQ(m[0], 399);
  EXPECT_EQ(m[1], -399);
  EXPECT_EQ(m[2], 7);
  EXPECT_EQ(cas.get()[0], 1200);
}

// ---------------------------------------------------------------------------
// Launch forms and runtime API
// ---------------------------------------------------------------------------
template <class T, int K>
__global__ void k_templ(T* out, T add) {
  out[threadIdx.x] = (T)(threadIdx.x * K) + add;
}

TEST(Emu, TemplateKernelThroughHipKernelName) {
  Buf<float> o(32);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(k_templ<float, 3>), dim3(1), dim3(32), 0,
                     0, o.d, 0.5f);
  auto h = o.get();
  for (int t = 0; t < 32; ++t) EXPECT_EQ(h[t], 3.0f * t + 0.5f);
}

TEST(Emu, InvalidLaunchConfigurationIsReported) {
  Buf<int> o(1);
  hipLaunchKernelGGL(k_shfl, dim3(1), dim3(2048), 0, 0, o.d, 0);
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidConfiguration);
  EXPECT_EQ(hipGetLastError(), hipSuccess);
  hipLaunchKernelGGL(k_dyn, dim3(1), dim3(4), 128 * 1024, 0, (float*)o.d, 4);
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidValue);
}

__global__ void k_inc(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1;
}

TEST(Emu, StreamsEventsAndMemoryApiKeepIssueOrder) {
  const int n = 1000;
  int* h = nullptr;
  ASSERT_EQ(hipHostMalloc((void**)&h, n * sizeof(int)), hipSuccess);
  int* d = nullptr;
  ASSERT_EQ(hipMalloc((void**)&d, n * sizeof(int)), hipSuccess);
  hipStream_t s;
  ASSERT_EQ(hipStreamCreate(&s), hipSuccess);
  hipEvent_t a, b;
  hipEventCreate(&a);
  hipEventCreate(&b);
  ASSERT_EQ(hipMemsetAsync(d, 0, n * sizeof(int), s), hipSuccess);
  hipEventRecord(a, s);
  for (int r = 0; r < 3; ++r)
    hipLaunchKernelGGL(k_inc, dim3((n + 255) / 256), dim3(256), 0, s, d, n);
  hipEventRecord(b, s);
  ASSERT_EQ(hipMemcpyAsync(h, d, n * sizeof(int), hipMemcpyDeviceToHost, s), hipSuccess);
  ASSERT_EQ(hipStreamSynchronize(s), hipSuccess);
  float ms = -1;
  ASSERT_EQ(hipEventElapsedTime(&ms, a, b), hipSuccess);
  EXPECT_GE(ms, 0.0f);
  for (int i = 0; i < n; ++i) ASSERT_EQ(h[i], 3);
  int* m = nullptr;
  ASSERT_EQ(hipMallocManaged((void**)&m, 16), hipSuccess);
  EXPECT_EQ(hipFree(m), hipSuccess);
  EXPECT_EQ(hipFree((void*)0x1234), hipErrorInvalidValue);
  EXPECT_STREQ(hipGetErrorString(hipErrorInvalidValue), "invalid argument");
  hipGetLastError();
  hipEventDestroy(a);
  hipEventDestroy(b);
  hipStreamDestroy(s);
  hipFree(d);
  hipHostFree(h);
  EXPECT_EQ(hipDeviceSynchronize(), hipSuccess);
}

__device__ float g_scale;
__global__ void k_symbol(float* out) { out[threadIdx.x] = g_scale * threadIdx.x; }

TEST(Emu, DeviceSymbols) {
  float s = 2.5f;
  ASSERT_EQ(hipMemcpyToSymbol(HIP_SYMBOL(g_scale), &s, sizeof s), hipSuccess);
  Buf<float> o(8);
  hipLaunchKernelGGL(k_symbol, 1, 8, 0, 0, o.d);
  auto h = o.get();
  EXPECT_EQ(h[4], 10.0f);
}

// HIP's C++ T** overloads (what ported `cudaMalloc(&typedPtr, n)` calls).
TEST(Emu, TypedAllocationOverloads) {
  float* d = nullptr;
  int* h = nullptr;
  double* m = nullptr;
  size_t pitch = 0;
  char* p = nullptr;
  ASSERT_EQ(hipMalloc(&d, 8 * sizeof(float)), hipSuccess);
  ASSERT_EQ(hipHostMalloc(&h, 8 * sizeof(int)), hipSuccess);
  ASSERT_EQ(hipMallocManaged(&m, 8 * sizeof(double)), hipSuccess);
  ASSERT_EQ(hipMallocPitch(&p, &pitch, 10, 3), hipSuccess);
  EXPECT_GE(pitch, 10u);
  hipLaunchKernelGGL(k_symbol, 1, 8, 0, 0, d);
  ASSERT_EQ(hipMemcpy(h, d, 8 * sizeof(float), hipMemcpyDeviceToHost), hipSuccess);
  EXPECT_EQ(hipFree(d), hipSuccess);
  EXPECT_EQ(hipHostFree(h), hipSuccess);
  EXPECT_EQ(hipFree(m), hipSuccess);
  EXPECT_EQ(hipFree(p), hipSuccess);
}

}  // namespace
