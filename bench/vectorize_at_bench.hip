// vectorize_at_bench: the porter's own single-index output on a GPU. The
// CUDA file test/packed/single_index_kernels.cu (scale, add and GELU kernels
// in the single-index shape, with their launches) is ported by cu2hip twice:
// without --vectorize (the scalar original, renamed to HIP) and with
// --vectorize (cu2hip::vec_map_at kernels, launches sized by
// cu2hip::vec_map_at_threads). bench/vectorize-at-bench.sh compiles the two
// ports with -DSI_NS=si_scalar / si_vec and links them with this program,
// which
//   1. compares the two bit for bit for n = 0..67, x/y offsets 0..3 floats,
//      block sizes 4, 32 and 256 (whole output buffers);
//   2. times both at 2^24, 2^26 and 2^28 floats (median of 10 launches) as
//      GB/s and as a fraction of the device's copy bandwidth, and compares
//      their outputs at those sizes bit for bit.
// The same for the kernel templates of test/packed/template_kernels.cu
// (grid-stride axpb_gs and single-index muladd_at, float and __half
// instantiations; ports linked as tk_scalar / tk_vec, built with
// -DTK_NO_BF16): exactness for n = 0..67 and offsets 0..3 elements, then
// 2^26, 2^27 and 2^28 elements against the scalar original and the copy rate.
// HIP source; on NVIDIA built with nvcc -D__HIP_PLATFORM_NVIDIA__ -x cu.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CHECK(x)                                                              \
  do {                                                                        \
    hipError_t e_ = (x);                                                      \
    if (e_ != hipSuccess) {                                                   \
      std::fprintf(stderr, "%s:%d: %s -> %s\n", __FILE__, __LINE__, #x,       \
                   hipGetErrorString(e_));                                    \
      std::exit(1);                                                           \
    }                                                                         \
  } while (0)

#define SI_DECLARE(ns)                                                        \
  namespace ns {                                                              \
  void run_scale(float *y, const float *x, float s, int n);                   \
  void run_scale_blocks(float *y, const float *x, float s, int n, int threads); \
  void run_add(float *y, const float *a, const float *b, int n, int threads); \
  void run_gelu(float *y, const float *x, int n, int threads);                \
  }
SI_DECLARE(si_scalar)
SI_DECLARE(si_vec)

#define TK_DECLARE(ns)                                                                       \
  namespace ns {                                                                             \
  void run_axpb_f32(float *y, const float *x, float s, float b, int n, int blocks, int threads); \
  void run_axpb_f16(__half *y, const __half *x, __half s, __half b, int n, int blocks,       \
                    int threads);                                                            \
  void run_muladd_f32(float *y, const float *a, const float *b, int n, int threads);         \
  void run_muladd_f16(__half *y, const __half *a, const __half *b, int n, int threads);      \
  }
TK_DECLARE(tk_scalar)
TK_DECLARE(tk_vec)

__global__ void fillK(size_t n, float *p, unsigned seed) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)blockDim.x * gridDim.x) {
    unsigned h = (unsigned)i * 2654435761u ^ seed;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    p[i] = (float)(h & 0xffffff) / 2097152.0f - 4.0f;
  }
}

// Number of 32-bit words that differ between a and b.
__global__ void countDiffK(size_t n, const unsigned *a, const unsigned *b,
                           unsigned long long *out) {
  unsigned long long c = 0;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)blockDim.x * gridDim.x)
    c += a[i] != b[i];
  if (c)
    atomicAdd(out, c);
}

