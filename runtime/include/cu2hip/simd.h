//===- cu2hip/simd.h - CUDA's SIMD-within-a-word intrinsics --------------===//
//
// CUDA's per-halfword (__v*2) and per-byte (__v*4) intrinsics of
// crt/device_functions.h and the integer dot products __dp4a, __dp2a_lo and
// __dp2a_hi of sm_61_intrinsics.h (CUDA 13.0). HIP (ROCm <= 7.2) has none of
// them; the mapping tables (rewriters/maps/overrides/shims.yaml) rename each
// call `__vadd4(a, b)` to `cu2hip::vadd4(a, b)` and cu2hip/compat.h includes
// this header.
//
// Every function takes and returns 32-bit words holding two 16-bit or four
// 8-bit parts, part 0 in the least significant bits. Semantics per part
// (CUDA's documentation of each function; "s" = the part read as signed,
// "u" = unsigned, results taken modulo the part width unless saturated):
//   vabs |s| (|-2^(n-1)| wraps to itself)   vabsss |s| saturated
//   vadd u+u   vaddss s+s saturated   vaddus u+u saturated to 2^n-1
//   vsub u-u   vsubss s-s saturated   vsubus u-u saturated to 0
//   vneg -s    vnegss -s saturated
//   vavgs (s+s + (s+s >= 0)) >> 1 (signed average, halves rounded away
//         from zero)   vavgu (u+u+1) >> 1   vhaddu (u+u) >> 1
//   vabsdiffs |s-s|   vabsdiffu |u-u|   vmaxs vmaxu vmins vminu
//   vcmpXX all ones in the part when the comparison holds, else 0
//   vsetXX 1 in the part when the comparison holds, else 0
//          (XX: eq ne ges geu gts gtu les leu lts ltu)
//   vsads / vsadu: the sum over the parts of |s-s| / |u-u| (one integer)
//   dp4a(a, b, c): c + sum of the four byte products (signed x signed with
//         the int overload, unsigned with the unsigned one), modulo 2^32
//   dp2a_lo/hi(a, b, c): c + a.lo16 * b.byte0 + a.hi16 * b.byte1 (_lo) or
//         b.byte2 / b.byte3 (_hi), signed or unsigned as dp4a, modulo 2^32
//
// On AMD targets with 4-way byte dot instructions dp4a uses them
// (__builtin_amdgcn_sdot4/udot4 on gfx90a and gfx94x/gfx950,
// __builtin_amdgcn_sudot4/udot4 on gfx11 and gfx12; without clamping, so
// modulo 2^32 as CUDA); elsewhere, and for every other function, exact scalar
// code that the compiler packs where the target has packed 16-bit math.
// Bit-exact against the definitions above on the CPU emulator
// (test/emu/simd_test.hip.cpp, wave 32 and 64).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_SIMD_H
#define CU2HIP_SIMD_H

#include <hip/hip_runtime.h>

#if defined(__HIP_DEVICE_COMPILE__) &&                                          \
    (defined(__gfx90a__) || defined(__gfx940__) || defined(__gfx941__) ||      \
     defined(__gfx942__) || defined(__gfx950__))
#define CU2HIP_SIMD_SDOT4 1 // v_dot4_i32_i8, v_dot4_u32_u8
#elif defined(__HIP_DEVICE_COMPILE__) &&                                        \
    (defined(__gfx1100__) || defined(__gfx1101__) || defined(__gfx1102__) ||   \
     defined(__gfx1103__) || defined(__gfx1150__) || defined(__gfx1151__) ||   \
     defined(__gfx1200__) || defined(__gfx1201__))
#define CU2HIP_SIMD_SUDOT4 1 // v_dot4_i32_iu8, v_dot4_u32_u8
#endif

