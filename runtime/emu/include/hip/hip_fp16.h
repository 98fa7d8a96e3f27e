// cu2hip CPU SIMT emulator: stand-in for <hip/hip_fp16.h>.
// __half / __half2 stored as IEEE binary16 bits; arithmetic is done in float
// and rounded to nearest-even (exact for +, -, *, /, as float has more than
// twice the precision of half).
#pragma once

#include <hip/hip_runtime.h>

#include <cmath>
#include <cstring>

namespace cu2hip_emu {
inline unsigned short float_to_half_bits(float f) {
  unsigned x;
  std::memcpy(&x, &f, 4);
  unsigned sign = (x >> 16) & 0x8000u;
  unsigned exp = (x >> 23) & 0xffu;
  unsigned man = x & 0x7fffffu;
  if (exp == 0xffu)  // inf / nan
    return (unsigned short)(sign | 0x7c00u | (man ? 0x200u | (man >> 13) : 0u));
  int e = (int)exp - 127 + 15;
  if (e >= 0x1f) return (unsigned short)(sign | 0x7c00u);  // overflow
  if (e <= 0) {  // subnormal or zero
    if (e < -10) return (unsigned short)sign;
    man |= 0x800000u;
    unsigned shift = (unsigned)(14 - e);
    unsigned h = man >> shift;
    unsigned rem = man & ((1u << shift) - 1u);
    unsigned half = 1u << (shift - 1);
    if (rem > half || (rem == half && (h & 1u))) ++h;
    return (unsigned short)(sign | h);
  }
  unsigned h = ((unsigned)e << 10) | (man >> 13);
  unsigned rem = man & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) ++h;  // may carry into exp
  return (unsigned short)(sign | h);
}
inline float half_bits_to_float(unsigned short h) {
  unsigned sign = (unsigned)(h & 0x8000u) << 16;
  unsigned exp = (h >> 10) & 0x1fu;
  unsigned man = h & 0x3ffu;
  unsigned x;
  if (exp == 0) {
    if (man == 0) {
      x = sign;
    } else {  // subnormal
      int e = -1;
      do { ++e; man <<= 1; } while (!(man & 0x400u));
      x = sign | ((unsigned)(127 - 15 - e) << 23) | ((man & 0x3ffu) << 13);
    }
  } else if (exp == 0x1f) {
    x = sign | 0x7f800000u | (man << 13);
  } else {
    x = sign | ((exp - 15 + 127) << 23) | (man << 13);
  }
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}
}  // namespace cu2hip_emu

struct __half_raw { unsigned short x; };

struct __half {
  unsigned short __x;
  __half() = default;
  __half(float f) : __x(cu2hip_emu::float_to_half_bits(f)) {}
  __half(double d) : __x(cu2hip_emu::float_to_half_bits((float)d)) {}
  __half(int i) : __x(cu2hip_emu::float_to_half_bits((float)i)) {}
  __half(__half_raw r) : __x(r.x) {}
  operator float() const { return cu2hip_emu::half_bits_to_float(__x); }
  operator __half_raw() const { return __half_raw{__x}; }
  __half& operator+=(__half o) { return *this = __half(float(*this) + float(o)); }
  __half& operator-=(__half o) { return *this = __half(float(*this) - float(o)); }
  __half& operator*=(__half o) { return *this = __half(float(*this) * float(o)); }
  __half& operator/=(__half o) { return *this = __half(float(*this) / float(o)); }
};
typedef __half half;

inline __half operator+(__half a, __half b) { return __half(float(a) + float(b)); }
inline __half operator-(__half a, __half b) { return __half(float(a) - float(b)); }
inline __half operator*(__half a, __half b) { return __half(float(a) * float(b)); }
inline __half operator/(__half a, __half b) { return __half(float(a) / float(b)); }
inline __half operator-(__half a) { __half r = a; r.__x ^= 0x8000u; return r; }
inline bool operator==(__half a, __half b) { return float(a) == float(b); }
inline bool operator!=(__half a, __half b) { return float(a) != float(b); }
inline bool operator<(__half a, __half b) { return float(a) < float(b); }
inline bool operator>(__half a, __half b) { return float(a) > float(b); }
inline bool operator<=(__half a, __half b) { return float(a) <= float(b); }
inline bool operator>=(__half a, __half b) { return float(a) >= float(b); }

struct alignas(4) __half2 {
  __half x, y;
  __half2() = default;
  __half2(__half a, __half b) : x(a), y(b) {}
};
typedef __half2 half2;

