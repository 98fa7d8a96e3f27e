// vectorize_bench: scalar elementwise kernels vs the 128-bit forms that
// `cu2hip --vectorize` emits (cu2hip/packed.h), as achieved bandwidth and as
// a fraction of the device's measured copy bandwidth; plus exact-equality
// checks of vector vs scalar for lengths 0..67 and misaligned offsets.
// HIP source; on NVIDIA built with nvcc -D__HIP_PLATFORM_NVIDIA__ -x cu.
#include <hip/hip_runtime.h>

#include "cu2hip/packed.h"

#include <algorithm>
#include <cmath>
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

struct AddF {
  __device__ float operator()(float a, float b) const { return a + b; }
};
struct ScaleF {
  float s;
  __device__ float operator()(float a) const { return s * a; }
};
struct GeluF {
  __device__ float operator()(float x) const {
    float c = 0.7978845608f * (x + 0.044715f * x * x * x);
    return 0.5f * x * (1.0f + tanhf(c));
  }
};

// ---- the "original" scalar kernels and their ported forms ----------------
template <class F>
__global__ void scalar_gs1(size_t n, float *__restrict__ y, const float *__restrict__ x, F f) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)blockDim.x * gridDim.x)
    y[i] = f(x[i]);
}
template <class F>
__global__ void vec_gs1(size_t n, float *__restrict__ y, const float *__restrict__ x, F f) {
  cu2hip::vec_map_grid_stride(n, blockIdx.x * (size_t)blockDim.x + threadIdx.x,
                              (size_t)blockDim.x * gridDim.x, y, f, x);
}
template <class F>
__global__ void scalar_gs2(size_t n, float *__restrict__ y, const float *__restrict__ a,
                           const float *__restrict__ b, F f) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)blockDim.x * gridDim.x)
    y[i] = f(a[i], b[i]);
}
template <class F>
__global__ void vec_gs2(size_t n, float *__restrict__ y, const float *__restrict__ a,
                        const float *__restrict__ b, F f) {
  cu2hip::vec_map_grid_stride(n, blockIdx.x * (size_t)blockDim.x + threadIdx.x,
                              (size_t)blockDim.x * gridDim.x, y, f, a, b);
}
template <class F>
__global__ void scalar_at1(size_t n, float *__restrict__ y, const float *__restrict__ x, F f) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = f(x[i]);
}
template <class F>
__global__ void vec_at1(size_t n, float *__restrict__ y, const float *__restrict__ x, F f) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  cu2hip::vec_map_at(i, n, y, f, x);
}
template <class F>
__global__ void scalar_at2(size_t n, float *__restrict__ y, const float *__restrict__ a,
                           const float *__restrict__ b, F f) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = f(a[i], b[i]);
}
template <class F>
__global__ void vec_at2(size_t n, float *__restrict__ y, const float *__restrict__ a,
                        const float *__restrict__ b, F f) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  cu2hip::vec_map_at(i, n, y, f, a, b);
}

// ---- row normalisation: one block of 256 threads per row -----------------
__device__ void blockSum2(float &a, float &b) {
  __shared__ float sa[256], sb[256];
  sa[threadIdx.x] = a;
  sb[threadIdx.x] = b;
  __syncthreads();
  for (int w = 128; w > 0; w >>= 1) {
    if ((int)threadIdx.x < w) {
      sa[threadIdx.x] += sa[threadIdx.x + w];
      sb[threadIdx.x] += sb[threadIdx.x + w];
    }
    __syncthreads();
  }
  a = sa[0];
  b = sb[0];
  __syncthreads();
}

__global__ void rownorm_scalar(size_t cols, float *__restrict__ y, const float *__restrict__ x) {
  const float *xr = x + blockIdx.x * cols;
  float *yr = y + blockIdx.x * cols;
  float s = 0, ss = 0;
  for (size_t i = threadIdx.x; i < cols; i += blockDim.x) {
    float v = xr[i];
    s += v;
    ss += v * v;
  }
  blockSum2(s, ss);
  float mean = s / cols, rstd = rsqrtf(ss / cols - mean * mean + 1e-5f);
  for (size_t i = threadIdx.x; i < cols; i += blockDim.x)
    yr[i] = (xr[i] - mean) * rstd;
}

