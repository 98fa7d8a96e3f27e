// cu2hip CPU SIMT emulator: the bit-level core of <hip/hip_fp16.h> and
// <hip/hip_bf16.h>. Include those headers instead.
//
// Every conversion goes through one exact rounding routine, encode(): a value
// m * 2^e (m a 64-bit integer) is rounded to a binary format with EB exponent
// and MB fraction bits in one of the four IEEE directions, with gradual
// underflow and the overflow rules of each direction. Integer, float and
// double inputs are exact in that form, so every conversion rounds once.
// Arithmetic is done in double with round-to-odd (the error of the double
// operation folded into its last bit), which makes the second rounding to
// 11 or 8 significant bits exact. NaN results are the canonical 0x7fff, as
// CUDA's intrinsics produce them; integer results of NaN are 0, or 2^63 for
// 64-bit types, and out-of-range values saturate (CUDA's cvt rules, checked
// against an H200 in test/emu/fp16_cuda_expected.txt).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

namespace cu2hip_emu {
namespace f16 {

/// Rounding direction of a conversion: nearest-even, toward zero, down, up.
enum Round { RN, RZ, RD, RU };

/// A binary floating-point format of 16 bits: EB exponent bits, MB fraction
/// bits (binary16: 5/10, bfloat16: 8/7).
template <int EB, int MB> struct Format {
  static constexpr int Bias = (1 << (EB - 1)) - 1;
  static constexpr unsigned Inf = ((1u << EB) - 1) << MB;
  static constexpr unsigned MaxFinite = Inf - 1;
  static constexpr unsigned Nan = 0x7fffu;
  /// NaN of the double conversions (__double2half, __double2bfloat16).
  static constexpr unsigned DoubleNan = Inf | (1u << (MB - 1));
  static constexpr int ManBits = MB;
};
using Binary16 = Format<5, 10>;
using BFloat16 = Format<8, 7>;

inline int msb64(uint64_t m) { return 63 - __builtin_clzll(m); }

/// Rounds (-1)^neg * m * 2^e to format F in direction r. m may be 0.
template <class F>
inline unsigned short encode(bool neg, uint64_t m, int e, Round r) {
  const unsigned sign = neg ? 0x8000u : 0u;
  if (m == 0)
    return (unsigned short)sign;
  const int emin = 1 - F::Bias, emax = F::Bias;
  const int lead = msb64(m) + e; // exponent of the leading bit
  const bool up = (r == RU && !neg) || (r == RD && neg);
  auto overflow = [&]() {
    bool toInf = r == RN || up;
    return (unsigned short)(sign | (toInf ? F::Inf : F::MaxFinite));
  };
  if (lead > emax)
    return overflow();
  int q = (lead > emin ? lead : emin) - F::ManBits; // exponent of the last bit
  int shift = q - e;
  uint64_t k;
  if (shift <= 0) {
    k = m << -shift;
  } else {
    k = shift >= 64 ? 0 : m >> shift;
    uint64_t rest = shift >= 64 ? m : m & ((uint64_t(1) << shift) - 1);
    if (rest != 0) {
      bool inc;
      if (r == RN) {
        // Compare the dropped bits with one half of the last place.
        bool aboveHalf, exactHalf;
        if (shift > 64) {
          aboveHalf = exactHalf = false; // below 2^(shift-1) > m
        } else {
          uint64_t halfUlp = uint64_t(1) << (shift - 1);
          aboveHalf = rest > halfUlp;
          exactHalf = rest == halfUlp;
        }
        inc = aboveHalf || (exactHalf && (k & 1));
      } else {
        inc = up;
      }
      k += inc;
    }
  }
  if (k >> (F::ManBits + 1)) { // rounding carried into a new binade
    k >>= 1;
    ++q;
  }
  if (k >> F::ManBits) { // normal
    int biased = q + F::ManBits + F::Bias;
    if (biased >= (1 << (15 - F::ManBits)) - 1)
      return overflow();
    return (unsigned short)(sign | ((unsigned)biased << F::ManBits) |
                            (unsigned)(k & ((1u << F::ManBits) - 1)));
  }
  return (unsigned short)(sign | (unsigned)k); // subnormal (or zero)
}

/// Rounds a double to format F in direction r (NaN -> canonical NaN).
template <class F> inline unsigned short fromDouble(double d, Round r) {
  uint64_t x;
  std::memcpy(&x, &d, 8);
  bool neg = x >> 63;
  unsigned ex = (unsigned)(x >> 52) & 0x7ffu;
  uint64_t man = x & ((uint64_t(1) << 52) - 1);
  if (ex == 0x7ffu)
    return (unsigned short)(man ? F::Nan : (neg ? 0x8000u : 0u) | F::Inf);
  if (ex == 0)
    return encode<F>(neg, man, -1074, r);
  return encode<F>(neg, man | (uint64_t(1) << 52), (int)ex - 1075, r);
}

/// Rounds a float to format F in direction r.
template <class F> inline unsigned short fromFloat(float f, Round r) {
  return fromDouble<F>((double)f, r); // float -> double is exact
}

/// The exact value of a format-F bit pattern.
template <class F> inline double toDouble(unsigned short h) {
  const int fb = F::ManBits, eb = 15 - fb;
  bool neg = h & 0x8000u;
  unsigned ex = (h >> fb) & ((1u << eb) - 1);
  unsigned man = h & ((1u << fb) - 1);
  double v;
  if (ex == (1u << eb) - 1)
    v = man ? std::numeric_limits<double>::quiet_NaN()
            : std::numeric_limits<double>::infinity();
  else if (ex == 0)
    v = std::ldexp((double)man, 1 - F::Bias - fb);
  else
    v = std::ldexp((double)(man | (1u << fb)), (int)ex - F::Bias - fb);
  return neg ? -v : v;
}

/// The float of a format-F bit pattern (exact). bfloat16 is the upper half
/// of a binary32, NaN payload included; a binary16 NaN widens to 0x7fffffff
/// (CUDA's cvt.f32.f16).
template <class F> inline float toFloat(unsigned short h) {
  float f;
  if (F::ManBits == 7) {
    unsigned x = (unsigned)h << 16;
    std::memcpy(&f, &x, 4);
    return f;
  }
  if ((h & 0x7fffu) > F::Inf) {
    unsigned x = 0x7fffffffu;
    std::memcpy(&f, &x, 4);
    return f;
  }
  return (float)toDouble<F>(h);
}

/// Rounds an integer to format F in direction r.
template <class F, class I> inline unsigned short fromInt(I v, Round r) {
  static_assert(std::is_integral<I>::value, "integer source");
  bool neg = v < 0;
  uint64_t mag = neg ? uint64_t(0) - (uint64_t)(int64_t)v : (uint64_t)v;
  return encode<F>(neg, mag, 0, r);
}

/// Rounds x to an integer of type I in direction r, saturating; NaN gives 0
/// for types up to 32 bits and the bit pattern 2^63 for 64-bit types.
template <class I> inline I toInt(double x, Round r) {
  if (std::isnan(x))
    return sizeof(I) == 8 ? (I)(uint64_t(1) << 63) : (I)0;
  double t = r == RZ ? std::trunc(x) : r == RD ? std::floor(x)
           : r == RU ? std::ceil(x) : std::nearbyint(x);
  const double lo = (double)std::numeric_limits<I>::min();
  const double hiExcl = std::ldexp(1.0, (int)(sizeof(I) * 8) - std::is_signed<I>::value);
  if (t < lo)
    return std::numeric_limits<I>::min();
  if (t >= hiExcl)
    return std::numeric_limits<I>::max();
  return (I)t;
}

/// Makes a double result round-to-odd: when `exact` differs from `d` (the
/// error is `err`, d + err being the true value), forces the last bit of d
/// to 1 by stepping toward the true value. Rounding the result to 51 bits
/// or fewer then equals rounding the true value once.
inline double toOdd(double d, double err) {
  if (err == 0 || !std::isfinite(d) || std::isnan(err))
    return d;
  uint64_t x;
  std::memcpy(&x, &d, 8);
  if (x & 1)
    return d;
  return std::nextafter(d, err > 0 ? INFINITY : -INFINITY);
}
/// a + b rounded to odd.
inline double addOdd(double a, double b) {
  double s = a + b, bb = s - a;
  double err = (a - (s - bb)) + (b - bb);
  return toOdd(s, err);
}
/// a / b rounded to odd.
inline double divOdd(double a, double b) {
  double q = a / b;
  if (!std::isfinite(q) || q == 0)
    return q;
  double rem = std::fma(-q, b, a); // exact remainder a - q*b
  return toOdd(q, (rem > 0) == (b > 0) ? (rem == 0 ? 0.0 : 1.0) : -1.0);
}
/// sqrt(a) rounded to odd.
inline double sqrtOdd(double a) {
  double s = std::sqrt(a);
  if (!std::isfinite(s) || s == 0)
    return s;
  double rem = std::fma(-s, s, a);
  return toOdd(s, rem);
}

} // namespace f16
} // namespace cu2hip_emu
