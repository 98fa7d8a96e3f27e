// Reference bit patterns of CUDA's fp16/bf16 intrinsics for the emulator's
// hip_fp16.h / hip_bf16.h (emu_fp16_test). Build and run on an NVIDIA GPU:
//   nvcc -O2 -arch=sm_90 -o fp16_cuda_ref test/emu/fp16_cuda_ref.cu
//   ./fp16_cuda_ref > test/emu/fp16_cuda_expected.txt
// Each line is `op in1 [in2 [in3]] out`, all hexadecimal bit patterns (a
// float input is its binary32 bits, an integer input its 64-bit two's
// complement value, an integer result its bits at the type's width). The
// inputs are a fixed list of special values (ties, subnormals, overflow,
// infinities, NaNs, integer range ends) plus values from a fixed LCG.
#include <cstdio>
#include <cstring>
#include <vector>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

typedef unsigned long long u64;

__device__ float inF(u64 v) { return __uint_as_float((unsigned)v); }
__device__ double inD(u64 v) { return __longlong_as_double((long long)v); }
__device__ __half inH(u64 v) { return __ushort_as_half((unsigned short)v); }
__device__ __nv_bfloat16 inB(u64 v) { return __ushort_as_bfloat16((unsigned short)v); }
__device__ u64 bits(__half h) { return __half_as_ushort(h); }
__device__ u64 bits(__nv_bfloat16 h) { return __bfloat16_as_ushort(h); }
__device__ u64 bits(float f) { return __float_as_uint(f); }
__device__ u64 bits(int v) { return (unsigned)v; }
__device__ u64 bits(unsigned v) { return v; }
__device__ u64 bits(long long v) { return (u64)v; }
__device__ u64 bits(unsigned long long v) { return v; }
__device__ u64 bits(short v) { return (unsigned short)v; }
__device__ u64 bits(unsigned short v) { return v; }

// One kernel per op: K1 (unary), K2 (binary), K3 (ternary); IN converts
// the raw input, EXPR uses a (and b, c).
#define K1(name, IN, EXPR)                                                    \
  __global__ void k_##name(const u64 *in, u64 *out, int n) {                  \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                            \
    if (i < n) { auto a = IN(in[i]); out[i] = bits(EXPR); }                   \
  }
#define K2(name, IN, EXPR)                                                    \
  __global__ void k_##name(const u64 *in, u64 *out, int n) {                  \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                            \
    if (i < n) { auto a = IN(in[2 * i]); auto b = IN(in[2 * i + 1]);          \
                 out[i] = bits(EXPR); }                                       \
  }
#define K3(name, IN, EXPR)                                                    \
  __global__ void k_##name(const u64 *in, u64 *out, int n) {                  \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                            \
    if (i < n) { auto a = IN(in[3 * i]); auto b = IN(in[3 * i + 1]);          \
                 auto c = IN(in[3 * i + 2]); out[i] = bits(EXPR); }           \
  }
