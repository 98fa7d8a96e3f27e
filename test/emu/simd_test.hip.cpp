// cu2hip/simd.h (CUDA's __v*2/__v*4 SIMD intrinsics and __dp4a/__dp2a_*)
// computed in a kernel at the run's wave size, against a reference written
// from CUDA's documentation of each function (crt/device_functions.h,
// sm_61_intrinsics.h, CUDA 13.0): every part extracted into a long long,
// the operation done in 64-bit arithmetic, saturated with std::clamp or
// truncated to the part width. Also the examples CUDA's header documents
// (__vcmpeq4(0x1234aba5, 0x1234aba6) == 0xffffff00, ...).
#include <hip/hip_runtime.h>
#include <cu2hip/simd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <vector>

// Binary per-part functions, then unary, then the sums of absolute
// differences; the same list drives the kernel and the reference.
#define SIMD_BINARY(X)                                                         \
  X(vadd) X(vaddss) X(vaddus) X(vsub) X(vsubss) X(vsubus) X(vavgs) X(vavgu)   \
  X(vhaddu) X(vabsdiffs) X(vabsdiffu) X(vmaxs) X(vmaxu) X(vmins) X(vminu)     \
  X(vcmpeq) X(vcmpne) X(vcmpges) X(vcmpgeu) X(vcmpgts) X(vcmpgtu)             \
  X(vcmples) X(vcmpleu) X(vcmplts) X(vcmpltu) X(vseteq) X(vsetne)             \
  X(vsetges) X(vsetgeu) X(vsetgts) X(vsetgtu) X(vsetles) X(vsetleu)           \
  X(vsetlts) X(vsetltu) X(vsads) X(vsadu)
#define SIMD_UNARY(X) X(vabs) X(vabsss) X(vneg) X(vnegss)

#define COUNT(N) +2
constexpr int kPerPair = 0 SIMD_BINARY(COUNT) SIMD_UNARY(COUNT) + 6; // + dp4a x2, dp2a x4
#undef COUNT

__global__ void simd_kernel(const unsigned* a, const unsigned* b, const unsigned* c,
                            unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i], z = c[i];
  unsigned* o = out + (size_t)i * kPerPair;
#define CALL2(N) *o++ = cu2hip::N##2(x, y); *o++ = cu2hip::N##4(x, y);
#define CALL1(N) *o++ = cu2hip::N##2(x); *o++ = cu2hip::N##4(x);
  SIMD_BINARY(CALL2)
  SIMD_UNARY(CALL1)
#undef CALL2
#undef CALL1
  *o++ = (unsigned)cu2hip::dp4a((int)x, (int)y, (int)z);
  *o++ = cu2hip::dp4a(x, y, z);
  // The vector-typed overloads on the same bits.
  short2 sa; sa.x = (short)(x & 0xffff); sa.y = (short)(x >> 16);
  char4 cb; cb.x = (signed char)y; cb.y = (signed char)(y >> 8);
  cb.z = (signed char)(y >> 16); cb.w = (signed char)(y >> 24);
  ushort2 ua; ua.x = (unsigned short)x; ua.y = (unsigned short)(x >> 16);
  uchar4 ub; ub.x = (unsigned char)y; ub.y = (unsigned char)(y >> 8);
  ub.z = (unsigned char)(y >> 16); ub.w = (unsigned char)(y >> 24);
  *o++ = (unsigned)cu2hip::dp2a_lo(sa, cb, (int)z);
  *o++ = cu2hip::dp2a_lo(ua, ub, z);
  *o++ = (unsigned)cu2hip::dp2a_hi((int)x, (int)y, (int)z);
  *o++ = cu2hip::dp2a_hi(x, y, z);
}

