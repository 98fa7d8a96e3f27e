//===- cu2hip/wmma.h - CUDA WMMA element types as rocWMMA's ---------------===//
//
// Ports of nvcuda::wmma code (rule wmma) include this header where a
// fragment's element type differs between CUDA and rocWMMA:
//   CUDA __nv_bfloat16 -> HIP __hip_bfloat16, but rocWMMA's bf16 fragments
//   take rocwmma::bfloat16_t (hip_bfloat16, the older HIP type; same 16 bits).
// cu2hip::wmma_elem_t<T> is the rocWMMA element type for the HIP type T
// (T itself for every type rocWMMA takes as it is: __half, float, int,
// signed char, ...). Load and store pointers of such fragments are cast to
// the rocWMMA element type by the port (reinterpret_cast: both types hold a
// bf16 value in one 16-bit word).
// tf32 fragments (wmma::precision::tf32) become rocWMMA's xfloat32_t ones
// (gfx942 only); CUDA's __float_to_tf32 is cu2hip::wmma_float_to_tf32.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_WMMA_H
#define CU2HIP_WMMA_H

#include <cu2hip/bf16_config.h>
#include <hip/hip_runtime.h>
#if CU2HIP_HIP_BF16
#include <hip/hip_bf16.h>
#endif
// Without rocWMMA (the CPU emulator), and in a host C++ unit (rocWMMA is device
// code; see cu2hip/wave.h), only wmma_float_to_tf32(float) is here.
#if (defined(__HIP__) || defined(__CUDACC__)) &&                                           \
    (!defined(__has_include) || __has_include(<rocwmma/rocwmma.hpp>))
#define CU2HIP_WMMA_ROCWMMA 1
#include <rocwmma/rocwmma.hpp>
#endif

namespace cu2hip {

#ifdef CU2HIP_WMMA_ROCWMMA

/// The rocWMMA fragment element type for the HIP element type T.
template <class T> struct wmma_elem { using type = T; };
template <> struct wmma_elem<__hip_bfloat16> { using type = rocwmma::bfloat16_t; };

/// Shorthand: wmma_elem_t<__hip_bfloat16> is rocwmma::bfloat16_t.
template <class T> using wmma_elem_t = typename wmma_elem<T>::type;

static_assert(sizeof(rocwmma::bfloat16_t) == sizeof(__hip_bfloat16),
              "rocWMMA's bf16 and HIP's bf16 must both be one 16-bit word");
#endif // CU2HIP_WMMA_ROCWMMA

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

#ifdef CU2HIP_WMMA_ROCWMMA
/// The same for an element of a rocWMMA xfloat32 fragment (ported tf32
/// fragments, gfx942): the value rounded as above, held as xfloat32_t (its
/// conversion from float drops the low 13 bits, which are zero here).
__device__ inline rocwmma::xfloat32_t wmma_float_to_tf32(rocwmma::xfloat32_t V) {
  return rocwmma::xfloat32_t(wmma_float_to_tf32(static_cast<float>(V)));
}
#endif // CU2HIP_WMMA_ROCWMMA

} // namespace cu2hip

#endif // CU2HIP_WMMA_H