__global__ void rownorm_vec(size_t cols, float *__restrict__ y, const float *__restrict__ x) {
  const float *xr = x + blockIdx.x * cols;
  float *yr = y + blockIdx.x * cols;
  const cu2hip::VecSplit sp = cu2hip::vec_split<float>(cols, yr, xr);
  float s = 0, ss = 0;
  for (size_t i = threadIdx.x; i < sp.head; i += blockDim.x) {
    float v = xr[i];
    s += v;
    ss += v * v;
  }
  for (size_t v = threadIdx.x; v < sp.nvec; v += blockDim.x) {
    cu2hip::Packed128<float> p = cu2hip::load128(xr + sp.head + 4 * v);
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      s += p[k];
      ss += p[k] * p[k];
    }
  }
  for (size_t i = sp.tail + threadIdx.x; i < cols; i += blockDim.x) {
    float v = xr[i];
    s += v;
    ss += v * v;
  }
  blockSum2(s, ss);
  float mean = s / cols, rstd = rsqrtf(ss / cols - mean * mean + 1e-5f);
  for (size_t i = threadIdx.x; i < sp.head; i += blockDim.x)
    yr[i] = (xr[i] - mean) * rstd;
  for (size_t v = threadIdx.x; v < sp.nvec; v += blockDim.x) {
    cu2hip::Packed128<float> p = cu2hip::load128(xr + sp.head + 4 * v), o;
#pragma unroll
    for (int k = 0; k < 4; ++k)
      o[k] = (p[k] - mean) * rstd;
    cu2hip::store128(yr + sp.head + 4 * v, o);
  }
  for (size_t i = sp.tail + threadIdx.x; i < cols; i += blockDim.x)
    yr[i] = (xr[i] - mean) * rstd;
}

// ---- helpers ----------------------------------------------------------------
static int gsBlocks(size_t n, int sms) {
  size_t want = (n + 255) / 256;
  return (int)std::max<size_t>(1, std::min<size_t>(want, (size_t)sms * 16));
}
static int atBlocks(size_t n) { return (int)((n + 255) / 256); }

__global__ void fillK(size_t n, float *p, unsigned seed) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)blockDim.x * gridDim.x) {
    unsigned h = (unsigned)i * 2654435761u ^ seed;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    p[i] = (float)(h & 0xffffff) / 8388608.0f - 1.0f;
  }
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