namespace cu2hip {
namespace simd_detail {

/// Part `I` of `X` (parts of `B` bits), zero-extended.
template <int B> __host__ __device__ inline unsigned upart(unsigned X, int I) {
  return (X >> (I * B)) & ((1u << B) - 1u);
}
/// Part `I` of `X` (parts of `B` bits), sign-extended.
template <int B> __host__ __device__ inline int spart(unsigned X, int I) {
  const unsigned Sign = 1u << (B - 1);
  return (int)(upart<B>(X, I) ^ Sign) - (int)Sign;
}
/// `V` clamped to the signed range of `B` bits.
template <int B> __host__ __device__ inline int sat_s(int V) {
  const int Hi = (1 << (B - 1)) - 1, Lo = -(1 << (B - 1));
  return V > Hi ? Hi : (V < Lo ? Lo : V);
}
/// `V` clamped to the unsigned range of `B` bits.
template <int B> __host__ __device__ inline int sat_u(int V) {
  const int Hi = (1 << B) - 1;
  return V > Hi ? Hi : (V < 0 ? 0 : V);
}
/// Applies `F(a_part, b_part)` (an int) to every part, signed parts when
/// `Signed`; the low `B` bits of each result form the word returned.
template <int B, bool Signed, class F>
__host__ __device__ inline unsigned each(unsigned A, unsigned Bw, F Fn) {
  unsigned R = 0;
  for (int I = 0; I < 32 / B; ++I) {
    int X = Signed ? spart<B>(A, I) : (int)upart<B>(A, I);
    int Y = Signed ? spart<B>(Bw, I) : (int)upart<B>(Bw, I);
    R |= ((unsigned)Fn(X, Y) & ((1u << B) - 1u)) << (I * B);
  }
  return R;
}
/// Sum over the parts of |a - b| (signed or unsigned parts).
template <int B, bool Signed> __host__ __device__ inline unsigned sad(unsigned A, unsigned Bw) {
  unsigned S = 0;
  for (int I = 0; I < 32 / B; ++I) {
    int X = Signed ? spart<B>(A, I) : (int)upart<B>(A, I);
    int Y = Signed ? spart<B>(Bw, I) : (int)upart<B>(Bw, I);
    S += (unsigned)(X > Y ? X - Y : Y - X);
  }
  return S;
}
__host__ __device__ inline int iabs(int V) { return V < 0 ? -V : V; }
__host__ __device__ inline int avgs(int X, int Y) {
  int S = X + Y;
  return (S + (S >= 0 ? 1 : 0)) >> 1; // arithmetic shift: floor
}

} // namespace simd_detail

// One function per CUDA name and part width. CU2HIP_SIMD_{1,2}: unary and
// binary per-part operations (Signed: parts read as signed).
#define CU2HIP_SIMD_1(NAME, SIGNED, EXPR)                                      \
  __host__ __device__ inline unsigned NAME##2(unsigned a) {                    \
    return simd_detail::each<16, SIGNED>(a, 0u, [](int x, int) {               \
      constexpr int B = 16; (void)B; return EXPR; });                          \
  }                                                                            \
  __host__ __device__ inline unsigned NAME##4(unsigned a) {                    \
    return simd_detail::each<8, SIGNED>(a, 0u, [](int x, int) {                \
      constexpr int B = 8; (void)B; return EXPR; });                           \
  }
#define CU2HIP_SIMD_2(NAME, SIGNED, EXPR)                                      \
  __host__ __device__ inline unsigned NAME##2(unsigned a, unsigned b) {        \
    return simd_detail::each<16, SIGNED>(a, b, [](int x, int y) {              \
      constexpr int B = 16; (void)B; return EXPR; });                          \
  }                                                                            \
  __host__ __device__ inline unsigned NAME##4(unsigned a, unsigned b) {        \
    return simd_detail::each<8, SIGNED>(a, b, [](int x, int y) {               \
      constexpr int B = 8; (void)B; return EXPR; });                           \
  }
