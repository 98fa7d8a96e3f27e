// WMMA GEMM kernels (nvcuda::wmma), ported by cu2hip at build time and run on
// the emulator at wave 32 and 64 against cu2hip/wmma.h's software WMMA
// (test/emu/CMakeLists.txt). Each warp computes one tile of
// C = A * B + C over K, one mma_sync per K step. The CPU reference computes
// every element in the same order, which the software WMMA documents:
//   c = C[i][j]; for k = 0 .. K-1: c = fma(A[i][k], B[k][j], c)
// in float (half, bf16, tf32 inputs), wrapping int32 (8-bit inputs) or
// double, a half accumulator rounded to half after each mma_sync. So results
// are compared bit for bit. Leading dimensions exceed the tile widths (8
// elements of padding); row- and column-major A, B and C all occur.
// With -DWMMA_MUTATE_B the first kernel loads B as row-major where the memory
// is column-major: the check must then fail.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <mma.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

using namespace nvcuda;

constexpr int MM = 32, NN = 64, KK = 32; // the whole GEMM
constexpr int PAD = 8;                   // ldm = rows or cols + PAD

#ifdef WMMA_MUTATE_B
typedef wmma::row_major BLayout;
#else
typedef wmma::col_major BLayout;
#endif

// f16 -> f32, 16x16x16: A row-major, B col-major, C row-major.
__global__ void gemm_f16(const half *a, const half *b, float *c, int lda, int ldb, int ldc) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  int tm = warp / (NN / 16), tn = warp % (NN / 16);
  if (tm >= MM / 16)
    return;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, BLayout> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::load_matrix_sync(acc, c + tm * 16 * ldc + tn * 16, ldc, wmma::mem_row_major);
  for (int k = 0; k < KK; k += 16) {
    wmma::load_matrix_sync(fa, a + tm * 16 * lda + k, lda);
    wmma::load_matrix_sync(fb, b + tn * 16 * ldb + k, ldb);
    wmma::mma_sync(acc, fa, fb, acc);
  }
  wmma::store_matrix_sync(c + tm * 16 * ldc + tn * 16, acc, ldc, wmma::mem_row_major);
}

// f16 -> f32, 16x16x16: A col-major, B row-major, C col-major (filled with 0).
__global__ void gemm_f16_cm(const half *a, const half *b, float *c, int lda, int ldb, int ldc) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int tm = warp / (NN / 16), tn = warp % (NN / 16);
  if (tm >= MM / 16)
    return;
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16, half, nvcuda::wmma::col_major> fa;
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_b, 16, 16, 16, half, nvcuda::wmma::row_major> fb;
  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, float> acc;
  nvcuda::wmma::fill_fragment(acc, 0.0f);
  for (int k = 0; k < KK; k += 16) {
    nvcuda::wmma::load_matrix_sync(fa, a + k * lda + tm * 16, lda);
    nvcuda::wmma::load_matrix_sync(fb, b + k * ldb + tn * 16, ldb);
    nvcuda::wmma::mma_sync(acc, fa, fb, acc);
  }
  nvcuda::wmma::store_matrix_sync(c + tn * 16 * ldc + tm * 16, acc, ldc,
                                  nvcuda::wmma::mem_col_major);
}

// f16 -> f16 accumulator, 16x16x16: A row-major, B col-major, C row-major.
__global__ void gemm_f16_hacc(const half *a, const half *b, half *c, int lda, int ldb, int ldc) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int tm = warp / (NN / 16), tn = warp % (NN / 16);
  if (tm >= MM / 16)
    return;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, half> acc;
  wmma::load_matrix_sync(acc, c + tm * 16 * ldc + tn * 16, ldc, wmma::mem_row_major);
  for (int k = 0; k < KK; k += 16) {
    wmma::load_matrix_sync(fa, a + tm * 16 * lda + k, lda);
    wmma::load_matrix_sync(fb, b + tn * 16 * ldb + k, ldb);
    wmma::mma_sync(acc, fa, fb, acc);
  }
  wmma::store_matrix_sync(c + tm * 16 * ldc + tn * 16, acc, ldc, wmma::mem_row_major);
}