#define IDF(v) (v)
#define MODES(X, base, IN, ...)                                                \
  X(base##_rn, IN, base##_rn(__VA_ARGS__)) X(base##_rz, IN, base##_rz(__VA_ARGS__)) \
  X(base##_rd, IN, base##_rd(__VA_ARGS__)) X(base##_ru, IN, base##_ru(__VA_ARGS__))

// Conversions from float / double.
MODES(K1, __float2half, inF, a)
MODES(K1, __float2bfloat16, inF, a)
K1(__float2half, inF, __float2half(a))
K1(__float2bfloat16, inF, __float2bfloat16(a))
K1(__double2half, inD, __double2half(a))
K1(__double2bfloat16, inD, __double2bfloat16(a))
K1(__half2float, inH, __half2float(a))
K1(__bfloat162float, inB, __bfloat162float(a))
// To integers.
#define TOINT(P, IN)                                                           \
  MODES(K1, P##int, IN, a) MODES(K1, P##uint, IN, a) MODES(K1, P##ll, IN, a)    \
  MODES(K1, P##ull, IN, a) MODES(K1, P##short, IN, a) MODES(K1, P##ushort, IN, a)
TOINT(__half2, inH)
TOINT(__bfloat162, inB)
// From integers (the 64-bit input cast to the source type).
#define FROMINT(S)                                                             \
  MODES(K1, __int2##S, IDF, (int)a) MODES(K1, __uint2##S, IDF, (unsigned)a)     \
  MODES(K1, __ll2##S, IDF, (long long)a) MODES(K1, __ull2##S, IDF, (u64)a)      \
  MODES(K1, __short2##S, IDF, (short)a) MODES(K1, __ushort2##S, IDF, (unsigned short)a)
FROMINT(half)
FROMINT(bfloat16)
// Arithmetic.
#define ARITH(S, IN)                                                           \
  K2(hadd_##S, IN, __hadd(a, b)) K2(hsub_##S, IN, __hsub(a, b))                 \
  K2(hmul_##S, IN, __hmul(a, b)) K2(hdiv_##S, IN, __hdiv(a, b))                 \
  K2(hmax_##S, IN, __hmax(a, b)) K2(hmin_##S, IN, __hmin(a, b))                 \
  K2(hmax_nan_##S, IN, __hmax_nan(a, b)) K2(hmin_nan_##S, IN, __hmin_nan(a, b)) \
  K3(hfma_##S, IN, __hfma(a, b, c))                                            \
  K1(hexp_##S, IN, hexp(a)) K1(hexp2_##S, IN, hexp2(a)) K1(hexp10_##S, IN, hexp10(a)) \
  K1(hlog_##S, IN, hlog(a)) K1(hlog2_##S, IN, hlog2(a)) K1(hlog10_##S, IN, hlog10(a)) \
  K1(hsqrt_##S, IN, hsqrt(a)) K1(hrsqrt_##S, IN, hrsqrt(a)) K1(hrcp_##S, IN, hrcp(a)) \
  K1(hsin_##S, IN, hsin(a)) K1(hcos_##S, IN, hcos(a)) K1(hceil_##S, IN, hceil(a)) \
  K1(hfloor_##S, IN, hfloor(a)) K1(htrunc_##S, IN, htrunc(a)) K1(hrint_##S, IN, hrint(a))
ARITH(h, inH)
ARITH(b, inB)

// ---------------------------------------------------------------------------
static unsigned lcg_state = 12345u;
static unsigned lcg() { return lcg_state = lcg_state * 1664525u + 1013904223u; }
static u64 fbits(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
static u64 dbits(double d) { u64 u; memcpy(&u, &d, 8); return u; }

static std::vector<u64> floatInputs() {
  std::vector<u64> v = {0x0, 0x80000000, 0x3f800000, 0xbf800000, fbits(0.1f), fbits(-0.1f),
    fbits(1.f / 3), fbits(2.f / 3), fbits(0.5f), fbits(1.5f), fbits(2.5f), fbits(-2.5f),
    fbits(3.5f), fbits(65504.f), fbits(-65504.f), 0x477fefff, 0x477ff000, 0xc77ff000,
    0x477ff001, fbits(65536.f), fbits(1e5f), fbits(1e10f), 0x7f7fffff, 0xff7fffff,
    0x7f7f7fff, 0x7f7f8000, 0x7f7f8001, 0xff7f8000, 0x7f800000, 0xff800000, 0x7fc00000,
    0xffc00000, 0x7f800001, 0x7fa00000, 0x33800000, 0x33000000, 0x33000001, 0x33400000,
    0x33c00000, 0x32800000, 0xb3000000, 0xb3400000, 0x38800000, 0x387fc000, 0x387fe000,
    0x387ff000, 0x38000000, 0x3f801000, 0x3f803000, 0x3f801001, 0x3f800fff, 0xbf801000,
    0x3f808000, 0x3f818000, 0x3f808001, 0x3f807fff, 0xbf808000, 0xbf818000, 0x00000001,
    0x80000001, 0x00400000, 0x007fffff, 0x00008000, 0x00018000, 0x00808000, fbits(1e-40f),
    fbits(-1.5e-5f), fbits(1e-8f), fbits(6e-8f), fbits(-6e-8f)};
  for (int i = 0; i < 120; ++i) {  // exponents where half rounds
    unsigned r = lcg();
    v.push_back((r & 0x80000000u) | ((97u + (lcg() % 50u)) << 23) | (r & 0x7fffffu));
  }
  for (int i = 0; i < 40; ++i) v.push_back(lcg());
  return v;
}
static std::vector<u64> doubleInputs() {
  std::vector<u64> v = {0x0, 0x8000000000000000ull, dbits(1.0), dbits(1.0 / 3),
    dbits(1 + 0x1p-11), dbits(1 + 0x1p-11 + 0x1p-40), dbits(1 + 0x1p-11 - 0x1p-40),
    dbits(1 + 0x1p-8), dbits(1 + 0x1p-8 + 0x1p-40), dbits(1 + 0x1p-8 - 0x1p-40),
    dbits(1 + 3 * 0x1p-8), dbits(65520.0), dbits(65520.0 - 0x1p-30), dbits(0x1p-25),
    dbits(0x1p-25 + 0x1p-60), dbits(0x1p-24), dbits(1e300), dbits(-1e300), dbits(1e-300),
    0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull, 0x1ull,
    dbits(3.4028235677973366e38), dbits(3.4e38), dbits(-65504.0)};
  for (int i = 0; i < 60; ++i) {
    u64 hi = lcg(), lo = lcg();
    u64 e = 1023 - 30 + lcg() % 50;
    v.push_back((hi & 0x80000000u ? 1ull << 63 : 0) | (e << 52) |
                (((hi << 32) | lo) & 0xfffffffffffffull));
  }
  return v;
}
static std::vector<u64> halfInputs() {
  std::vector<u64> v = {0x0, 0x8000, 0x3800, 0x3e00, 0x4100, 0xb800, 0xbe00, 0xc100,
    0x37ff, 0x3c00, 0xbc00, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7c01,
    0x0001, 0x8001, 0x03ff, 0x0400, 0x5a00, 0x7800, 0x77ff, 0x7a00, 0xf800, 0xf801,
    0xd800, 0x5bf8, 0x5c00, 0x4900, 0x3555, 0x4248, 0xc248, 0x4a00, 0xca00};
  for (int i = 0; i < 90; ++i) v.push_back(lcg() >> 16);
  return v;
}
static std::vector<u64> bf16Inputs() {
  std::vector<u64> v = {0x0, 0x8000, 0x3f00, 0x3fc0, 0x4020, 0xbf00, 0xbfc0, 0xc020,
    0x3eff, 0x3f80, 0xbf80, 0x7f7f, 0xff7f, 0x7f80, 0xff80, 0x7fc0, 0xffc0, 0x7f81,
    0x0001, 0x8001, 0x007f, 0x0080, 0x4f00, 0x4eff, 0xcf00, 0xcf01, 0x4f80, 0x4f7f,
    0x5f00, 0x5eff, 0xdf00, 0xdf01, 0x5f80, 0x5f7f, 0x4700, 0x46ff, 0xc700, 0xc701,
    0x4780, 0x477f, 0x4300, 0x437f, 0x4380, 0x4120, 0x3eab, 0x4049, 0xc049, 0x42b0,
    0xc2b0, 0x4280};
  for (int i = 0; i < 90; ++i) v.push_back(lcg() >> 16);
  return v;
}
static std::vector<u64> intInputs() {
  std::vector<u64> v;
  long long s[] = {0, 1, -1, 2, 3, 2047, 2048, 2049, 2050, 2051, 4097, 4098, 4099,
    -2049, -2051, 255, 256, 257, 258, 259, 383, 384, 385, -257, -259, 32767, -32768,
    -32767, 65504, 65519, 65520, 65535, 65536, 100000, -100000, 16777217, 16777219,
    -16777217, 2147483647, -2147483648LL, 4294967295LL, 2139095040, 9007199254740993LL,
    9223372036854775807LL, (long long)0x8000000000000000ull, (long long)0x8000000000000001ull,
    (long long)0xff80000000000001ull, (long long)0x0080000000000001ull};
  for (long long x : s) v.push_back((u64)x);
  for (int i = 0; i < 40; ++i) {
    u64 r = ((u64)lcg() << 32) | lcg();
    v.push_back(r >> (lcg() % 64));
  }
  return v;
}
// Pairs / triples of finite halfs or bf16s with nearby exponents (so that
// results round), plus specials paired with ordinary values.
static std::vector<u64> tuples(int arity, bool bf16) {
  std::vector<u64> v;
  const unsigned specials[2][8] = {{0x7c00, 0xfc00, 0x7e00, 0x0000, 0x8000, 0x0001, 0x7bff, 0x3c00},
                                   {0x7f80, 0xff80, 0x7fc0, 0x0000, 0x8000, 0x0001, 0x7f7f, 0x3f80}};
  for (unsigned a : specials[bf16])
    for (unsigned b : specials[bf16])
      for (int k = 0; k < arity; ++k) v.push_back(k == 0 ? a : k == 1 ? b : specials[bf16][(a + b) % 8]);
  for (int i = 0; i < 200; ++i)
    for (int k = 0; k < arity; ++k) {
      unsigned r = lcg() >> 16;
      unsigned sign = r & 0x8000u;
      unsigned e = bf16 ? (120u + lcg() % 16u) : (8u + lcg() % 16u);
      v.push_back(bf16 ? sign | (e << 7) | (r & 0x7fu) : sign | (e << 10) | (r & 0x3ffu));
    }
  return v;
}
static std::vector<u64> mathInputs(bool bf16) {
  std::vector<u64> v = bf16 ? std::vector<u64>{0x0, 0x8000, 0x3f80, 0xbf80, 0x3f00, 0x4000,
    0x4120, 0xc120, 0x3a83, 0x42c8, 0x42b2, 0x7f80, 0xff80, 0x7fc0, 0x0001, 0x3fc0, 0xbfc0,
    0x4020, 0xc020}
    : std::vector<u64>{0x0, 0x8000, 0x3c00, 0xbc00, 0x3800, 0x4000, 0x4900, 0xc900,
    0x1419, 0x5640, 0x4980, 0x7c00, 0xfc00, 0x7e00, 0x0001, 0x3e00, 0xbe00, 0x4100, 0xc100};
  for (int i = 0; i < 60; ++i) {
    unsigned r = lcg() >> 16;
    unsigned e = bf16 ? (118u + lcg() % 14u) : (6u + lcg() % 14u);
    v.push_back(bf16 ? (r & 0x8000u) | (e << 7) | (r & 0x7fu) : (r & 0x8000u) | (e << 10) | (r & 0x3ffu));
  }
  return v;
}

typedef void (*Kernel)(const u64 *, u64 *, int);
static void run(const char *name, Kernel k, int arity, const std::vector<u64> &in) {
  int n = (int)in.size() / arity;
  u64 *din, *dout;
  cudaMalloc(&din, in.size() * 8);
  cudaMalloc(&dout, n * 8);
  cudaMemcpy(din, in.data(), in.size() * 8, cudaMemcpyHostToDevice);
  k<<<(n + 127) / 128, 128>>>(din, dout, n);
  std::vector<u64> out(n);
  cudaError_t e = cudaMemcpy(out.data(), dout, n * 8, cudaMemcpyDeviceToHost);
  if (e != cudaSuccess) { fprintf(stderr, "%s: %s\n", name, cudaGetErrorString(e)); exit(1); }
  for (int i = 0; i < n; ++i) {
    printf("%s", name);
    for (int j = 0; j < arity; ++j) printf(" %llx", in[i * arity + j]);
    printf(" %llx\n", out[i]);
  }
  cudaFree(din);
  cudaFree(dout);
}

#define R(name, arity, inputs) run(#name, k_##name, arity, inputs);
#define RM(base, arity, inputs) R(base##_rn, arity, inputs) R(base##_rz, arity, inputs) \
  R(base##_rd, arity, inputs) R(base##_ru, arity, inputs)
#define RTOINT(P, inputs) RM(P##int, 1, inputs) RM(P##uint, 1, inputs) RM(P##ll, 1, inputs) \
  RM(P##ull, 1, inputs) RM(P##short, 1, inputs) RM(P##ushort, 1, inputs)
#define RFROMINT(S, inputs) RM(__int2##S, 1, inputs) RM(__uint2##S, 1, inputs) \
  RM(__ll2##S, 1, inputs) RM(__ull2##S, 1, inputs) RM(__short2##S, 1, inputs) \
  RM(__ushort2##S, 1, inputs)
#define RARITH(S, pairs, triples, math)                                        \
  R(hadd_##S, 2, pairs) R(hsub_##S, 2, pairs) R(hmul_##S, 2, pairs) R(hdiv_##S, 2, pairs) \
  R(hmax_##S, 2, pairs) R(hmin_##S, 2, pairs) R(hmax_nan_##S, 2, pairs)         \
  R(hmin_nan_##S, 2, pairs) R(hfma_##S, 3, triples)                             \
  R(hexp_##S, 1, math) R(hexp2_##S, 1, math) R(hexp10_##S, 1, math) R(hlog_##S, 1, math) \
  R(hlog2_##S, 1, math) R(hlog10_##S, 1, math) R(hsqrt_##S, 1, math) R(hrsqrt_##S, 1, math) \
  R(hrcp_##S, 1, math) R(hsin_##S, 1, math) R(hcos_##S, 1, math) R(hceil_##S, 1, math) \
  R(hfloor_##S, 1, math) R(htrunc_##S, 1, math) R(hrint_##S, 1, math)

int main() {
  std::vector<u64> f = floatInputs(), d = doubleInputs(), h = halfInputs(),
                   b = bf16Inputs(), ints = intInputs();
  RM(__float2half, 1, f) RM(__float2bfloat16, 1, f)
  R(__float2half, 1, f) R(__float2bfloat16, 1, f)
  R(__double2half, 1, d) R(__double2bfloat16, 1, d)
  R(__half2float, 1, h) R(__bfloat162float, 1, b)
  RTOINT(__half2, h) RTOINT(__bfloat162, b)
  RFROMINT(half, ints) RFROMINT(bfloat16, ints)
  std::vector<u64> hp = tuples(2, false), ht = tuples(3, false), hm = mathInputs(false);
  std::vector<u64> bp = tuples(2, true), bt = tuples(3, true), bm = mathInputs(true);
  RARITH(h, hp, ht, hm) RARITH(b, bp, bt, bm)
  return 0;
}
