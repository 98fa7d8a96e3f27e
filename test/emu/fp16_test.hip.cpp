// The emulator's fp16/bf16 intrinsics against CUDA's on an H200
// (fp16_cuda_expected.txt, made by fp16_cuda_ref.cu): every conversion in
// every rounding mode, arithmetic, min/max, bit for bit; the transcendental
// functions within one unit in the last place. The intrinsics run inside a
// kernel (64 threads share out the lines).
//   emu_fp16_test [fp16_cuda_expected.txt]
#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

typedef unsigned long long u64;
typedef std::function<u64(const u64 *)> OpFn;

static float inF(u64 v) { unsigned u = (unsigned)v; float f; memcpy(&f, &u, 4); return f; }
static double inD(u64 v) { double d; memcpy(&d, &v, 8); return d; }
static __half inH(u64 v) { return __ushort_as_half((unsigned short)v); }
static __hip_bfloat16 inB(u64 v) { return __ushort_as_bfloat16((unsigned short)v); }
static u64 bits(__half h) { return __half_as_ushort(h); }
static u64 bits(__hip_bfloat16 h) { return __bfloat16_as_ushort(h); }
static u64 bits(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
static u64 bits(int v) { return (unsigned)v; }
static u64 bits(unsigned v) { return v; }
static u64 bits(long long v) { return (u64)v; }
static u64 bits(unsigned long long v) { return v; }
static u64 bits(short v) { return (unsigned short)v; }
static u64 bits(unsigned short v) { return v; }

static std::map<std::string, OpFn> &ops() {
  static std::map<std::string, OpFn> m;
  return m;
}
static std::map<std::string, bool> &approx() { // compared within 1 ulp
  static std::map<std::string, bool> m;
  return m;
}
#define OP1(name, IN, EXPR) ops()[#name] = [](const u64 *in) { auto a = IN(in[0]); return bits(EXPR); };
#define OP2(name, IN, EXPR) ops()[#name] = [](const u64 *in) { auto a = IN(in[0]); auto b = IN(in[1]); return bits(EXPR); };
#define OP3(name, IN, EXPR) ops()[#name] = [](const u64 *in) { auto a = IN(in[0]); auto b = IN(in[1]); auto c = IN(in[2]); return bits(EXPR); };
#define IDF(v) (v)
#define MODES(base, IN, ...) OP1(base##_rn, IN, base##_rn(__VA_ARGS__)) OP1(base##_rz, IN, base##_rz(__VA_ARGS__)) \
  OP1(base##_rd, IN, base##_rd(__VA_ARGS__)) OP1(base##_ru, IN, base##_ru(__VA_ARGS__))
#define TOINT(P, IN) MODES(P##int, IN, a) MODES(P##uint, IN, a) MODES(P##ll, IN, a) \
  MODES(P##ull, IN, a) MODES(P##short, IN, a) MODES(P##ushort, IN, a)
#define FROMINT(S) MODES(__int2##S, IDF, (int)a) MODES(__uint2##S, IDF, (unsigned)a) \
  MODES(__ll2##S, IDF, (long long)a) MODES(__ull2##S, IDF, (u64)a) \
  MODES(__short2##S, IDF, (short)a) MODES(__ushort2##S, IDF, (unsigned short)a)
#define MATH(name, S, IN, F) OP1(name##_##S, IN, F(a)) approx()[#name "_" #S] = true;
#define ARITH(S, IN)                                                              \
  OP2(hadd_##S, IN, __hadd(a, b)) OP2(hsub_##S, IN, __hsub(a, b)) OP2(hmul_##S, IN, __hmul(a, b)) \
  OP2(hdiv_##S, IN, __hdiv(a, b)) OP2(hmax_##S, IN, __hmax(a, b)) OP2(hmin_##S, IN, __hmin(a, b)) \
  OP2(hmax_nan_##S, IN, __hmax_nan(a, b)) OP2(hmin_nan_##S, IN, __hmin_nan(a, b))          \
  OP3(hfma_##S, IN, __hfma(a, b, c))                                              \
  MATH(hexp, S, IN, hexp) MATH(hexp2, S, IN, hexp2) MATH(hexp10, S, IN, hexp10)   \
  MATH(hlog, S, IN, hlog) MATH(hlog2, S, IN, hlog2) MATH(hlog10, S, IN, hlog10)   \
  MATH(hrsqrt, S, IN, hrsqrt) MATH(hsin, S, IN, hsin) MATH(hcos, S, IN, hcos)     \
  MATH(hsqrt, S, IN, hsqrt) MATH(hrcp, S, IN, hrcp)                               \
  OP1(hceil_##S, IN, hceil(a)) OP1(hfloor_##S, IN, hfloor(a))                     \
  OP1(htrunc_##S, IN, htrunc(a)) OP1(hrint_##S, IN, hrint(a))

static void registerOps() {
  MODES(__float2half, inF, a)
  MODES(__float2bfloat16, inF, a)
  OP1(__float2half, inF, __float2half(a))
  OP1(__float2bfloat16, inF, __float2bfloat16(a))
  OP1(__double2half, inD, __double2half(a))
  OP1(__double2bfloat16, inD, __double2bfloat16(a))
  OP1(__half2float, inH, __half2float(a))
  OP1(__bfloat162float, inB, __bfloat162float(a))
  TOINT(__half2, inH)
  TOINT(__bfloat162, inB)
  FROMINT(half)
  FROMINT(bfloat16)
  ARITH(h, inH)
  ARITH(b, inB)
}

struct Line {
  std::string op;
  u64 in[3];
  u64 expected, got;
};

// Distance in units in the last place between two 16-bit patterns (NaN
// equals NaN only).
static long ulpDistance(u64 a, u64 b, bool bf16) {
  auto isNan = [bf16](u64 x) { return bf16 ? (x & 0x7fff) > 0x7f80 : (x & 0x7fff) > 0x7c00; };
  if (isNan(a) || isNan(b))
    return isNan(a) && isNan(b) ? 0 : 1 << 20;
  auto ord = [](u64 x) { return x & 0x8000 ? -(long)(x & 0x7fff) : (long)x; };
  return std::labs(ord(a) - ord(b));
}

__global__ void evaluate(Line *lines, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    lines[i].got = ops()[lines[i].op](lines[i].in);
}

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : CU2HIP_FP16_EXPECTED;
  std::ifstream f(path);
  if (!f) {
    fprintf(stderr, "emu_fp16_test: cannot read %s\n", path);
    return 2;
  }
  registerOps();
  std::vector<Line> lines;
  std::string text;
  while (std::getline(f, text)) {
    std::istringstream ss(text);
    std::vector<std::string> w;
    for (std::string t; ss >> t;) w.push_back(t);
    if (w.size() < 3) continue;
    Line l{w[0], {0, 0, 0}, 0, 0};
    if (!ops().count(l.op)) {
      fprintf(stderr, "emu_fp16_test: unknown op %s\n", l.op.c_str());
      return 2;
    }
    for (size_t i = 1; i + 1 < w.size(); ++i) l.in[i - 1] = std::stoull(w[i], nullptr, 16);
    l.expected = std::stoull(w.back(), nullptr, 16);
    lines.push_back(l);
  }
  Line *d = nullptr;
  hipMalloc(&d, lines.size() * sizeof(Line));
  for (size_t i = 0; i < lines.size(); ++i) new (&d[i]) Line(lines[i]);
  hipLaunchKernelGGL(evaluate, dim3(1), dim3(64), 0, 0, d, (int)lines.size());
  if (hipDeviceSynchronize() != hipSuccess) return 2;
  std::map<std::string, std::pair<int, int>> perOp; // wrong, total
  int wrong = 0, approxOff = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    const Line &l = d[i];
    bool bad;
    if (approx().count(l.op)) {
      long dist = ulpDistance(l.got, l.expected, l.op.back() == 'b');
      bad = dist > 1;
      approxOff += dist == 1;
    } else {
      bad = l.got != l.expected;
    }
    perOp[l.op].second++;
    if (bad) {
      perOp[l.op].first++;
      if (++wrong <= 40)
        fprintf(stderr, "%s %llx %llx %llx: got %llx, CUDA %llx\n", l.op.c_str(), l.in[0], l.in[1],
                l.in[2], l.got, l.expected);
    }
  }
  for (auto &p : perOp)
    if (p.second.first) printf("%-24s %d of %d wrong\n", p.first.c_str(), p.second.first, p.second.second);
  printf("emu_fp16_test: %zu values, %zu ops, %d wrong, %d transcendental values 1 ulp off\n",
         lines.size(), perOp.size(), wrong, approxOff);
  for (size_t i = 0; i < lines.size(); ++i) d[i].~Line();
  hipFree(d);
  return wrong ? 1 : 0;
}
