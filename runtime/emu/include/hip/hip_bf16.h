// cu2hip CPU SIMT emulator: stand-in for <hip/hip_bf16.h> (the part ported
// elementwise code uses). __hip_bfloat16 is stored as the upper 16 bits of an
// IEEE binary32; arithmetic is done in float and rounded to nearest-even,
// which for +, - and * equals bfloat16 arithmetic (a product of two 8-bit
// significands is exact in float's 24).
#pragma once

#include <hip/hip_runtime.h>

#include <cmath>
#include <cstring>

namespace cu2hip_emu {
inline unsigned short float_to_bf16_bits(float f) {
  unsigned x;
  std::memcpy(&x, &f, 4);
  if ((x & 0x7fffffffu) > 0x7f800000u) // NaN: keep it quiet and signed
    return (unsigned short)((x >> 16) | 0x40u);
  unsigned rounded = x + 0x7fffu + ((x >> 16) & 1u); // to nearest, ties to even
  return (unsigned short)(rounded >> 16);
}
inline float bf16_bits_to_float(unsigned short h) {
  unsigned x = (unsigned)h << 16;
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}
} // namespace cu2hip_emu

struct __hip_bfloat16 {
  unsigned short data;
  __hip_bfloat16() = default;
  __hip_bfloat16(float f) : data(cu2hip_emu::float_to_bf16_bits(f)) {}
  __hip_bfloat16(double d) : data(cu2hip_emu::float_to_bf16_bits((float)d)) {}
  __hip_bfloat16(int i) : data(cu2hip_emu::float_to_bf16_bits((float)i)) {}
  operator float() const { return cu2hip_emu::bf16_bits_to_float(data); }
  __hip_bfloat16 &operator+=(__hip_bfloat16 o) { return *this = __hip_bfloat16(float(*this) + float(o)); }
  __hip_bfloat16 &operator-=(__hip_bfloat16 o) { return *this = __hip_bfloat16(float(*this) - float(o)); }
  __hip_bfloat16 &operator*=(__hip_bfloat16 o) { return *this = __hip_bfloat16(float(*this) * float(o)); }
  __hip_bfloat16 &operator/=(__hip_bfloat16 o) { return *this = __hip_bfloat16(float(*this) / float(o)); }
};

inline __hip_bfloat16 operator+(__hip_bfloat16 a, __hip_bfloat16 b) { return __hip_bfloat16(float(a) + float(b)); }
inline __hip_bfloat16 operator-(__hip_bfloat16 a, __hip_bfloat16 b) { return __hip_bfloat16(float(a) - float(b)); }
inline __hip_bfloat16 operator*(__hip_bfloat16 a, __hip_bfloat16 b) { return __hip_bfloat16(float(a) * float(b)); }
inline __hip_bfloat16 operator/(__hip_bfloat16 a, __hip_bfloat16 b) { return __hip_bfloat16(float(a) / float(b)); }
inline __hip_bfloat16 operator-(__hip_bfloat16 a) { __hip_bfloat16 r = a; r.data ^= 0x8000u; return r; }
inline bool operator==(__hip_bfloat16 a, __hip_bfloat16 b) { return float(a) == float(b); }
inline bool operator!=(__hip_bfloat16 a, __hip_bfloat16 b) { return float(a) != float(b); }
inline bool operator<(__hip_bfloat16 a, __hip_bfloat16 b) { return float(a) < float(b); }
inline bool operator>(__hip_bfloat16 a, __hip_bfloat16 b) { return float(a) > float(b); }
inline bool operator<=(__hip_bfloat16 a, __hip_bfloat16 b) { return float(a) <= float(b); }
inline bool operator>=(__hip_bfloat16 a, __hip_bfloat16 b) { return float(a) >= float(b); }

inline __hip_bfloat16 __float2bfloat16(float f) { return __hip_bfloat16(f); }
inline float __bfloat162float(__hip_bfloat16 h) { return float(h); }
inline __hip_bfloat16 __hadd(__hip_bfloat16 a, __hip_bfloat16 b) { return a + b; }
inline __hip_bfloat16 __hsub(__hip_bfloat16 a, __hip_bfloat16 b) { return a - b; }
inline __hip_bfloat16 __hmul(__hip_bfloat16 a, __hip_bfloat16 b) { return a * b; }
inline __hip_bfloat16 __hneg(__hip_bfloat16 a) { return -a; }
inline __hip_bfloat16 __hmax(__hip_bfloat16 a, __hip_bfloat16 b) { return __hip_bfloat16(std::fmax(float(a), float(b))); }
inline __hip_bfloat16 __hmin(__hip_bfloat16 a, __hip_bfloat16 b) { return __hip_bfloat16(std::fmin(float(a), float(b))); }