/// Median over `reps` timings of `batch` back-to-back launches, in ms per
/// launch. batch = 1 includes each launch's own start and drain; a larger
/// batch shows the steady rate of kernels queued one after another.
template <class L> static float timeMs(L launch, int reps = 10, int batch = 1) {
  hipEvent_t a, b;
  CHECK(hipEventCreate(&a));
  CHECK(hipEventCreate(&b));
  for (int i = 0; i < 3; ++i)
    launch();
  CHECK(hipDeviceSynchronize());
  std::vector<float> ts;
  for (int i = 0; i < reps; ++i) {
    CHECK(hipEventRecord(a, 0));
    for (int j = 0; j < batch; ++j)
      launch();
    CHECK(hipEventRecord(b, 0));
    CHECK(hipEventSynchronize(b));
    float ms;
    CHECK(hipEventElapsedTime(&ms, a, b));
    ts.push_back(ms / batch);
  }
  CHECK(hipGetLastError());
  std::sort(ts.begin(), ts.end());
  CHECK(hipEventDestroy(a));
  CHECK(hipEventDestroy(b));
  return ts[ts.size() / 2];
}

// One launch of kernel `kind` (0 scale with its written-in block of 256,
// 1 scale, 2 add, 3 gelu) in either port.
static void runKind(bool vec, int kind, float *y, const float *x, const float *z, int n,
                    int threads) {
  switch (kind) {
  case 0: (vec ? si_vec::run_scale : si_scalar::run_scale)(y, x, 1.7f, n); break;
  case 1: (vec ? si_vec::run_scale_blocks : si_scalar::run_scale_blocks)(y, x, 1.7f, n, threads); break;
  case 2: (vec ? si_vec::run_add : si_scalar::run_add)(y, x, z, n, threads); break;
  case 3: (vec ? si_vec::run_gelu : si_scalar::run_gelu)(y, x, n, threads); break;
  }
}

static long exactChecks(long &cases) {
  const int cap = 80;
  float *x, *z, *ys, *yv;
  CHECK(hipMalloc(&x, cap * 4));
  CHECK(hipMalloc(&z, cap * 4));
  CHECK(hipMalloc(&ys, cap * 4));
  CHECK(hipMalloc(&yv, cap * 4));
  fillK<<<1, 256>>>(cap, x, 1);
  fillK<<<1, 256>>>(cap, z, 2);
  std::vector<float> hs(cap), hv(cap);
  long bad = 0;
  for (int kind = 0; kind < 4; ++kind)
    for (int threads : {4, 32, 256}) {
      if (kind == 0 && threads != 256)
        continue;
      for (int n = 0; n <= 67; ++n)
        for (int ox = 0; ox < 4; ++ox)
          for (int oy = 0; oy < 4; ++oy) {
            CHECK(hipMemset(ys, 0xA5, cap * 4));
            CHECK(hipMemset(yv, 0xA5, cap * 4));
            runKind(false, kind, ys + oy, x + ox, z + ox, n, threads);
            hipError_t es = hipGetLastError(); // n = 0: an empty grid, in both
            runKind(true, kind, yv + oy, x + ox, z + ox, n, threads);
            hipError_t ev = hipGetLastError();
            CHECK(hipMemcpy(hs.data(), ys, cap * 4, hipMemcpyDeviceToHost));
            CHECK(hipMemcpy(hv.data(), yv, cap * 4, hipMemcpyDeviceToHost));
            ++cases;
            if (es != ev || std::memcmp(hs.data(), hv.data(), cap * 4) != 0) {
              if (bad < 10)
                std::fprintf(stderr, "MISMATCH kind %d block %d n %d x+%d y+%d\n", kind,
                             threads, n, ox, oy);
              ++bad;
            }
          }
    }
  CHECK(hipFree(x));
  CHECK(hipFree(z));
  CHECK(hipFree(ys));
  CHECK(hipFree(yv));
  return bad;
}

// ---- kernel templates -------------------------------------------------------

__global__ void toHalfK(size_t n, const float *f, __half *h) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)blockDim.x * gridDim.x)
    h[i] = __float2half(f[i]);
}

