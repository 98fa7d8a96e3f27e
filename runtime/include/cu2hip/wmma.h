//===- cu2hip/wmma.h - rocWMMA, or a software WMMA, for ported WMMA code ---===//
//
// Ports of nvcuda::wmma code (rule wmma) include this header in place of
// CUDA's <mma.h>. It provides rocWMMA's API (namespace rocwmma):
//   - rocWMMA itself (<rocwmma/rocwmma.hpp>: AMD's matrix instructions, MFMA
//     on gfx9, WMMA on gfx11) where its headers are complete;
//   - otherwise, or where CU2HIP_WMMA_SOFTWARE is defined, and in the CPU
//     emulator, cu2hip/wmma_soft.h: the subset of rocWMMA's API the port
//     emits, in portable code over 32-lane warps (correct on every gfx
//     target and wavefront size, slow). CU2HIP_WMMA_IS_SOFTWARE is 1 then.
// rocWMMA counts as complete when <rocwmma/internal/accessors.hpp>, the first
// header rocwmma.hpp includes, exists: Debian's librocwmma-dev 7.2.4-1~exp1
// installs rocwmma.hpp without its internal/ headers.
//
// Element types that differ between CUDA and rocWMMA:
//   CUDA __nv_bfloat16 -> HIP __hip_bfloat16, but rocWMMA's bf16 fragments
//   take rocwmma::bfloat16_t (hip_bfloat16, the older HIP type; same 16 bits).
// cu2hip::wmma_elem_t<T> is the rocWMMA element type for the HIP type T
// (T itself for every type rocWMMA takes as it is: __half, float, int,
// signed char, ...). Load and store pointers of such fragments are cast to
// the rocWMMA element type by the port (reinterpret_cast: both types hold a
// bf16 value in one 16-bit word).
// tf32 fragments (wmma::precision::tf32) become rocWMMA's xfloat32_t ones
// (gfx942 only with rocWMMA; every target in software); CUDA's
// __float_to_tf32 is cu2hip::wmma_float_to_tf32.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_WMMA_H
#define CU2HIP_WMMA_H

#include <cu2hip/bf16_config.h>
#include <hip/hip_runtime.h>
#if CU2HIP_HIP_BF16
#include <hip/hip_bf16.h>
#endif
// In a host C++ unit (rocWMMA is device code; see cu2hip/wave.h) only
// wmma_float_to_tf32(float) is here.
#if defined(__HIP__) || defined(__CUDACC__) || defined(__CU2HIP_EMU__)
#if !defined(CU2HIP_WMMA_SOFTWARE) && !defined(__CU2HIP_EMU__) &&                          \
    (!defined(__has_include) || (__has_include(<rocwmma/rocwmma.hpp>) &&                   \
                                 __has_include(<rocwmma/internal/accessors.hpp>)))
#define CU2HIP_WMMA_API 1 // rocWMMA's API is declared
#define CU2HIP_WMMA_IS_SOFTWARE 0
#include <rocwmma/rocwmma.hpp>
#else
#define CU2HIP_WMMA_API 1
#define CU2HIP_WMMA_IS_SOFTWARE 1
#include <cu2hip/wmma_soft.h>
#endif
#endif

namespace cu2hip {

#ifdef CU2HIP_WMMA_API

/// The rocWMMA fragment element type for the HIP element type T.
template <class T> struct wmma_elem { using type = T; };
template <> struct wmma_elem<__hip_bfloat16> { using type = rocwmma::bfloat16_t; };

/// Shorthand: wmma_elem_t<__hip_bfloat16> is rocwmma::bfloat16_t.
template <class T> using wmma_elem_t = typename wmma_elem<T>::type;

static_assert(sizeof(rocwmma::bfloat16_t) == sizeof(__hip_bfloat16),
              "rocWMMA's bf16 and HIP's bf16 must both be one 16-bit word");
#endif // CU2HIP_WMMA_API

/// CUDA's wmma::__float_to_tf32 (PTX cvt.rna.tf32.f32): `f` rounded to
/// tf32's 10 mantissa bits, to nearest with ties away from zero, as a float
/// whose low 13 bits are zero. Infinities stay; a NaN becomes the canonical
/// NaN 0x7fffffff (as CUDA's); a finite value that rounds past the largest
/// finite float becomes infinity.
__host__ __device__ inline float wmma_float_to_tf32(float f) {
  unsigned U = __builtin_bit_cast(unsigned, f);
  if ((U & 0x7f800000u) == 0x7f800000u)
    return (U & 0x007fffffu) ? __builtin_bit_cast(float, 0x7fffffffu) : f;
  U = (U + 0x1000u) & 0xffffe000u;
  return __builtin_bit_cast(float, U);
}

#ifdef CU2HIP_WMMA_API
/// The same for an element of a rocWMMA xfloat32 fragment (ported tf32
/// fragments): the value rounded as above, held as xfloat32_t (rocWMMA's
/// conversion from float drops the low 13 bits, which are zero here).
__device__ inline rocwmma::xfloat32_t wmma_float_to_tf32(rocwmma::xfloat32_t V) {
  return rocwmma::xfloat32_t(wmma_float_to_tf32(static_cast<float>(V)));
}
#endif // CU2HIP_WMMA_API

} // namespace cu2hip

#endif // CU2HIP_WMMA_H