inline __half __float2half(float f) { return __half(f); }
inline __half __float2half_rn(float f) { return __half(f); }
inline float __half2float(__half h) { return float(h); }
inline __half __double2half(double d) { return __half(d); }
inline __half __int2half_rn(int i) { return __half(i); }
inline int __half2int_rn(__half h) { return (int)std::nearbyint(float(h)); }
inline int __half2int_rz(__half h) { return (int)float(h); }
inline unsigned short __half_as_ushort(__half h) { return h.__x; }
inline short __half_as_short(__half h) { return (short)h.__x; }
inline __half __ushort_as_half(unsigned short u) { return __half(__half_raw{u}); }
inline __half __short_as_half(short s) { return __half(__half_raw{(unsigned short)s}); }
inline __half __hadd(__half a, __half b) { return a + b; }
inline __half __hsub(__half a, __half b) { return a - b; }
inline __half __hmul(__half a, __half b) { return a * b; }
inline __half __hdiv(__half a, __half b) { return a / b; }
inline __half __hneg(__half a) { return -a; }
inline __half __habs(__half a) { __half r = a; r.__x &= 0x7fffu; return r; }
inline __half __hfma(__half a, __half b, __half c) {
  return __half((float)((double)float(a) * float(b) + float(c)));
}
inline __half __hmax(__half a, __half b) { return __half(std::fmax(float(a), float(b))); }
inline __half __hmin(__half a, __half b) { return __half(std::fmin(float(a), float(b))); }
inline bool __heq(__half a, __half b) { return a == b; }
inline bool __hne(__half a, __half b) { return a != b; }
inline bool __hlt(__half a, __half b) { return a < b; }
inline bool __hgt(__half a, __half b) { return a > b; }
inline bool __hle(__half a, __half b) { return a <= b; }
inline bool __hge(__half a, __half b) { return a >= b; }
inline bool __hisnan(__half a) { return std::isnan(float(a)); }
inline int __hisinf(__half a) {
  float f = float(a);
  return std::isinf(f) ? (f > 0 ? 1 : -1) : 0;
}
inline __half hexp(__half a) { return __half(std::exp(float(a))); }
inline __half hlog(__half a) { return __half(std::log(float(a))); }
inline __half hsqrt(__half a) { return __half(std::sqrt(float(a))); }
inline __half hrsqrt(__half a) { return __half(1.0f / std::sqrt(float(a))); }
inline __half htanh(__half a) { return __half(std::tanh(float(a))); }

inline __half2 __halves2half2(__half a, __half b) { return __half2(a, b); }
inline __half2 __half2half2(__half a) { return __half2(a, a); }
inline __half2 __float2half2_rn(float f) { return __half2(__half(f), __half(f)); }
inline __half2 __floats2half2_rn(float a, float b) { return __half2(__half(a), __half(b)); }
inline __half2 __float22half2_rn(float2 f) { return __half2(__half(f.x), __half(f.y)); }
inline float2 __half22float2(__half2 h) { return make_float2(float(h.x), float(h.y)); }
inline __half __low2half(__half2 h) { return h.x; }
inline __half __high2half(__half2 h) { return h.y; }
inline float __low2float(__half2 h) { return float(h.x); }
inline float __high2float(__half2 h) { return float(h.y); }
inline __half2 __hadd2(__half2 a, __half2 b) { return __half2(a.x + b.x, a.y + b.y); }
inline __half2 __hsub2(__half2 a, __half2 b) { return __half2(a.x - b.x, a.y - b.y); }
inline __half2 __hmul2(__half2 a, __half2 b) { return __half2(a.x * b.x, a.y * b.y); }
inline __half2 __h2div(__half2 a, __half2 b) { return __half2(a.x / b.x, a.y / b.y); }
inline __half2 __hfma2(__half2 a, __half2 b, __half2 c) {
  return __half2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
inline __half2 __hneg2(__half2 a) { return __half2(-a.x, -a.y); }
inline __half2 operator+(__half2 a, __half2 b) { return __hadd2(a, b); }
inline __half2 operator-(__half2 a, __half2 b) { return __hsub2(a, b); }
inline __half2 operator*(__half2 a, __half2 b) { return __hmul2(a, b); }
inline __half2 operator/(__half2 a, __half2 b) { return __h2div(a, b); }

inline __half atomicAdd(__half* a, __half v) {
  // 16-bit CAS on the containing 32-bit word.
  uintptr_t addr = reinterpret_cast<uintptr_t>(a);
  unsigned* word = reinterpret_cast<unsigned*>(addr & ~(uintptr_t)3);
  unsigned shift = (addr & 2) ? 16 : 0;
  unsigned old = __atomic_load_n(word, __ATOMIC_RELAXED);
  for (;;) {
    __half cur = __ushort_as_half((unsigned short)(old >> shift));
    unsigned short nb = __half_as_ushort(cur + v);
    unsigned nw = (old & ~(0xffffu << shift)) | ((unsigned)nb << shift);
    if (__atomic_compare_exchange_n(word, &old, nw, true, __ATOMIC_SEQ_CST,
                                    __ATOMIC_RELAXED))
      return cur;
  }
}