/// One launch of a templated kernel (0 axpb_gs, 1 muladd_at) in either port,
/// for float (half = false) or __half; a and b are buffers of that type. The
/// grid-stride kernel gets min(n/256, 16 x SMs) blocks of `threads`, as the
/// runtime's earlier grid-stride rows did.
static void runTemplate(bool vec, int kind, bool half, void *y, const void *a, const void *b,
                        int n, int threads, int sms) {
  int blocks = std::max(1, std::min((n + threads - 1) / threads, 16 * sms));
  if (!half) {
    float *Y = (float *)y;
    const float *A = (const float *)a, *B = (const float *)b;
    if (kind == 0)
      (vec ? tk_vec::run_axpb_f32 : tk_scalar::run_axpb_f32)(Y, A, 1.25f, -0.375f, n, blocks,
                                                             threads);
    else
      (vec ? tk_vec::run_muladd_f32 : tk_scalar::run_muladd_f32)(Y, A, B, n, threads);
    return;
  }
  __half *Y = (__half *)y;
  const __half *A = (const __half *)a, *B = (const __half *)b;
  if (kind == 0)
    (vec ? tk_vec::run_axpb_f16 : tk_scalar::run_axpb_f16)(Y, A, __float2half(1.25f),
                                                           __float2half(-0.375f), n, blocks,
                                                           threads);
  else
    (vec ? tk_vec::run_muladd_f16 : tk_scalar::run_muladd_f16)(Y, A, B, n, threads);
}

static long templateExact(long &cases) {
  const int cap = 80;
  float *fx, *fz;
  void *x[2], *z[2], *ys, *yv;
  CHECK(hipMalloc(&fx, cap * 4));
  CHECK(hipMalloc(&fz, cap * 4));
  fillK<<<1, 256>>>(cap, fx, 1);
  fillK<<<1, 256>>>(cap, fz, 2);
  x[0] = fx;
  z[0] = fz;
  CHECK(hipMalloc(&x[1], cap * 2));
  CHECK(hipMalloc(&z[1], cap * 2));
  toHalfK<<<1, 256>>>(cap, fx, (__half *)x[1]);
  toHalfK<<<1, 256>>>(cap, fz, (__half *)z[1]);
  CHECK(hipMalloc(&ys, cap * 4));
  CHECK(hipMalloc(&yv, cap * 4));
  std::vector<unsigned char> hs(cap * 4), hv(cap * 4);
  long bad = 0;
  for (int half = 0; half < 2; ++half) {
    size_t es = half ? 2 : 4;
    for (int kind = 0; kind < 2; ++kind)
      for (int threads : {4, 32, 256})
        for (int n = 0; n <= 67; ++n)
          for (int ox = 0; ox < 4; ++ox)
            for (int oy = 0; oy < 4; ++oy) {
              CHECK(hipMemset(ys, 0xA5, cap * es));
              CHECK(hipMemset(yv, 0xA5, cap * es));
              const char *xp = (const char *)x[half] + ox * es, *zp = (const char *)z[half] + ox * es;
              runTemplate(false, kind, half, (char *)ys + oy * es, xp, zp, n, threads, 1);
              hipError_t e0 = hipGetLastError();
              runTemplate(true, kind, half, (char *)yv + oy * es, xp, zp, n, threads, 1);
              hipError_t e1 = hipGetLastError();
              CHECK(hipMemcpy(hs.data(), ys, cap * es, hipMemcpyDeviceToHost));
              CHECK(hipMemcpy(hv.data(), yv, cap * es, hipMemcpyDeviceToHost));
              ++cases;
              if (e0 != e1 || std::memcmp(hs.data(), hv.data(), cap * es) != 0) {
                if (bad < 10)
                  std::fprintf(stderr, "MISMATCH template kind %d %s block %d n %d x+%d y+%d\n",
                               kind, half ? "half" : "float", threads, n, ox, oy);
                ++bad;
              }
            }
  }
  CHECK(hipFree(fx));
  CHECK(hipFree(fz));
  CHECK(hipFree(x[1]));
  CHECK(hipFree(z[1]));
  CHECK(hipFree(ys));
  CHECK(hipFree(yv));
  return bad;
}

