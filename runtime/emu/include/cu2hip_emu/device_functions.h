// cu2hip CPU SIMT emulator: device math, bit and atomic functions.
// Part of the emulator's header set; include <hip/hip_runtime.h> instead.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <climits>

#include "cu2hip_emu/types.h"

// ---------------------------------------------------------------------------
// Integer / bit intrinsics
// ---------------------------------------------------------------------------
inline int __popc(unsigned int x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffs(unsigned int x) { return __builtin_ffs((int)x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline int __ffsll(unsigned long long x) { return __builtin_ffsll((long long)x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
inline int __clzll(long long x) {
  return x == 0 ? 64 : __builtin_clzll((unsigned long long)x);
}
inline unsigned int __brev(unsigned int x) {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
  return __builtin_bswap32(x);
}
inline unsigned long long __brevll(unsigned long long x) {
  return ((unsigned long long)__brev((unsigned)x) << 32) | __brev((unsigned)(x >> 32));
}
inline int __mul24(int a, int b) {
  return (int)(((long long)((a << 8) >> 8)) * ((b << 8) >> 8));
}
inline unsigned __umul24(unsigned a, unsigned b) {
  return (a & 0xffffffu) * (b & 0xffffffu);
}
inline int __mulhi(int a, int b) { return (int)(((long long)a * b) >> 32); }
inline unsigned __umulhi(unsigned a, unsigned b) {
  return (unsigned)(((unsigned long long)a * b) >> 32);
}
inline long long __mul64hi(long long a, long long b) {
  return (long long)(((__int128)a * b) >> 64);
}
inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b) {
  return (unsigned long long)(((unsigned __int128)a * b) >> 64);
}
inline unsigned __sad(int a, int b, unsigned c) {
  return c + (unsigned)(a > b ? a - b : b - a);
}
inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {
  unsigned long long v = ((unsigned long long)y << 32) | x;
  unsigned r = 0;
  for (int i = 0; i < 4; ++i) {
    unsigned sel = (s >> (4 * i)) & 7u;
    r |= (unsigned)((v >> (8 * sel)) & 0xffu) << (8 * i);
  }
  return r;
}

// ---------------------------------------------------------------------------
// Reinterpretation and conversion
// ---------------------------------------------------------------------------
inline int __float_as_int(float f) { int i; std::memcpy(&i, &f, 4); return i; }
inline unsigned __float_as_uint(float f) { unsigned i; std::memcpy(&i, &f, 4); return i; }
inline float __int_as_float(int i) { float f; std::memcpy(&f, &i, 4); return f; }
inline float __uint_as_float(unsigned i) { float f; std::memcpy(&f, &i, 4); return f; }
inline long long __double_as_longlong(double d) { long long i; std::memcpy(&i, &d, 8); return i; }
inline double __longlong_as_double(long long i) { double d; std::memcpy(&d, &i, 8); return d; }
inline int __double2hiint(double d) { return (int)(__double_as_longlong(d) >> 32); }
inline int __double2loint(double d) { return (int)__double_as_longlong(d); }
inline double __hiloint2double(int hi, int lo) {
  return __longlong_as_double(((long long)hi << 32) | (unsigned)lo);
}
inline int __float2int_rn(float x) { return (int)std::nearbyint(x); }
inline int __float2int_rz(float x) { return (int)x; }
inline int __float2int_rd(float x) { return (int)std::floor(x); }
inline int __float2int_ru(float x) { return (int)std::ceil(x); }
inline unsigned __float2uint_rn(float x) { return (unsigned)std::nearbyint(x); }
inline unsigned __float2uint_rz(float x) { return (unsigned)x; }
inline long long __float2ll_rn(float x) { return (long long)std::nearbyint(x); }
inline long long __float2ll_rz(float x) { return (long long)x; }
inline float __int2float_rn(int x) { return (float)x; }
inline float __uint2float_rn(unsigned x) { return (float)x; }
inline float __ll2float_rn(long long x) { return (float)x; }
inline int __double2int_rn(double x) { return (int)std::nearbyint(x); }
inline int __double2int_rz(double x) { return (int)x; }
inline float __double2float_rn(double x) { return (float)x; }
inline double __int2double_rn(int x) { return (double)x; }

// ---------------------------------------------------------------------------
// Float intrinsics (computed at full precision: CPU results are the
// correctly rounded or libm values, not the GPU's approximations)
// ---------------------------------------------------------------------------
inline float __expf(float x) { return std::exp(x); }
inline float __exp10f(float x) { return std::pow(10.0f, x); }
inline float __logf(float x) { return std::log(x); }
inline float __log2f(float x) { return std::log2(x); }
inline float __log10f(float x) { return std::log10(x); }
inline float __sinf(float x) { return std::sin(x); }
inline float __cosf(float x) { return std::cos(x); }
inline float __tanf(float x) { return std::tan(x); }
inline void __sincosf(float x, float* s, float* c) { *s = std::sin(x); *c = std::cos(x); }
inline void sincosf(float x, float* s, float* c) { *s = std::sin(x); *c = std::cos(x); }
inline void sincos(double x, double* s, double* c) { *s = std::sin(x); *c = std::cos(x); }
inline void sincospif(float x, float* s, float* c) {
  *s = std::sin((float)M_PI * x); *c = std::cos((float)M_PI * x);
}
inline float __powf(float x, float y) { return std::pow(x, y); }
inline float __fdividef(float x, float y) { return x / y; }
inline float __frcp_rn(float x) { return 1.0f / x; }
inline float __fsqrt_rn(float x) { return std::sqrt(x); }
inline float __frsqrt_rn(float x) { return 1.0f / std::sqrt(x); }
inline float __fadd_rn(float a, float b) { return a + b; }
inline float __fsub_rn(float a, float b) { return a - b; }
inline float __fmul_rn(float a, float b) { return a * b; }
inline float __fdiv_rn(float a, float b) { return a / b; }
inline float __fmaf_rn(float a, float b, float c) { return std::fma(a, b, c); }
inline double __dadd_rn(double a, double b) { return a + b; }
inline double __dmul_rn(double a, double b) { return a * b; }
inline double __fma_rn(double a, double b, double c) { return std::fma(a, b, c); }
inline float __saturatef(float x) { return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x); }
inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }
inline float rcbrtf(float x) { return 1.0f / std::cbrt(x); }
inline float exp10f(float x) { return std::pow(10.0f, x); }
inline double exp10(double x) { return std::pow(10.0, x); }
inline float sinpif(float x) { return std::sin((float)M_PI * x); }
inline float cospif(float x) { return std::cos((float)M_PI * x); }
inline double sinpi(double x) { return std::sin(M_PI * x); }
inline double cospi(double x) { return std::cos(M_PI * x); }
inline float normcdff(float x) { return 0.5f * std::erfc(-x / std::sqrt(2.0f)); }
inline double normcdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }
inline float fdividef(float x, float y) { return x / y; }

// CUDA's global min/max overloads for mixed integer code.
inline int min(int a, int b) { return a < b ? a : b; }
inline int max(int a, int b) { return a > b ? a : b; }
inline unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }
inline unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }
inline unsigned min(int a, unsigned b) { return min((unsigned)a, b); }
inline unsigned max(int a, unsigned b) { return max((unsigned)a, b); }
inline unsigned min(unsigned a, int b) { return min(a, (unsigned)b); }
inline unsigned max(unsigned a, int b) { return max(a, (unsigned)b); }
inline long long min(long long a, long long b) { return a < b ? a : b; }
inline long long max(long long a, long long b) { return a > b ? a : b; }
inline unsigned long long min(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
inline unsigned long long max(unsigned long long a, unsigned long long b) { return a > b ? a : b; }
// long and unsigned long (size_t on LP64) are types of their own: without
// these, max(size_t, size_t) is ambiguous between the (unsigned) long long ones.
inline long min(long a, long b) { return a < b ? a : b; }
inline long max(long a, long b) { return a > b ? a : b; }
inline unsigned long min(unsigned long a, unsigned long b) { return a < b ? a : b; }
inline unsigned long max(unsigned long a, unsigned long b) { return a > b ? a : b; }
inline float min(float a, float b) { return std::fmin(a, b); }
inline float max(float a, float b) { return std::fmax(a, b); }
inline double min(double a, double b) { return std::fmin(a, b); }
inline double max(double a, double b) { return std::fmax(a, b); }

// ---------------------------------------------------------------------------
// Atomics. Device memory is host memory; blocks may run on several OS threads
// (CU2HIP_EMU_THREADS), so these are real atomic read-modify-writes.
// ---------------------------------------------------------------------------
namespace cu2hip_emu {
template <class T, class F>
inline T atomic_update(T* addr, F f) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "atomic operand size");
  using U = std::conditional_t<sizeof(T) == 4, unsigned, unsigned long long>;
  U* p = reinterpret_cast<U*>(addr);
  U old = __atomic_load_n(p, __ATOMIC_RELAXED);
  for (;;) {
    T ov;
    std::memcpy(&ov, &old, sizeof(T));
    T nv = f(ov);
    U nu;
    std::memcpy(&nu, &nv, sizeof(T));
    if (__atomic_compare_exchange_n(p, &old, nu, true, __ATOMIC_SEQ_CST,
                                    __ATOMIC_RELAXED))
      return ov;
  }
}
}  // namespace cu2hip_emu