#define CU2HIP_SIMD_CMP(XX, SIGNED, OP)                                        \
  CU2HIP_SIMD_2(vcmp##XX, SIGNED, (x OP y) ? -1 : 0)                           \
  CU2HIP_SIMD_2(vset##XX, SIGNED, (x OP y) ? 1 : 0)

CU2HIP_SIMD_1(vabs, true, simd_detail::iabs(x))
CU2HIP_SIMD_1(vabsss, true, simd_detail::sat_s<B>(simd_detail::iabs(x)))
CU2HIP_SIMD_1(vneg, true, -x)
CU2HIP_SIMD_1(vnegss, true, simd_detail::sat_s<B>(-x))
CU2HIP_SIMD_2(vadd, false, x + y)
CU2HIP_SIMD_2(vaddss, true, simd_detail::sat_s<B>(x + y))
CU2HIP_SIMD_2(vaddus, false, simd_detail::sat_u<B>(x + y))
CU2HIP_SIMD_2(vsub, false, x - y)
CU2HIP_SIMD_2(vsubss, true, simd_detail::sat_s<B>(x - y))
CU2HIP_SIMD_2(vsubus, false, simd_detail::sat_u<B>(x - y))
CU2HIP_SIMD_2(vavgs, true, simd_detail::avgs(x, y))
CU2HIP_SIMD_2(vavgu, false, (x + y + 1) >> 1)
CU2HIP_SIMD_2(vhaddu, false, (x + y) >> 1)
CU2HIP_SIMD_2(vabsdiffs, true, simd_detail::iabs(x - y))
CU2HIP_SIMD_2(vabsdiffu, false, simd_detail::iabs(x - y))
CU2HIP_SIMD_2(vmaxs, true, x > y ? x : y)
CU2HIP_SIMD_2(vmaxu, false, x > y ? x : y)
CU2HIP_SIMD_2(vmins, true, x < y ? x : y)
CU2HIP_SIMD_2(vminu, false, x < y ? x : y)
CU2HIP_SIMD_CMP(eq, false, ==)
CU2HIP_SIMD_CMP(ne, false, !=)
CU2HIP_SIMD_CMP(ges, true, >=)
CU2HIP_SIMD_CMP(geu, false, >=)
CU2HIP_SIMD_CMP(gts, true, >)
CU2HIP_SIMD_CMP(gtu, false, >)
CU2HIP_SIMD_CMP(les, true, <=)
CU2HIP_SIMD_CMP(leu, false, <=)
CU2HIP_SIMD_CMP(lts, true, <)
CU2HIP_SIMD_CMP(ltu, false, <)

#undef CU2HIP_SIMD_1
#undef CU2HIP_SIMD_2
#undef CU2HIP_SIMD_CMP

__host__ __device__ inline unsigned vsads2(unsigned a, unsigned b) {
  return simd_detail::sad<16, true>(a, b);
}
__host__ __device__ inline unsigned vsads4(unsigned a, unsigned b) {
  return simd_detail::sad<8, true>(a, b);
}
__host__ __device__ inline unsigned vsadu2(unsigned a, unsigned b) {
  return simd_detail::sad<16, false>(a, b);
}
__host__ __device__ inline unsigned vsadu4(unsigned a, unsigned b) {
  return simd_detail::sad<8, false>(a, b);
}

// ---- integer dot products (sm_61_intrinsics.h) ------------------------------

/// CUDA __dp4a(int, int, int): c + sum of the four signed byte products,
/// modulo 2^32.
__host__ __device__ inline int dp4a(int a, int b, int c) {
#if defined(CU2HIP_SIMD_SDOT4)
  return __builtin_amdgcn_sdot4(a, b, c, false);
#elif defined(CU2HIP_SIMD_SUDOT4)
  return __builtin_amdgcn_sudot4(true, a, true, b, c, false);
#else
  unsigned S = (unsigned)c;
  for (int I = 0; I < 4; ++I)
    S += (unsigned)(simd_detail::spart<8>((unsigned)a, I) * simd_detail::spart<8>((unsigned)b, I));
  return (int)S;
#endif
}
/// CUDA __dp4a(unsigned, unsigned, unsigned): unsigned bytes, modulo 2^32.
__host__ __device__ inline unsigned dp4a(unsigned a, unsigned b, unsigned c) {
#if defined(CU2HIP_SIMD_SDOT4) || defined(CU2HIP_SIMD_SUDOT4)
  return __builtin_amdgcn_udot4(a, b, c, false);
#else
  unsigned S = c;
  for (int I = 0; I < 4; ++I)
    S += simd_detail::upart<8>(a, I) * simd_detail::upart<8>(b, I);
  return S;
#endif
}

namespace simd_detail {
template <class V> __host__ __device__ inline unsigned pack4(V v) {
  return (unsigned)(unsigned char)v.x | (unsigned)(unsigned char)v.y << 8 |
         (unsigned)(unsigned char)v.z << 16 | (unsigned)(unsigned char)v.w << 24;
}
template <class V> __host__ __device__ inline unsigned pack2(V v) {
  return (unsigned)(unsigned short)v.x | (unsigned)(unsigned short)v.y << 16;
}
/// c + a.lo16 * b.byte(2H) + a.hi16 * b.byte(2H+1), modulo 2^32.
template <bool Signed>
__host__ __device__ inline unsigned dp2a(unsigned A, unsigned Bw, unsigned C, int H) {
  unsigned S = C;
  for (int I = 0; I < 2; ++I) {
    int X = Signed ? spart<16>(A, I) : (int)upart<16>(A, I);
    int Y = Signed ? spart<8>(Bw, 2 * H + I) : (int)upart<8>(Bw, 2 * H + I);
    S += (unsigned)X * (unsigned)Y;
  }
  return S;
}
} // namespace simd_detail

/// CUDA __dp4a(char4, char4, int) and (uchar4, uchar4, unsigned).
__host__ __device__ inline int dp4a(char4 a, char4 b, int c) {
  return dp4a((int)simd_detail::pack4(a), (int)simd_detail::pack4(b), c);
}
__host__ __device__ inline unsigned dp4a(uchar4 a, uchar4 b, unsigned c) {
  return dp4a(simd_detail::pack4(a), simd_detail::pack4(b), c);
}
/// CUDA __dp2a_lo / __dp2a_hi, every overload (int, unsigned, short2/char4,
/// ushort2/uchar4).
__host__ __device__ inline int dp2a_lo(int a, int b, int c) {
  return (int)simd_detail::dp2a<true>((unsigned)a, (unsigned)b, (unsigned)c, 0);
}
__host__ __device__ inline unsigned dp2a_lo(unsigned a, unsigned b, unsigned c) {
  return simd_detail::dp2a<false>(a, b, c, 0);
}
__host__ __device__ inline int dp2a_hi(int a, int b, int c) {
  return (int)simd_detail::dp2a<true>((unsigned)a, (unsigned)b, (unsigned)c, 1);
}
__host__ __device__ inline unsigned dp2a_hi(unsigned a, unsigned b, unsigned c) {
  return simd_detail::dp2a<false>(a, b, c, 1);
}
__host__ __device__ inline int dp2a_lo(short2 a, char4 b, int c) {
  return dp2a_lo((int)simd_detail::pack2(a), (int)simd_detail::pack4(b), c);
}
__host__ __device__ inline unsigned dp2a_lo(ushort2 a, uchar4 b, unsigned c) {
  return dp2a_lo(simd_detail::pack2(a), simd_detail::pack4(b), c);
}
__host__ __device__ inline int dp2a_hi(short2 a, char4 b, int c) {
  return dp2a_hi((int)simd_detail::pack2(a), (int)simd_detail::pack4(b), c);
}
__host__ __device__ inline unsigned dp2a_hi(ushort2 a, uchar4 b, unsigned c) {
  return dp2a_hi(simd_detail::pack2(a), simd_detail::pack4(b), c);
}

} // namespace cu2hip

#endif // CU2HIP_SIMD_H