// ---- reference ---------------------------------------------------------------
namespace ref {
using I = long long;
I part(uint32_t w, int bits, int k, bool sgn) {
  uint32_t u = (w >> (k * bits)) & ((1u << bits) - 1);
  if (sgn && (u >> (bits - 1))) return (I)u - ((I)1 << bits);
  return (I)u;
}
using Op = std::function<I(I, I, int /*bits*/)>;
I smin(int b) { return -((I)1 << (b - 1)); }
I smax(int b) { return ((I)1 << (b - 1)) - 1; }
I umax(int b) { return ((I)1 << b) - 1; }
// Per-part result (any integer; truncated to the part width by pack).
uint32_t pack(uint32_t x, uint32_t y, int bits, bool sgn, const Op& f) {
  uint32_t r = 0;
  for (int k = 0; k < 32 / bits; ++k) {
    I v = f(part(x, bits, k, sgn), part(y, bits, k, sgn), bits);
    r |= (uint32_t)((uint64_t)v & (uint64_t)umax(bits)) << (k * bits);
  }
  return r;
}
uint32_t sum_absdiff(uint32_t x, uint32_t y, int bits, bool sgn) {
  I s = 0;
  for (int k = 0; k < 32 / bits; ++k) s += std::llabs(part(x, bits, k, sgn) - part(y, bits, k, sgn));
  return (uint32_t)s;
}
struct Fn { std::string name; bool sgn; Op op; bool unary = false, sad = false; };
std::vector<Fn> table() {
  auto cmp = [](std::function<bool(I, I)> p, bool mask) {
    return Op([=](I a, I b, int bits) { return p(a, b) ? (mask ? umax(bits) : 1) : 0; });
  };
  std::vector<Fn> t = {
      {"vadd", false, [](I a, I b, int) { return a + b; }},
      {"vaddss", true, [](I a, I b, int n) { return std::clamp(a + b, smin(n), smax(n)); }},
      {"vaddus", false, [](I a, I b, int n) { return std::min(a + b, umax(n)); }},
      {"vsub", false, [](I a, I b, int) { return a - b; }},
      {"vsubss", true, [](I a, I b, int n) { return std::clamp(a - b, smin(n), smax(n)); }},
      {"vsubus", false, [](I a, I b, int) { return std::max<I>(a - b, 0); }},
      // signed rounded average: halves rounded away from zero
      {"vavgs", true, [](I a, I b, int) { I s = a + b; return s >= 0 ? (s + 1) / 2 : -((-s + 1) / 2); }},
      {"vavgu", false, [](I a, I b, int) { return (a + b + 1) / 2; }},
      {"vhaddu", false, [](I a, I b, int) { return (a + b) / 2; }},
      {"vabsdiffs", true, [](I a, I b, int) { return std::llabs(a - b); }},
      {"vabsdiffu", false, [](I a, I b, int) { return std::llabs(a - b); }},
      {"vmaxs", true, [](I a, I b, int) { return std::max(a, b); }},
      {"vmaxu", false, [](I a, I b, int) { return std::max(a, b); }},
      {"vmins", true, [](I a, I b, int) { return std::min(a, b); }},
      {"vminu", false, [](I a, I b, int) { return std::min(a, b); }},
  };
  const char* rel[] = {"eq", "ne", "ges", "geu", "gts", "gtu", "les", "leu", "lts", "ltu"};
  std::function<bool(I, I)> pr[] = {std::equal_to<I>(), std::not_equal_to<I>(),
                                    std::greater_equal<I>(), std::greater_equal<I>(),
                                    std::greater<I>(), std::greater<I>(),
                                    std::less_equal<I>(), std::less_equal<I>(),
                                    std::less<I>(), std::less<I>()};
  for (int m = 1; m >= 0; --m)
    for (int r = 0; r < 10; ++r) {
      std::string s = rel[r];
      t.push_back({std::string(m ? "vcmp" : "vset") + s, s.back() == 's', cmp(pr[r], m)});
    }
  t.push_back({"vsads", true, nullptr, false, true});
  t.push_back({"vsadu", false, nullptr, false, true});
  t.push_back({"vabs", true, [](I a, I, int) { return std::llabs(a); }, true});
  t.push_back({"vabsss", true, [](I a, I, int n) { return std::min(std::llabs(a), smax(n)); }, true});
  t.push_back({"vneg", true, [](I a, I, int) { return -a; }, true});
  t.push_back({"vnegss", true, [](I a, I, int n) { return std::clamp(-a, smin(n), smax(n)); }, true});
  return t;
}
uint32_t dot(uint32_t x, uint32_t y, uint32_t c, bool sgn, int xbits, int first_byte, int n) {
  I s = sgn ? (I)(int32_t)c : (I)c;
  for (int k = 0; k < n; ++k) s += part(x, xbits, k, sgn) * part(y, 8, first_byte + k, sgn);
  return (uint32_t)(uint64_t)s;
}
} // namespace ref