#define CU2HIP_EMU_INT_ATOMICS(T)                                              \
  inline T atomicAdd(T* a, T v) { return __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST); } \
  inline T atomicSub(T* a, T v) { return __atomic_fetch_sub(a, v, __ATOMIC_SEQ_CST); } \
  inline T atomicAnd(T* a, T v) { return __atomic_fetch_and(a, v, __ATOMIC_SEQ_CST); } \
  inline T atomicOr(T* a, T v) { return __atomic_fetch_or(a, v, __ATOMIC_SEQ_CST); }   \
  inline T atomicXor(T* a, T v) { return __atomic_fetch_xor(a, v, __ATOMIC_SEQ_CST); } \
  inline T atomicExch(T* a, T v) { return __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST); } \
  inline T atomicMax(T* a, T v) {                                              \
    return cu2hip_emu::atomic_update(a, [v](T o) { return o > v ? o : v; });   \
  }                                                                            \
  inline T atomicMin(T* a, T v) {                                              \
    return cu2hip_emu::atomic_update(a, [v](T o) { return o < v ? o : v; });   \
  }                                                                            \
  inline T atomicCAS(T* a, T cmp, T v) {                                       \
    __atomic_compare_exchange_n(a, &cmp, v, false, __ATOMIC_SEQ_CST,           \
                                __ATOMIC_SEQ_CST);                             \
    return cmp;                                                                \
  }

