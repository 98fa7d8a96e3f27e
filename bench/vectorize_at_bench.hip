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
// HIP source; on NVIDIA built with nvcc -D__HIP_PLATFORM_NVIDIA__ -x cu.
#include <hip/hip_runtime.h>

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

template <class L> static float timeMs(L launch, int reps = 10) {
  hipEvent_t a, b;
  CHECK(hipEventCreate(&a));
  CHECK(hipEventCreate(&b));
  for (int i = 0; i < 3; ++i)
    launch();
  CHECK(hipDeviceSynchronize());
  std::vector<float> ts;
  for (int i = 0; i < reps; ++i) {
    CHECK(hipEventRecord(a, 0));
    launch();
    CHECK(hipEventRecord(b, 0));
    CHECK(hipEventSynchronize(b));
    float ms;
    CHECK(hipEventElapsedTime(&ms, a, b));
    ts.push_back(ms);
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
  CHECK(hipFree(a));
  CHECK(hipFree(b));
  CHECK(hipFree(ys));
  CHECK(hipFree(yv));
  CHECK(hipFree(diff));
  return bad || bigBad ? 1 : 0;
}
