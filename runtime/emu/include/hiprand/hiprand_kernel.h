// cu2hip CPU SIMT emulator: stand-in for <hiprand/hiprand_kernel.h>,
// device API subset: Philox4x32-10.
//
// The generator follows the published Philox4x32-10 algorithm (Salmon et al.,
// "Parallel random numbers: as easy as 1, 2, 3", SC'11) with the state layout
// and position rules of cuRAND's device API, so the same (seed, subsequence,
// offset) yields the same numbers as the CUDA original:
//  * key = seed (low word, high word); counter starts at 0;
//  * a subsequence is 2^66 numbers: subsequence n adds n to counter words 2..3;
//  * offset skips single 32-bit outputs (4 per counter value);
//  * uniform: u * 2^-32 + 2^-33 in float, computed as one fused multiply-add
//    as the GPU does, so values lie in (0, 1];
//  * normal: Box-Muller on two consecutive outputs, the second value cached.
// hiprand_normal uses sinf/cosf/logf of the host libm, while the GPU uses fast
// approximations: normals agree to ~1e-6 relative, not bit for bit.
#pragma once

#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>

#include <cmath>

struct hiprandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef hiprandStatePhilox4_32_10 hiprandStatePhilox4_32_10_t;

namespace cu2hip_emu {
namespace philox {
constexpr unsigned kW0 = 0x9E3779B9u;  // golden ratio
constexpr unsigned kW1 = 0xBB67AE85u;  // sqrt(3) - 1
constexpr unsigned kM0 = 0xD2511F53u;
constexpr unsigned kM1 = 0xCD9E8D57u;

inline uint4 round(uint4 c, uint2 k) {
  unsigned long long p0 = (unsigned long long)kM0 * c.x;
  unsigned long long p1 = (unsigned long long)kM1 * c.z;
  unsigned hi0 = (unsigned)(p0 >> 32), lo0 = (unsigned)p0;
  unsigned hi1 = (unsigned)(p1 >> 32), lo1 = (unsigned)p1;
  return uint4{hi1 ^ c.y ^ k.x, lo1, hi0 ^ c.w ^ k.y, lo0};
}

inline uint4 block(uint4 c, uint2 k) {
  for (int r = 0; r < 9; ++r) {
    c = round(c, k);
    k.x += kW0;
    k.y += kW1;
  }
  return round(c, k);
}

// counter += n (128-bit add of a 64-bit value)
inline void advance(hiprandStatePhilox4_32_10_t* s, unsigned long long n) {
  unsigned lo = (unsigned)n;
  unsigned hi = (unsigned)(n >> 32);
  s->ctr.x += lo;
  if (s->ctr.x < lo) ++hi;
  s->ctr.y += hi;
  if (hi <= s->ctr.y) return;
  if (++s->ctr.z) return;
  ++s->ctr.w;
}
// counter += n << 64
inline void advance_hi(hiprandStatePhilox4_32_10_t* s, unsigned long long n) {
  unsigned lo = (unsigned)n;
  unsigned hi = (unsigned)(n >> 32);
  s->ctr.z += lo;
  if (s->ctr.z < lo) ++hi;
  s->ctr.w += hi;
}
inline void step(hiprandStatePhilox4_32_10_t* s) {
  if (++s->ctr.x) return;
  if (++s->ctr.y) return;
  if (++s->ctr.z) return;
  ++s->ctr.w;
}

constexpr float k2pow32inv = 2.3283064e-10f;
constexpr float k2pi = 6.2831855f;

inline float uniform(unsigned x) {
  return std::fma((float)x, k2pow32inv, k2pow32inv / 2.0f);
}
inline float2 box_muller(unsigned x, unsigned y) {
  const float scale = k2pow32inv * k2pi;
  float u = std::fma((float)x, k2pow32inv, k2pow32inv / 2.0f);
  float v = std::fma((float)y, scale, scale / 2.0f);
  float s = std::sqrt(-2.0f * std::log(u));
  return make_float2(std::sin(v) * s, std::cos(v) * s);
}
}  // namespace philox
}  // namespace cu2hip_emu