// f16 -> f32, 32x8x16: A row-major, B col-major, C row-major.
__global__ void gemm_f16_m32n8(const half *a, const half *b, float *c, int lda, int ldb,
                               int ldc) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int tm = warp / (NN / 8), tn = warp % (NN / 8);
  if (tm >= MM / 32)
    return;
  wmma::fragment<wmma::matrix_a, 32, 8, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 32, 8, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 32, 8, 16, float> acc;
  wmma::load_matrix_sync(acc, c + tm * 32 * ldc + tn * 8, ldc, wmma::mem_row_major);
  for (int k = 0; k < KK; k += 16) {
    wmma::load_matrix_sync(fa, a + tm * 32 * lda + k, lda);
    wmma::load_matrix_sync(fb, b + tn * 8 * ldb + k, ldb);
    wmma::mma_sync(acc, fa, fb, acc);
  }
  wmma::store_matrix_sync(c + tm * 32 * ldc + tn * 8, acc, ldc, wmma::mem_row_major);
}

// bf16 -> f32, 16x16x16: A row-major, B col-major, C row-major.
__global__ void gemm_bf16(const __nv_bfloat16 *a, const __nv_bfloat16 *b, float *c, int lda,
                          int ldb, int ldc) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int tm = warp / (NN / 16), tn = warp % (NN / 16);
  if (tm >= MM / 16)
    return;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::load_matrix_sync(acc, c + tm * 16 * ldc + tn * 16, ldc, wmma::mem_row_major);
  for (int k = 0; k < KK; k += 16) {
    wmma::load_matrix_sync(fa, a + tm * 16 * lda + k, lda);
    wmma::load_matrix_sync(fb, b + tn * 16 * ldb + k, ldb);
    wmma::mma_sync(acc, fa, fb, acc);
  }
  wmma::store_matrix_sync(c + tm * 16 * ldc + tn * 16, acc, ldc, wmma::mem_row_major);
}

// s8 -> s32, 16x16x16: A row-major, B col-major, C row-major.
__global__ void gemm_s8(const signed char *a, const signed char *b, int *c, int lda, int ldb,
                        int ldc) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int tm = warp / (NN / 16), tn = warp % (NN / 16);
  if (tm >= MM / 16)
    return;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> acc;
  wmma::load_matrix_sync(acc, c + tm * 16 * ldc + tn * 16, ldc, wmma::mem_row_major);
  for (int k = 0; k < KK; k += 16) {
    wmma::load_matrix_sync(fa, a + tm * 16 * lda + k, lda);
    wmma::load_matrix_sync(fb, b + tn * 16 * ldb + k, ldb);
    wmma::mma_sync(acc, fa, fb, acc);
  }
  wmma::store_matrix_sync(c + tm * 16 * ldc + tn * 16, acc, ldc, wmma::mem_row_major);
}

// u8 -> s32, 8x32x16: A row-major, B col-major, C row-major.
__global__ void gemm_u8_m8n32(const unsigned char *a, const unsigned char *b, int *c, int lda,
                              int ldb, int ldc) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int tm = warp / (NN / 32), tn = warp % (NN / 32);
  if (tm >= MM / 8)
    return;
  wmma::fragment<wmma::matrix_a, 8, 32, 16, unsigned char, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 8, 32, 16, unsigned char, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 8, 32, 16, int> acc;
  wmma::load_matrix_sync(acc, c + tm * 8 * ldc + tn * 32, ldc, wmma::mem_row_major);
  for (int k = 0; k < KK; k += 16) {
    wmma::load_matrix_sync(fa, a + tm * 8 * lda + k, lda);
    wmma::load_matrix_sync(fb, b + tn * 32 * ldb + k, ldb);
    wmma::mma_sync(acc, fa, fb, acc);
  }
  wmma::store_matrix_sync(c + tm * 8 * ldc + tn * 32, acc, ldc, wmma::mem_row_major);
}

// tf32 -> f32, 16x16x8: A row-major, B col-major, inputs rounded with
// __float_to_tf32 in the fragments.
__global__ void gemm_tf32(const float *a, const float *b, float *c, int lda, int ldb, int ldc) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int tm = warp / (NN / 16), tn = warp % (NN / 16);
  if (tm >= MM / 16)
    return;
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
  wmma::load_matrix_sync(acc, c + tm * 16 * ldc + tn * 16, ldc, wmma::mem_row_major);
  for (int k = 0; k < KK; k += 8) {
    wmma::load_matrix_sync(fa, a + tm * 16 * lda + k, lda);
    wmma::load_matrix_sync(fb, b + tn * 16 * ldb + k, ldb);
    for (int t = 0; t < fa.num_elements; t++)
      fa.x[t] = wmma::__float_to_tf32(fa.x[t]);
    for (int t = 0; t < fb.num_elements; t++)
      fb.x[t] = wmma::__float_to_tf32(fb.x[t]);
    wmma::mma_sync(acc, fa, fb, acc);
  }
  wmma::store_matrix_sync(c + tm * 16 * ldc + tn * 16, acc, ldc, wmma::mem_row_major);
}