CU2HIP_EMU_INT_ATOMICS(int)
CU2HIP_EMU_INT_ATOMICS(unsigned int)
CU2HIP_EMU_INT_ATOMICS(unsigned long long)
CU2HIP_EMU_INT_ATOMICS(long long)
CU2HIP_EMU_INT_ATOMICS(unsigned long)
#undef CU2HIP_EMU_INT_ATOMICS

inline unsigned atomicInc(unsigned* a, unsigned v) {
  return cu2hip_emu::atomic_update(a, [v](unsigned o) { return o >= v ? 0u : o + 1u; });
}
inline unsigned atomicDec(unsigned* a, unsigned v) {
  return cu2hip_emu::atomic_update(
      a, [v](unsigned o) { return (o == 0u || o > v) ? v : o - 1u; });
}

#define CU2HIP_EMU_FP_ATOMICS(T)                                               \
  inline T atomicAdd(T* a, T v) {                                              \
    return cu2hip_emu::atomic_update(a, [v](T o) { return o + v; });           \
  }                                                                            \
  inline T atomicSub(T* a, T v) {                                              \
    return cu2hip_emu::atomic_update(a, [v](T o) { return o - v; });           \
  }                                                                            \
  inline T atomicExch(T* a, T v) {                                             \
    return cu2hip_emu::atomic_update(a, [v](T) { return v; });                 \
  }                                                                            \
  inline T atomicMax(T* a, T v) {                                              \
    return cu2hip_emu::atomic_update(a, [v](T o) { return std::fmax(o, v); }); \
  }                                                                            \
  inline T atomicMin(T* a, T v) {                                              \
    return cu2hip_emu::atomic_update(a, [v](T o) { return std::fmin(o, v); }); \
  }                                                                            \
  inline T unsafeAtomicAdd(T* a, T v) { return atomicAdd(a, v); }              \
  inline T atomicAdd_system(T* a, T v) { return atomicAdd(a, v); }             \
  inline T atomicAdd_block(T* a, T v) { return atomicAdd(a, v); }

CU2HIP_EMU_FP_ATOMICS(float)
CU2HIP_EMU_FP_ATOMICS(double)
#undef CU2HIP_EMU_FP_ATOMICS

template <class T>
inline T atomicAdd_system(T* a, T v) { return atomicAdd(a, v); }
template <class T>
inline T atomicAdd_block(T* a, T v) { return atomicAdd(a, v); }
template <class T>
inline T atomicCAS_system(T* a, T c, T v) { return atomicCAS(a, c, v); }
template <class T>
inline T atomicExch_system(T* a, T v) { return atomicExch(a, v); }

// Timers: a monotonically increasing counter.
long long cu2hip_emu_clock64();
inline long long clock64() { return cu2hip_emu_clock64(); }
inline long long wall_clock64() { return cu2hip_emu_clock64(); }
// Read-only load (HIP's __ldg overloads are plain loads on AMD) and the
// compute-unit id (one "CU" here).
template <typename T> inline T __ldg(const T* p) { return *p; }
inline unsigned __smid() { return 0; }
inline void __nanosleep(unsigned) {}