inline void skipahead(unsigned long long n, hiprandStatePhilox4_32_10_t* s) {
  s->STATE += (unsigned)(n & 3);
  n /= 4;
  if (s->STATE > 3) {
    n += 1;
    s->STATE -= 4;
  }
  cu2hip_emu::philox::advance(s, n);
  s->output = cu2hip_emu::philox::block(s->ctr, s->key);
}

inline void skipahead_sequence(unsigned long long n, hiprandStatePhilox4_32_10_t* s) {
  cu2hip_emu::philox::advance_hi(s, n);
  s->output = cu2hip_emu::philox::block(s->ctr, s->key);
}

inline void hiprand_init(unsigned long long seed, unsigned long long subsequence,
                         unsigned long long offset, hiprandStatePhilox4_32_10_t* s) {
  s->ctr = uint4{0, 0, 0, 0};
  s->key = uint2{(unsigned)seed, (unsigned)(seed >> 32)};
  s->STATE = 0;
  s->boxmuller_flag = 0;
  s->boxmuller_flag_double = 0;
  s->boxmuller_extra = 0.0f;
  s->boxmuller_extra_double = 0.0;
  skipahead_sequence(subsequence, s);
  skipahead(offset, s);
}

inline unsigned int hiprand(hiprandStatePhilox4_32_10_t* s) {
  unsigned r;
  switch (s->STATE++) {
    case 1: r = s->output.y; break;
    case 2: r = s->output.z; break;
    case 3: r = s->output.w; break;
    default: r = s->output.x; break;
  }
  if (s->STATE == 4) {
    cu2hip_emu::philox::step(s);
    s->output = cu2hip_emu::philox::block(s->ctr, s->key);
    s->STATE = 0;
  }
  return r;
}

inline uint4 hiprand4(hiprandStatePhilox4_32_10_t* s) {
  uint4 t = s->output;
  cu2hip_emu::philox::step(s);
  s->output = cu2hip_emu::philox::block(s->ctr, s->key);
  const uint4& o = s->output;
  switch (s->STATE) {
    case 1: return uint4{t.y, t.z, t.w, o.x};
    case 2: return uint4{t.z, t.w, o.x, o.y};
    case 3: return uint4{t.w, o.x, o.y, o.z};
    default: return t;
  }
}

inline float hiprand_uniform(hiprandStatePhilox4_32_10_t* s) {
  return cu2hip_emu::philox::uniform(hiprand(s));
}

inline float4 hiprand_uniform4(hiprandStatePhilox4_32_10_t* s) {
  uint4 x = hiprand4(s);
  return make_float4(cu2hip_emu::philox::uniform(x.x), cu2hip_emu::philox::uniform(x.y),
                     cu2hip_emu::philox::uniform(x.z), cu2hip_emu::philox::uniform(x.w));
}

inline float hiprand_normal(hiprandStatePhilox4_32_10_t* s) {
  if (s->boxmuller_flag != 1) {
    unsigned x = hiprand(s);
    unsigned y = hiprand(s);
    float2 v = cu2hip_emu::philox::box_muller(x, y);
    s->boxmuller_extra = v.y;
    s->boxmuller_flag = 1;
    return v.x;
  }
  s->boxmuller_flag = 0;
  return s->boxmuller_extra;
}

inline float2 hiprand_normal2(hiprandStatePhilox4_32_10_t* s) {
  unsigned x = hiprand(s);
  unsigned y = hiprand(s);
  return cu2hip_emu::philox::box_muller(x, y);
}

inline float4 hiprand_normal4(hiprandStatePhilox4_32_10_t* s) {
  uint4 x = hiprand4(s);
  float2 a = cu2hip_emu::philox::box_muller(x.x, x.y);
  float2 b = cu2hip_emu::philox::box_muller(x.z, x.w);
  return make_float4(a.x, a.y, b.x, b.y);
}