// f64, 8x8x4: A row-major, B col-major, C row-major.
__global__ void gemm_f64(const double *a, const double *b, double *c, int lda, int ldb, int ldc) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int tm = warp / (NN / 8), tn = warp % (NN / 8);
  if (tm >= MM / 8)
    return;
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> acc;
  wmma::load_matrix_sync(acc, c + tm * 8 * ldc + tn * 8, ldc, wmma::mem_row_major);
  for (int k = 0; k < KK; k += 4) {
    wmma::load_matrix_sync(fa, a + tm * 8 * lda + k, lda);
    wmma::load_matrix_sync(fb, b + tn * 8 * ldb + k, ldb);
    wmma::mma_sync(acc, fa, fb, acc);
  }
  wmma::store_matrix_sync(c + tm * 8 * ldc + tn * 8, acc, ldc, wmma::mem_row_major);
}

// ---- host: inputs, the CPU reference, the comparison ----------------------

static unsigned Seed = 12345u;
static int nextInt(int lo, int hi) { // uniform enough in [lo, hi]
  Seed = Seed * 1664525u + 1013904223u;
  return lo + static_cast<int>((Seed >> 8) % static_cast<unsigned>(hi - lo + 1));
}
static float nextFloat() { return nextInt(-4096, 4096) / 1024.0f; }

// A matrix of `rows` x `cols` in memory with leading dimension ld.
struct Layout {
  int rows, cols, ld;
  bool colMajor;
  int at(int r, int c) const { return colMajor ? c * ld + r : r * ld + c; }
  int size() const { return (colMajor ? cols : rows) * ld; }
};

static float toF(half v) { return __half2float(v); }
static float toF(__nv_bfloat16 v) { return __bfloat162float(v); }
static float toF(float v) { return v; }
static int toF(signed char v) { return v; }
static int toF(unsigned char v) { return v; }
static int toF(int v) { return v; }
static double toF(double v) { return v; }
static float mac(float a, float b, float c) { return std::fma(a, b, c); }
static double mac(double a, double b, double c) { return std::fma(a, b, c); }
static int mac(int a, int b, int c) {
  return static_cast<int>(static_cast<unsigned>(c) +
                          static_cast<unsigned>(a) * static_cast<unsigned>(b));
}
template <class T> static T fromAcc(float v) { return static_cast<T>(v); }
template <> half fromAcc<half>(float v) { return __float2half(v); }
template <class T> static T fromAcc(int v) { return v; }
template <class T> static T fromAcc(double v) { return v; }

// CUDA's cvt.rna.tf32.f32 on the host (finite inputs).
static float roundTf32(float f) {
  unsigned u;
  std::memcpy(&u, &f, 4);
  u = (u + 0x1000u) & 0xffffe000u;
  std::memcpy(&f, &u, 4);
  return f;
}

// Expected C after the GEMM: the fma chain of the file's head; the
// accumulator is converted to TC after every kstep elements of K.
template <class TA, class TC>
static std::vector<TC> reference(const std::vector<TA> &a, Layout la, const std::vector<TA> &b,
                                 Layout lb, std::vector<TC> c, Layout lc, int kstep, bool tf32) {
  for (int i = 0; i < MM; ++i)
    for (int j = 0; j < NN; ++j) {
      TC cv = c[lc.at(i, j)];
      for (int k0 = 0; k0 < KK; k0 += kstep) {
        auto s = toF(cv);
        for (int k = k0; k < k0 + kstep; ++k) {
          auto x = toF(a[la.at(i, k)]), y = toF(b[lb.at(k, j)]);
          if (tf32) {
            x = roundTf32(x);
            y = roundTf32(y);
          }
          s = mac(x, y, s);
        }
        cv = fromAcc<TC>(s);
      }
      c[lc.at(i, j)] = cv;
    }
  return c;
}

template <class T> static bool same(T x, T y) { return std::memcmp(&x, &y, sizeof(T)) == 0; }