// ---- exactness: vector vs scalar, lengths 0..67, misaligned offsets --------
static int exactChecks(long &cases) {
  const size_t cap = 256;
  float *x, *z, *ys, *yv;
  CHECK(hipMalloc(&x, cap * 4));
  CHECK(hipMalloc(&z, cap * 4));
  CHECK(hipMalloc(&ys, cap * 4));
  CHECK(hipMalloc(&yv, cap * 4));
  fillK<<<1, 256>>>(cap, x, 1);
  fillK<<<1, 256>>>(cap, z, 2);
  std::vector<float> hs(cap), hv(cap);
  int bad = 0;
  for (size_t n = 0; n <= 67; ++n)
    for (int ox = 0; ox < 4; ++ox)
      for (int oy = 0; oy < 4; ++oy)
        for (int kern = 0; kern < 6; ++kern) {
          CHECK(hipMemset(ys, 0xA5, cap * 4));
          CHECK(hipMemset(yv, 0xA5, cap * 4));
          const float *xp = x + ox, *zp = z + ox;
          float *ysp = ys + oy, *yvp = yv + oy;
          if (n > 0) {
            int gb = 2, gt = 32; // small grid: several strides
            int ab = (int)((n + 31) / 32);
            switch (kern) {
            case 0: scalar_gs2<<<gb, gt>>>(n, ysp, xp, zp, AddF{}); vec_gs2<<<gb, gt>>>(n, yvp, xp, zp, AddF{}); break;
            case 1: scalar_gs1<<<gb, gt>>>(n, ysp, xp, ScaleF{1.7f}); vec_gs1<<<gb, gt>>>(n, yvp, xp, ScaleF{1.7f}); break;
            case 2: scalar_gs1<<<gb, gt>>>(n, ysp, xp, GeluF{}); vec_gs1<<<gb, gt>>>(n, yvp, xp, GeluF{}); break;
            case 3: scalar_at2<<<ab, 32>>>(n, ysp, xp, zp, AddF{}); vec_at2<<<ab, 32>>>(n, yvp, xp, zp, AddF{}); break;
            case 4: scalar_at1<<<ab, 32>>>(n, ysp, xp, ScaleF{1.7f}); vec_at1<<<ab, 32>>>(n, yvp, xp, ScaleF{1.7f}); break;
            case 5: scalar_at1<<<ab, 32>>>(n, ysp, xp, GeluF{}); vec_at1<<<ab, 32>>>(n, yvp, xp, GeluF{}); break;
            }
          }
          CHECK(hipMemcpy(hs.data(), ys, cap * 4, hipMemcpyDeviceToHost));
          CHECK(hipMemcpy(hv.data(), yv, cap * 4, hipMemcpyDeviceToHost));
          ++cases;
          // whole buffers, so writes outside [0, n) would show up too
          if (std::memcmp(hs.data(), hv.data(), cap * 4) != 0) {
            if (bad < 10)
              std::fprintf(stderr, "MISMATCH kern %d n %zu ox %d oy %d\n", kern, n, ox, oy);
            ++bad;
          }
        }
  CHECK(hipFree(x));
  CHECK(hipFree(z));
  CHECK(hipFree(ys));
  CHECK(hipFree(yv));
  return bad;
}

static double rownormCheck() {
  // rows of 1..67 columns at misaligned offsets: the sums differ in order, so
  // compare with a tolerance.
  const size_t cap = 4 * 67 + 8;
  float *x, *ys, *yv;
  CHECK(hipMalloc(&x, cap * 4));
  CHECK(hipMalloc(&ys, cap * 4));
  CHECK(hipMalloc(&yv, cap * 4));
  fillK<<<4, 256>>>(cap, x, 3);
  std::vector<float> hs(cap), hv(cap);
  double worst = 0;
  for (size_t c = 1; c <= 67; ++c)
    for (int o = 0; o < 4; ++o) {
      CHECK(hipMemset(ys, 0, cap * 4));
      CHECK(hipMemset(yv, 0, cap * 4));
      rownorm_scalar<<<4, 256>>>(c, ys + o, x + o);
      rownorm_vec<<<4, 256>>>(c, yv + o, x + o);
      CHECK(hipMemcpy(hs.data(), ys, cap * 4, hipMemcpyDeviceToHost));
      CHECK(hipMemcpy(hv.data(), yv, cap * 4, hipMemcpyDeviceToHost));
      for (size_t i = 0; i < cap; ++i)
        worst = std::max(worst, (double)std::fabs(hs[i] - hv[i]));
    }
  CHECK(hipFree(x));
  CHECK(hipFree(ys));
  CHECK(hipFree(yv));
  return worst;
}