inline double hiprand_uniform_double(hiprandStatePhilox4_32_10_t* s) {
  // As cuRAND's Philox: one 32-bit output, x * 2^-32 + 2^-32 (fused).
  const double inv = 2.3283064365386963e-10;
  return std::fma((double)hiprand(s), inv, inv);
}

// Log-normal: exp(mean + stddev * normal), cuRAND's definition, on the
// normals above (so they use the same outputs and the same Box-Muller cache).
inline float hiprand_log_normal(hiprandStatePhilox4_32_10_t* s, float mean, float stddev) {
  return std::exp(mean + stddev * hiprand_normal(s));
}
inline float2 hiprand_log_normal2(hiprandStatePhilox4_32_10_t* s, float mean,
                                  float stddev) {
  float2 v = hiprand_normal2(s);
  return make_float2(std::exp(mean + stddev * v.x), std::exp(mean + stddev * v.y));
}
inline float4 hiprand_log_normal4(hiprandStatePhilox4_32_10_t* s, float mean,
                                  float stddev) {
  float4 v = hiprand_normal4(s);
  return make_float4(std::exp(mean + stddev * v.x), std::exp(mean + stddev * v.y),
                     std::exp(mean + stddev * v.z), std::exp(mean + stddev * v.w));
}

// ---------------------------------------------------------------------------
// Not emulated: the XORWOW device generator (hiprandState_t, the port of
// cuRAND's curandState / curandStateXORWOW_t). The state type exists so
// that declarations compile; initialising or drawing from it stops the
// build with a message naming it (at the call, via the instantiation note).
// ---------------------------------------------------------------------------
struct hiprandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef hiprandStateXORWOW hiprandStateXORWOW_t;
typedef hiprandStateXORWOW hiprandState_t;

namespace cu2hip_emu {
template <class T>
struct xorwow_not_emulated : std::false_type {};
}  // namespace cu2hip_emu
#define CU2HIP_EMU_XORWOW_REFUSED(fn)                                          \
  static_assert(cu2hip_emu::xorwow_not_emulated<S>::value,                     \
                "cu2hip-emu: " fn " on hiprandState_t (XORWOW, cuRAND's "      \
                "curandState) is not emulated; the emulator has the Philox "   \
                "device generator, hiprandStatePhilox4_32_10_t")
template <class S = hiprandStateXORWOW>
inline void hiprand_init(unsigned long long, unsigned long long, unsigned long long,
                         hiprandStateXORWOW*) {
  CU2HIP_EMU_XORWOW_REFUSED("hiprand_init");
}
template <class S = hiprandStateXORWOW>
inline unsigned int hiprand(hiprandStateXORWOW*) {
  CU2HIP_EMU_XORWOW_REFUSED("hiprand");
  return 0;
}
template <class S = hiprandStateXORWOW>
inline float hiprand_uniform(hiprandStateXORWOW*) {
  CU2HIP_EMU_XORWOW_REFUSED("hiprand_uniform");
  return 0;
}
template <class S = hiprandStateXORWOW>
inline float hiprand_normal(hiprandStateXORWOW*) {
  CU2HIP_EMU_XORWOW_REFUSED("hiprand_normal");
  return 0;
}
template <class S = hiprandStateXORWOW>
inline double hiprand_uniform_double(hiprandStateXORWOW*) {
  CU2HIP_EMU_XORWOW_REFUSED("hiprand_uniform_double");
  return 0;
}
template <class S = hiprandStateXORWOW>
inline double hiprand_normal_double(hiprandStateXORWOW*) {
  CU2HIP_EMU_XORWOW_REFUSED("hiprand_normal_double");
  return 0;
}
#undef CU2HIP_EMU_XORWOW_REFUSED
