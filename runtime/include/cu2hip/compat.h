//===- cu2hip/compat.h - CUDA intrinsics HIP lacks ------------------------===//
//
// Included by ports whose CUDA source used an intrinsic that has no HIP
// counterpart in some ROCm version we support; the mapping tables
// (rewriters/maps/overrides/shims.yaml) rename such calls to cu2hip::
// functions defined here or in the headers included below.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_COMPAT_H
#define CU2HIP_COMPAT_H

#include <hip/hip_runtime.h>
#include <cu2hip/packed.h>
#include <cu2hip/simd.h>
#include <cu2hip/arch.h>

#include <cu2hip/bf16_config.h>
#if CU2HIP_HIP_BF16
#include <hip/hip_bf16.h>
namespace cu2hip {
/// CUDA __float2bfloat162_rn(x): both halves set to x rounded to nearest even.
/// HIP (7.2) only has the two-element form __float22bfloat162_rn.
__host__ __device__ inline __hip_bfloat162 float2bfloat162_rn(float x) {
  return __halves2bfloat162(__float2bfloat16(x), __float2bfloat16(x));
}
/// CUDA __floats2bfloat162_rn(a, b): (a, b) rounded to nearest even.
__host__ __device__ inline __hip_bfloat162 floats2bfloat162_rn(float a, float b) {
  return __halves2bfloat162(__float2bfloat16(a), __float2bfloat16(b));
}
} // namespace cu2hip
#endif

#if __has_include(<hip/hip_fp16.h>) && !defined(CU2HIP_NO_FP16)
#include <hip/hip_fp16.h>
namespace cu2hip {
#if defined(__CU2HIP_EMU__)
// The CPU emulator's hip_fp16.h has CUDA's three conversions (bit-exact).
inline __half double2half(double x) { return ::__double2half(x); }
inline signed char half2char_rz(__half h) { return ::__half2char_rz(h); }
inline unsigned char half2uchar_rz(__half h) { return ::__half2uchar_rz(h); }
#elif defined(__HIP__) || defined(__CUDACC__)
/// CUDA __double2half(x): x rounded once to the nearest __half, ties to even
/// (+-0, +-inf and NaN kept; overflow to +-inf). Clang's double -> _Float16
/// conversion rounds once (not through float, which would round twice).
/// HIP (5.2, 7.2) has only the float form.
__host__ __device__ inline __half double2half(double x) {
  return __half_raw{static_cast<_Float16>(x)};
}
/// CUDA __half2char_rz(h): h truncated toward zero to signed char; values
/// above 127 give 127, below -128 give -128, NaN gives 0 (cuda_fp16.h).
__host__ __device__ inline signed char half2char_rz(__half h) {
  float f = __half2float(h);
  if (f != f)
    return 0;
  if (f >= 127.f)
    return 127;
  if (f <= -128.f)
    return -128;
  return static_cast<signed char>(static_cast<int>(f));
}
/// CUDA __half2uchar_rz(h): h truncated toward zero to unsigned char; values
/// above 255 give 255, below 0 give 0, NaN gives 0 (cuda_fp16.h).
__host__ __device__ inline unsigned char half2uchar_rz(__half h) {
  float f = __half2float(h);
  if (f != f || f <= 0.f)
    return 0;
  if (f >= 255.f)
    return 255;
  return static_cast<unsigned char>(static_cast<int>(f));
}
#endif
} // namespace cu2hip
#endif

namespace cu2hip {
/// CUDA 13's floating-point emulation settings (library_types.h: cudaEmulationStrategy,
/// cudaEmulationMantissaControl, cudaEmulationSpecialValuesSupport), same enumerators and
/// values. ROCm has no emulated GEMMs: hipBLAS computes in the native type, which meets the
/// settings' promise of the same or better accuracy. They exist so that code naming them
/// (workspace-size helpers, option parsing) compiles; no HIP call takes them.
enum emulation_strategy {
  CUDA_EMULATION_STRATEGY_DEFAULT = 0,
  CUDA_EMULATION_STRATEGY_PERFORMANT = 1,
  CUDA_EMULATION_STRATEGY_EAGER = 2,
};
enum emulation_mantissa_control {
  CUDA_EMULATION_MANTISSA_CONTROL_DYNAMIC = 0,
  CUDA_EMULATION_MANTISSA_CONTROL_FIXED = 1,
};
enum emulation_special_values_support {
  CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_DEFAULT = 0xFFFF,
  CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_NONE = 0,
  CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_INFINITY = 1,
  CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_NAN = 2,
};
} // namespace cu2hip

#endif // CU2HIP_COMPAT_H