int main() {
  CHECK(hipSetDevice(0));
  hipDeviceProp_t prop;
  CHECK(hipGetDeviceProperties(&prop, 0));
  int sms = prop.multiProcessorCount;
  std::printf("device: %s, %d SMs\n\n", prop.name, sms);

  long cases = 0;
  int bad = exactChecks(cases);
  std::printf("exactness (add/scale/gelu, grid-stride and single-index, n=0..67, "
              "x/y offsets 0..3 floats): %ld cases, %d mismatches\n", cases, bad);
  double rw = rownormCheck();
  std::printf("row normalisation, cols 1..67, offsets 0..3: max |scalar-vector| = %.3g\n\n", rw);

  const size_t maxN = size_t(1) << 28;
  float *a, *b, *y;
  CHECK(hipMalloc(&a, maxN * 4));
  CHECK(hipMalloc(&b, maxN * 4));
  CHECK(hipMalloc(&y, maxN * 4));
  fillK<<<sms * 16, 256>>>(maxN, a, 11);
  fillK<<<sms * 16, 256>>>(maxN, b, 12);
  CHECK(hipDeviceSynchronize());

  float copyMs = timeMs([&] {
    CHECK(hipMemcpyAsync(y, a, maxN * 4, hipMemcpyDeviceToDevice, 0));
  });
  double copyGBs = 2.0 * maxN * 4 / (copyMs * 1e-3) / 1e9;
  std::printf("device copy bandwidth (hipMemcpy D2D, 2^28 floats, read+write): %.0f GB/s\n\n",
              copyGBs);
  std::printf("| kernel | form | n | scalar GB/s | vector GB/s | speed-up | scalar / copy | vector / copy |\n");
  std::printf("|---|---|---|---|---|---|---|---|\n");
  auto row = [&](const char *k, const char *form, int lg, double bytes, float ms_s, float ms_v) {
    double gs = bytes / (ms_s * 1e-3) / 1e9, gv = bytes / (ms_v * 1e-3) / 1e9;
    std::printf("| %s | %s | 2^%d | %.0f | %.0f | %.2fx | %.1f%% | %.1f%% |\n", k, form, lg, gs, gv,
                ms_s / ms_v, 100 * gs / copyGBs, 100 * gv / copyGBs);
    std::fflush(stdout);
  };
  for (int lg : {24, 26, 28}) {
    size_t n = size_t(1) << lg;
    int gb = gsBlocks(n, sms), ab = atBlocks(n);
    double b2 = 2.0 * n * 4, b3 = 3.0 * n * 4;
    row("add", "grid-stride", lg, b3,
        timeMs([&] { scalar_gs2<<<gb, 256>>>(n, y, a, b, AddF{}); }),
        timeMs([&] { vec_gs2<<<gb, 256>>>(n, y, a, b, AddF{}); }));
    row("add", "single-index", lg, b3,
        timeMs([&] { scalar_at2<<<ab, 256>>>(n, y, a, b, AddF{}); }),
        timeMs([&] { vec_at2<<<ab, 256>>>(n, y, a, b, AddF{}); }));
    row("scale", "grid-stride", lg, b2,
        timeMs([&] { scalar_gs1<<<gb, 256>>>(n, y, a, ScaleF{1.7f}); }),
        timeMs([&] { vec_gs1<<<gb, 256>>>(n, y, a, ScaleF{1.7f}); }));
    row("scale", "single-index", lg, b2,
        timeMs([&] { scalar_at1<<<ab, 256>>>(n, y, a, ScaleF{1.7f}); }),
        timeMs([&] { vec_at1<<<ab, 256>>>(n, y, a, ScaleF{1.7f}); }));
    row("gelu", "grid-stride", lg, b2,
        timeMs([&] { scalar_gs1<<<gb, 256>>>(n, y, a, GeluF{}); }),
        timeMs([&] { vec_gs1<<<gb, 256>>>(n, y, a, GeluF{}); }));
    row("gelu", "single-index", lg, b2,
        timeMs([&] { scalar_at1<<<ab, 256>>>(n, y, a, GeluF{}); }),
        timeMs([&] { vec_at1<<<ab, 256>>>(n, y, a, GeluF{}); }));
    size_t cols = 4096, rows = n / cols;
    row("rownorm 4096 cols", "block per row", lg, b2,
        timeMs([&] { rownorm_scalar<<<(unsigned)rows, 256>>>(cols, y, a); }),
        timeMs([&] { rownorm_vec<<<(unsigned)rows, 256>>>(cols, y, a); }));
    // misaligned view: both arrays offset by one float (head/tail paths)
    row("scale, offset +1 float", "grid-stride", lg, b2,
        timeMs([&] { scalar_gs1<<<gb, 256>>>(n - 1, y + 1, a + 1, ScaleF{1.7f}); }),
        timeMs([&] { vec_gs1<<<gb, 256>>>(n - 1, y + 1, a + 1, ScaleF{1.7f}); }));
  }
  CHECK(hipFree(a));
  CHECK(hipFree(b));
  CHECK(hipFree(y));
  return bad ? 1 : 0;
}
