//===- cu2hip/implicit.h - what nvcc's implicit runtime include provides --===//
//
// nvcc includes cuda_runtime.h into every .cu file, and through it <float.h>,
// <math.h> and CUDA's math overloads. HIP's runtime header does not, so real
// trees stop on ROCm with (llm.c, cuda-samples):
//   - `FLT_MAX`, `FLT_EPSILON`, `DBL_MAX`: undeclared identifier;
//   - host `isfinite(x)`, `isnan`, `isinf`, `signbit`, `fpclassify`: "no
//     matching function" (clang's HIP headers declare only the device forms
//     in the global namespace; <math.h> brings the host ones there);
//   - device `min(int, unsigned)` / `max(...)` with mixed signedness: CUDA
//     has these overloads (math_functions.hpp: unsigned result, the int
//     converted), HIP has only same-type ones, so `x[min(C - 1, i + u)]`
//     picks a floating-point overload ("array subscript is not an integer").
//   - device `umin`, `umax`, `llmin`, `llmax`, `ullmin`, `ullmax`: CUDA's
//     integer min/max of one type (crt/math_functions.h), absent from HIP's
//     headers ("use of undeclared identifier 'umin'", cuda-samples mergeSort).
//   - `#if CUDART_VERSION >= 2020`: cuda_runtime_api.h defines the runtime
//     version, HIP does not, so version tests took the "old CUDA" branch
//     (cuda-samples simpleZeroCopy, threadFenceReduction). Ports test
//     CU2HIP_CUDART_VERSION instead: CUDA 13.0, the version cu2hip ports
//     from, unless the build defines another; likewise CUDA_VERSION and
//     __CUDACC_VER_MAJOR__/MINOR/BUILD (CU2HIP_CUDA_VERSION, ...).
// The rule `includes-implicit` adds this header to ports that use those
// names. Verified with hipcc 7.2.4 (gfx942, gfx1100) and HIP 5.2 (gfx90a).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_IMPLICIT_H
#define CU2HIP_IMPLICIT_H

#include <hip/hip_runtime.h>
#include <float.h>
#include <limits.h>
#include <math.h>

#ifndef CU2HIP_CUDART_VERSION
#define CU2HIP_CUDART_VERSION 13000
#endif
// The other CUDA version macros, for the same tests (`#if CUDA_VERSION >=
// 11000`; a vendored header's `#if defined(__CUDACC__) && __CUDACC_VER_MAJOR__
// < 9` compiler check, whose __CUDACC__ the port turns into __HIPCC__).
#ifndef CU2HIP_CUDA_VERSION
#define CU2HIP_CUDA_VERSION CU2HIP_CUDART_VERSION
#endif
#ifndef CU2HIP_CUDACC_VER_MAJOR
#define CU2HIP_CUDACC_VER_MAJOR (CU2HIP_CUDART_VERSION / 1000)
#endif
#ifndef CU2HIP_CUDACC_VER_MINOR
#define CU2HIP_CUDACC_VER_MINOR (CU2HIP_CUDART_VERSION % 1000 / 10)
#endif
#ifndef CU2HIP_CUDACC_VER_BUILD
#define CU2HIP_CUDACC_VER_BUILD 0
#endif
// cuBLAS's CUBLAS_VERSION (major * 10000 + minor * 100 + patch) of the CUDA
// 13.0 headers: 13.1.0.
#ifndef CU2HIP_CUBLAS_VERSION
#define CU2HIP_CUBLAS_VERSION 130100
#endif

#if (defined(__HIP_PLATFORM_AMD__) || defined(__HIP_PLATFORM_HCC__)) && defined(__HIP__) &&    \
    !defined(__CU2HIP_EMU__)
// CUDA's mixed-signedness integer min/max (device side; HIP's host headers
// already have them): both operands as the unsigned type, unsigned result.
// Only where the file compiles as HIP (__HIP__): a C++ source that includes
// the HIP runtime (CMake's CXX language, with hip::host) has no device
// min/max for these to call, and its host code needs none (nvcc's host
// compiler never saw CUDA's device overloads either).
#define CU2HIP_MIXED_MINMAX(S, U)                                                   \
  __device__ inline U min(S a, U b) { return min(static_cast<U>(a), b); }           \
  __device__ inline U min(U a, S b) { return min(a, static_cast<U>(b)); }           \
  __device__ inline U max(S a, U b) { return max(static_cast<U>(a), b); }           \
  __device__ inline U max(U a, S b) { return max(a, static_cast<U>(b)); }
CU2HIP_MIXED_MINMAX(int, unsigned int)
CU2HIP_MIXED_MINMAX(long, unsigned long)
CU2HIP_MIXED_MINMAX(long long, unsigned long long)
#undef CU2HIP_MIXED_MINMAX

#endif

#if defined(__HIP__) || defined(__CU2HIP_EMU__)
// CUDA's named integer min/max, host and device as in CUDA
// (crt/math_functions.hpp): the operands converted to the parameter type,
// as a call of CUDA's declaration converts them. The name is parenthesized
// so that a user's function-like macro of that name (defined before the
// include, as nvcc's implicit cuda_runtime.h allows) leaves it alone.
#define CU2HIP_NAMED_MINMAX(T, MIN, MAX)                                           \
  __host__ __device__ inline T(MIN)(T a, T b) { return a < b ? a : b; }            \
  __host__ __device__ inline T(MAX)(T a, T b) { return a > b ? a : b; }
CU2HIP_NAMED_MINMAX(unsigned int, umin, umax)
CU2HIP_NAMED_MINMAX(long long, llmin, llmax)
CU2HIP_NAMED_MINMAX(unsigned long long, ullmin, ullmax)
#undef CU2HIP_NAMED_MINMAX
#endif

#endif // CU2HIP_IMPLICIT_H