/// The templated kernels at 2^26..2^28 elements: GB/s of both ports, the
/// speed-up and the share of the copy rate; outputs compared bit for bit.
/// a, b, ys, yv hold 2^28 floats each; the __half inputs are converted from
/// a and b.
static long templateTable(int sms, double copyGBs, float *a, float *b, float *ys, float *yv,
                          unsigned long long *diff) {
  const size_t maxN = size_t(1) << 28;
  __half *ha, *hb;
  CHECK(hipMalloc(&ha, maxN * 2));
  CHECK(hipMalloc(&hb, maxN * 2));
  toHalfK<<<sms * 16, 256>>>(maxN, a, ha);
  toHalfK<<<sms * 16, 256>>>(maxN, b, hb);
  CHECK(hipDeviceSynchronize());
  // The copy the kernel is compared with moves as many bytes as it does
  // (hipMemcpy D2D of half its traffic, at most 1 GiB), timed the same way:
  // one launch per timing, and 10 back-to-back.
  std::printf("| template kernel | type | n | scalar GB/s | vector GB/s | speed-up | scalar / copy "
              "| vector / copy | copy GB/s, same bytes | vector / same-bytes copy "
              "| vector / same-bytes copy, 10 back-to-back | outputs equal |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  long bigBad = 0;
  for (int lg : {26, 27, 28}) {
    int n = 1 << lg;
    for (int half = 0; half < 2; ++half)
      for (int kind = 0; kind < 2; ++kind) {
        size_t es = half ? 2 : 4;
        const void *A = half ? (const void *)ha : a, *B = half ? (const void *)hb : b;
        auto go = [&](bool vec) {
          runTemplate(vec, kind, half, vec ? (void *)yv : (void *)ys, A, B, n, 256, sms);
        };
        float msS = timeMs([&] { go(false); }), msV = timeMs([&] { go(true); });
        CHECK(hipMemset(ys, 0, maxN * 4));
        CHECK(hipMemset(yv, 0, maxN * 4));
        go(false);
        go(true);
        CHECK(hipMemset(diff, 0, sizeof *diff));
        countDiffK<<<sms * 16, 256>>>(maxN, (const unsigned *)ys, (const unsigned *)yv, diff);
        unsigned long long d = 0;
        CHECK(hipMemcpy(&d, diff, sizeof d, hipMemcpyDeviceToHost));
        bigBad += d != 0;
        double bytes = (kind == 0 ? 2.0 : 3.0) * es * n;
        double gs = bytes / (msS * 1e-3) / 1e9, gv = bytes / (msV * 1e-3) / 1e9;
        size_t copyBytes = std::min<size_t>(size_t(bytes / 2), maxN * 4);
        auto copy = [&] {
          CHECK(hipMemcpyAsync(ys, a, copyBytes, hipMemcpyDeviceToDevice, 0));
        };
        float msC = timeMs(copy), msC10 = timeMs(copy, 10, 10);
        float msV10 = timeMs([&] { go(true); }, 10, 10);
        double gc = 2.0 * copyBytes / (msC * 1e-3) / 1e9;
        double gc10 = 2.0 * copyBytes / (msC10 * 1e-3) / 1e9;
        double gv10 = bytes / (msV10 * 1e-3) / 1e9;
        std::printf("| %s | %s | 2^%d | %.0f | %.0f | %.2fx | %.1f%% | %.1f%% | %.0f | %.1f%% "
                    "| %.1f%% | %s |\n",
                    kind == 0 ? "axpb_gs (grid-stride)" : "muladd_at (single index)",
                    half ? "__half" : "float", lg, gs, gv, msS / msV, 100 * gs / copyGBs,
                    100 * gv / copyGBs, gc, 100 * gv / gc, 100 * gv10 / gc10, d ? "NO" : "yes");
        std::fflush(stdout);
      }
  }
  CHECK(hipFree(ha));
  CHECK(hipFree(hb));
  return bigBad;
}

int main() {
  CHECK(hipSetDevice(0));
  hipDeviceProp_t prop;
  CHECK(hipGetDeviceProperties(&prop, 0));
  int sms = prop.multiProcessorCount;
  std::printf("device: %s, %d SMs\n\n", prop.name, sms);

  long cases = 0;
  long bad = exactChecks(cases);
  std::printf("exactness (ported scale/add/gelu, n=0..67, x/y offsets 0..3 floats, blocks 4/32/256): "
              "%ld cases, %ld mismatches\n",
              cases, bad);

  const size_t maxN = size_t(1) << 28;
  float *a, *b, *ys, *yv;
  unsigned long long *diff;
  CHECK(hipMalloc(&a, maxN * 4));
  CHECK(hipMalloc(&b, maxN * 4));
  CHECK(hipMalloc(&ys, maxN * 4));
  CHECK(hipMalloc(&yv, maxN * 4));
  CHECK(hipMalloc(&diff, sizeof *diff));
  fillK<<<sms * 16, 256>>>(maxN, a, 11);
  fillK<<<sms * 16, 256>>>(maxN, b, 12);
  CHECK(hipDeviceSynchronize());

  float copyMs = timeMs([&] {
    CHECK(hipMemcpyAsync(ys, a, maxN * 4, hipMemcpyDeviceToDevice, 0));
  });
  double copyGBs = 2.0 * maxN * 4 / (copyMs * 1e-3) / 1e9;
  std::printf("device copy bandwidth (hipMemcpy D2D, 2^28 floats, read+write): %.0f GB/s\n\n",
              copyGBs);
  std::printf("| kernel | n | scalar GB/s | vector GB/s | speed-up | scalar / copy | vector / copy "
              "| outputs equal |\n");
  std::printf("|---|---|---|---|---|---|---|---|\n");
  long bigBad = 0;
  for (int lg : {24, 26, 28}) {
    int n = 1 << lg;
    struct Row {
      const char *name;
      int kind, off;
      double arrays;
    } rows[] = {{"scale", 0, 0, 2}, {"add", 2, 0, 3}, {"gelu", 3, 0, 2},
                {"scale, offset +1 float", 0, 1, 2}};
    for (const Row &r : rows) {
      int m = n - r.off;
      auto go = [&](bool vec) {
        runKind(vec, r.kind, (vec ? yv : ys) + r.off, a + r.off, b + r.off, m, 256);
      };
      float msS = timeMs([&] { go(false); }), msV = timeMs([&] { go(true); });
      // Bit-equality of the two outputs at this size.
      CHECK(hipMemset(ys, 0, maxN * 4));
      CHECK(hipMemset(yv, 0, maxN * 4));
      go(false);
      go(true);
      CHECK(hipMemset(diff, 0, sizeof *diff));
      countDiffK<<<sms * 16, 256>>>(maxN, (const unsigned *)ys, (const unsigned *)yv, diff);
      unsigned long long d = 0;
      CHECK(hipMemcpy(&d, diff, sizeof d, hipMemcpyDeviceToHost));
      bigBad += d != 0;
      double bytes = r.arrays * 4.0 * m;
      double gs = bytes / (msS * 1e-3) / 1e9, gv = bytes / (msV * 1e-3) / 1e9;
      std::printf("| %s | 2^%d | %.0f | %.0f | %.2fx | %.1f%% | %.1f%% | %s |\n", r.name, lg, gs,
                  gv, msS / msV, 100 * gs / copyGBs, 100 * gv / copyGBs,
                  d ? "NO" : "yes");
      std::fflush(stdout);
    }
  }
  cases = 0;
  long tBad = templateExact(cases);
  std::printf("\nexactness (ported templates axpb_gs/muladd_at, float and __half, n=0..67, "
              "x/y offsets 0..3 elements, blocks 4/32/256): %ld cases, %ld mismatches\n\n",
              cases, tBad);
  long tBig = templateTable(sms, copyGBs, a, b, ys, yv, diff);
  CHECK(hipFree(a));
  CHECK(hipFree(b));
  CHECK(hipFree(ys));
  CHECK(hipFree(yv));
  CHECK(hipFree(diff));
  return bad || bigBad || tBad || tBig ? 1 : 0;
}