template <class T> static T *toDevice(const std::vector<T> &h) {
  T *d = nullptr;
  cudaMalloc(&d, h.size() * sizeof(T));
  cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}

static int Failed = 0;

// Runs `kernel` on random A, B, C of the given layouts and compares C.
template <class TA, class TC, class Gen, class Kernel>
static void runCase(const char *name, Kernel kernel, Gen gen, Layout la, Layout lb, Layout lc,
                    int tiles, int kstep, bool tf32 = false, bool zeroC = false) {
  std::vector<TA> a(la.size()), b(lb.size());
  std::vector<TC> c(lc.size());
  for (auto &v : a) v = gen();
  for (auto &v : b) v = gen();
  for (auto &v : c) v = zeroC ? TC(0) : fromAcc<TC>(toF(gen()));
  std::vector<TC> want = reference(a, la, b, lb, c, lc, kstep, tf32);
  TA *da = toDevice(a), *db = toDevice(b);
  TC *dc = toDevice(c);
  int threads = 128, blocks = (tiles * 32 + threads - 1) / threads;
  kernel<<<blocks, threads>>>(da, db, dc, la.ld, lb.ld, lc.ld);
  cudaDeviceSynchronize();
  std::vector<TC> got(c.size());
  cudaMemcpy(got.data(), dc, got.size() * sizeof(TC), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < MM; ++i)
    for (int j = 0; j < NN; ++j)
      if (!same(got[lc.at(i, j)], want[lc.at(i, j)]) && bad++ < 3)
        std::printf("MISMATCH %s C[%d][%d]: got %g want %g\n", name, i, j,
                    static_cast<double>(toF(got[lc.at(i, j)])),
                    static_cast<double>(toF(want[lc.at(i, j)])));
  // Padding of C is left as it was.
  for (size_t e = 0; e < c.size(); ++e)
    if (!same(got[e], want[e]) && bad++ < 3)
      std::printf("MISMATCH %s: element %zu of C's memory\n", name, e);
  std::printf("%s: %s (%d x %d x %d)\n", name, bad ? "FAIL" : "ok", MM, NN, KK);
  Failed += bad != 0;
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
}

int main() {
  const Layout aRow{MM, KK, KK + PAD, false}, aCol{MM, KK, MM + PAD, true};
  const Layout bCol{KK, NN, KK + PAD, true}, bRow{KK, NN, NN + PAD, false};
  const Layout cRow{MM, NN, NN + PAD, false}, cCol{MM, NN, MM + PAD, true};
  auto h = [] { return __float2half(nextFloat()); };
  auto bf = [] { return __float2bfloat16(nextFloat()); };
  auto s8 = [] { return static_cast<signed char>(nextInt(-128, 127)); };
  auto u8 = [] { return static_cast<unsigned char>(nextInt(0, 255)); };
  auto f = [] { return nextFloat() * 1.0009765f; }; // low mantissa bits set
  auto d = [] { return nextInt(-1 << 20, 1 << 20) / 3.0; };
  runCase<half, float>("f16_f32_m16n16k16", gemm_f16, h, aRow, bCol, cRow, 8, KK);
  runCase<half, float>("f16_f32_colmajor", gemm_f16_cm, h, aCol, bRow, cCol, 8, KK, false, true);
  runCase<half, half>("f16_f16acc", gemm_f16_hacc, h, aRow, bCol, cRow, 8, 16);
  runCase<half, float>("f16_f32_m32n8k16", gemm_f16_m32n8, h, aRow, bCol, cRow, 8, KK);
  runCase<__nv_bfloat16, float>("bf16_f32_m16n16k16", gemm_bf16, bf, aRow, bCol, cRow, 8, KK);
  runCase<signed char, int>("s8_s32_m16n16k16", gemm_s8, s8, aRow, bCol, cRow, 8, KK);
  runCase<unsigned char, int>("u8_s32_m8n32k16", gemm_u8_m8n32, u8, aRow, bCol, cRow, 8, KK);
  runCase<float, float>("tf32_f32_m16n16k8", gemm_tf32, f, aRow, bCol, cRow, 8, KK, true);
  runCase<double, double>("f64_m8n8k4", gemm_f64, d, aRow, bCol, cRow, 32, KK);
  std::printf("%s\n", Failed ? "wmma: FAILED" : "wmma: all ok");
  return Failed ? 1 : 0;
}
