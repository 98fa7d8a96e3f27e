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

#if __has_include(<hip/hip_bf16.h>) && !defined(CU2HIP_NO_BF16)
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

#endif // CU2HIP_COMPAT_H