int main() {
  // Edge parts (both widths) and random words.
  const uint32_t edges[] = {0x00000000u, 0xffffffffu, 0x80008000u, 0x7fff7fffu, 0x80808080u,
                            0x7f7f7f7fu, 0x01ff80feu, 0xff017f80u, 0x1234aba5u, 0x1234aba6u,
                            0x00010001u, 0xfffe0002u};
  std::vector<unsigned> A, B, C;
  for (uint32_t x : edges)
    for (uint32_t y : edges) { A.push_back(x); B.push_back(y); C.push_back(x ^ (y << 3)); }
  std::mt19937 rng(61);
  for (int i = 0; i < 20000; ++i) { A.push_back(rng()); B.push_back(rng()); C.push_back(rng()); }
  const int n = (int)A.size();
  unsigned *da, *db, *dc, *dout;
  hipMalloc((void**)&da, n * 4); hipMalloc((void**)&db, n * 4); hipMalloc((void**)&dc, n * 4);
  hipMalloc((void**)&dout, (size_t)n * kPerPair * 4);
  hipMemcpy(da, A.data(), n * 4, hipMemcpyHostToDevice);
  hipMemcpy(db, B.data(), n * 4, hipMemcpyHostToDevice);
  hipMemcpy(dc, C.data(), n * 4, hipMemcpyHostToDevice);
  hipLaunchKernelGGL(simd_kernel, dim3((n + 127) / 128), dim3(128), 0, 0, da, db, dc, dout, n);
  if (hipDeviceSynchronize() != hipSuccess) { std::printf("launch failed\n"); return 1; }
  std::vector<unsigned> out((size_t)n * kPerPair);
  hipMemcpy(out.data(), dout, out.size() * 4, hipMemcpyDeviceToHost);

  // The kernel's order: binary list, unary list (each as 2 then 4), dots.
  std::vector<ref::Fn> t = ref::table(), order;
  auto find = [&](const char* s) { for (auto& f : t) if (f.name == s) order.push_back(f); };
#define FIND(N) find(#N);
  SIMD_BINARY(FIND) SIMD_UNARY(FIND)
#undef FIND
  if ((int)order.size() * 2 + 6 != kPerPair) { std::printf("table mismatch\n"); return 1; }
  long bad = 0, checked = 0;
  auto expect = [&](uint32_t got, uint32_t want, const std::string& what, int i) {
    ++checked;
    if (got != want && ++bad <= 10)
      std::printf("MISMATCH %s(0x%08x, 0x%08x, 0x%08x) = 0x%08x, want 0x%08x\n", what.c_str(),
                  A[i], B[i], C[i], got, want);
  };
  for (int i = 0; i < n; ++i) {
    const unsigned* o = &out[(size_t)i * kPerPair];
    for (auto& f : order)
      for (int bits : {16, 8}) {
        uint32_t want = f.sad ? ref::sum_absdiff(A[i], B[i], bits, f.sgn)
                              : ref::pack(A[i], f.unary ? 0 : B[i], bits, f.sgn, f.op);
        expect(*o++, want, "__" + f.name + (bits == 16 ? "2" : "4"), i);
      }
    expect(*o++, ref::dot(A[i], B[i], C[i], true, 8, 0, 4), "__dp4a(int)", i);
    expect(*o++, ref::dot(A[i], B[i], C[i], false, 8, 0, 4), "__dp4a(unsigned)", i);
    expect(*o++, ref::dot(A[i], B[i], C[i], true, 16, 0, 2), "__dp2a_lo(short2,char4)", i);
    expect(*o++, ref::dot(A[i], B[i], C[i], false, 16, 0, 2), "__dp2a_lo(ushort2,uchar4)", i);
    expect(*o++, ref::dot(A[i], B[i], C[i], true, 16, 2, 2), "__dp2a_hi(int)", i);
    expect(*o++, ref::dot(A[i], B[i], C[i], false, 16, 2, 2), "__dp2a_hi(unsigned)", i);
  }
  // CUDA's documented examples (crt/device_functions.h).
  struct { unsigned got, want; const char* what; } doc[] = {
      {cu2hip::vcmpeq2(0x1234aba5u, 0x1234aba6u), 0xffff0000u, "__vcmpeq2"},
      {cu2hip::vcmpges2(0x1234aba5u, 0x1234aba6u), 0xffff0000u, "__vcmpges2"},
      {cu2hip::vcmpgts2(0x1234aba5u, 0x1234aba6u), 0x00000000u, "__vcmpgts2"},
      {cu2hip::vcmples2(0x1234aba5u, 0x1234aba6u), 0xffffffffu, "__vcmples2"},
      {cu2hip::vcmplts2(0x1234aba5u, 0x1234aba6u), 0x0000ffffu, "__vcmplts2"},
      {cu2hip::vcmpeq4(0x1234aba5u, 0x1234aba6u), 0xffffff00u, "__vcmpeq4"},
      {cu2hip::vcmpges4(0x1234aba5u, 0x1234aba6u), 0xffffff00u, "__vcmpges4"},
      {cu2hip::vcmpgtu4(0x1234aba5u, 0x1234aba6u), 0x00000000u, "__vcmpgtu4"},
      {cu2hip::vcmpleu4(0x1234aba5u, 0x1234aba6u), 0xffffffffu, "__vcmpleu4"},
      {cu2hip::vcmpltu4(0x1234aba5u, 0x1234aba6u), 0x000000ffu, "__vcmpltu4"},
  };
  for (auto& d : doc) {
    ++checked;
    if (d.got != d.want && ++bad)
      std::printf("MISMATCH %s documented 0x%08x, got 0x%08x\n", d.what, d.want, d.got);
  }
  int wave = 0;
  hipDeviceGetAttribute(&wave, hipDeviceAttributeWarpSize, 0);
  std::printf("simd: wave %d: %ld of %ld values bit-exact (%d functions x %d inputs)\n", wave,
              checked - bad, checked, kPerPair, n);
  hipFree(da); hipFree(db); hipFree(dc); hipFree(dout);
  return bad ? 1 : 0;
}
