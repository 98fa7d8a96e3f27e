// cu2hip CPU SIMT emulator: __half, __half2, __hip_bfloat16 and
// __hip_bfloat162 with HIP's intrinsics (both <hip/hip_fp16.h> and
// <hip/hip_bf16.h> include this). Storage is the IEEE binary16 / bfloat16 bit
// pattern; every operation rounds once (float16.h says how), so results equal
// the GPU's bit for bit, except the transcendental functions (hexp, hsin,
// ...), which are the correctly rounded value of the float function where
// the GPU uses approximations (within one unit in the last place of CUDA's on
// the test inputs).
#pragma once

#include <hip/hip_runtime.h>

#include "cu2hip_emu/float16.h"

struct __half_raw {
  unsigned short x;
};
struct __half2_raw {
  unsigned short x, y;
};
struct __hip_bfloat16_raw {
  unsigned short x;
};
struct __hip_bfloat162_raw {
  unsigned short x, y;
};

// Construction from arithmetic types rounds to nearest even (as CUDA's and
// HIP's constructors); conversion to float is exact.
#define CU2HIP_EMU_NARROW_TYPE(T, FIELD, FMT, RAW)                             \
  struct T {                                                                   \
    using Format = ::cu2hip_emu::f16::FMT;                                     \
    unsigned short FIELD;                                                      \
    T() = default;                                                             \
    T(float f) : FIELD(::cu2hip_emu::f16::fromFloat<Format>(f, ::cu2hip_emu::f16::RN)) {} \
    T(double d) : FIELD(::cu2hip_emu::f16::fromDouble<Format>(d, ::cu2hip_emu::f16::RN)) {} \
    T(int v) : FIELD(::cu2hip_emu::f16::fromInt<Format>(v, ::cu2hip_emu::f16::RN)) {} \
    T(unsigned v) : FIELD(::cu2hip_emu::f16::fromInt<Format>(v, ::cu2hip_emu::f16::RN)) {} \
    T(short v) : FIELD(::cu2hip_emu::f16::fromInt<Format>(v, ::cu2hip_emu::f16::RN)) {} \
    T(unsigned short v) : FIELD(::cu2hip_emu::f16::fromInt<Format>(v, ::cu2hip_emu::f16::RN)) {} \
    T(long v) : FIELD(::cu2hip_emu::f16::fromInt<Format>(v, ::cu2hip_emu::f16::RN)) {} \
    T(unsigned long v) : FIELD(::cu2hip_emu::f16::fromInt<Format>(v, ::cu2hip_emu::f16::RN)) {} \
    T(long long v) : FIELD(::cu2hip_emu::f16::fromInt<Format>(v, ::cu2hip_emu::f16::RN)) {} \
    T(unsigned long long v) : FIELD(::cu2hip_emu::f16::fromInt<Format>(v, ::cu2hip_emu::f16::RN)) {} \
    T(RAW r) : FIELD(r.x) {}                                                   \
    operator float() const { return ::cu2hip_emu::f16::toFloat<Format>(FIELD); } \
    operator RAW() const { return RAW{FIELD}; }                                \
    T &operator=(RAW r) { FIELD = r.x; return *this; }                         \
    unsigned short bits() const { return FIELD; }                              \
    static T fromBits(unsigned short b) { T t; t.FIELD = b; return t; }        \
  };

CU2HIP_EMU_NARROW_TYPE(__half, __x, Binary16, __half_raw)
CU2HIP_EMU_NARROW_TYPE(__hip_bfloat16, data, BFloat16, __hip_bfloat16_raw)
#undef CU2HIP_EMU_NARROW_TYPE

struct alignas(4) __half2 {
  __half x, y;
  __half2() = default;
  __half2(__half a, __half b) : x(a), y(b) {}
  __half2(__half2_raw r) : x(__half_raw{r.x}), y(__half_raw{r.y}) {}
  operator __half2_raw() const { return __half2_raw{x.__x, y.__x}; }
};
struct alignas(4) __hip_bfloat162 {
  __hip_bfloat16 x, y;
  __hip_bfloat162() = default;
  __hip_bfloat162(__hip_bfloat16 a, __hip_bfloat16 b) : x(a), y(b) {}
  __hip_bfloat162(__hip_bfloat162_raw r)
      : x(__hip_bfloat16_raw{r.x}), y(__hip_bfloat16_raw{r.y}) {}
  operator __hip_bfloat162_raw() const { return __hip_bfloat162_raw{x.data, y.data}; }
};
typedef __half half;
typedef __half2 half2;
// CUDA's names, as ported code may still spell them (and HIP's own aliases).
typedef __hip_bfloat16 __nv_bfloat16;
typedef __hip_bfloat162 __nv_bfloat162;
typedef __hip_bfloat16 nv_bfloat16;
typedef __hip_bfloat162 nv_bfloat162;
typedef __hip_bfloat16_raw __nv_bfloat16_raw;
typedef __hip_bfloat162_raw __nv_bfloat162_raw;

namespace cu2hip_emu {
namespace f16 {
/// Rounds d to the 16-bit type T (nearest even).
template <class T> inline T narrowTo(double d) {
  return T::fromBits(fromDouble<typename T::Format>(d, RN));
}
} // namespace f16
} // namespace cu2hip_emu

#define CU2HIP_EMU_N3_(a, b, c) a##b##c
#define CU2HIP_EMU_N3(a, b, c) CU2HIP_EMU_N3_(a, b, c)

#define CU2HIP_NT __half
#define CU2HIP_NT2 __half2
#define CU2HIP_NP half
#include "cu2hip_emu/float16_ops.inc"
#undef CU2HIP_NT
#undef CU2HIP_NT2
#undef CU2HIP_NP

#define CU2HIP_NT __hip_bfloat16
#define CU2HIP_NT2 __hip_bfloat162
#define CU2HIP_NP bfloat16
#include "cu2hip_emu/float16_ops.inc"
#undef CU2HIP_NT
#undef CU2HIP_NT2
#undef CU2HIP_NP

inline __half2 make_half2(__half a, __half b) { return __half2(a, b); }
inline __hip_bfloat162 make_bfloat162(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hip_bfloat162(a, b);
}
