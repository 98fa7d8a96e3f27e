//===- ParseCompat.cpp - what nvcc's headers declare and Clang 16's lack --===//
//
// The text of the parse-only compatibility header (see ParseCompat.h). Each
// group names the CUDA header that makes its names visible under nvcc; the
// signatures were checked against CUDA 13.0's headers. The header is
// declarations and standard includes only: nothing in it is ever written to
// a ported file, and no definition in it is ever compiled.
//
//===----------------------------------------------------------------------===//
#include "cu2hip/ParseCompat.h"

namespace cu2hip {

llvm::StringRef parseCompatHeaderName() { return "cu2hip_parse_compat.h"; }

llvm::StringRef parseCompatHeader() {
  return R"compat(// cu2hip: declarations for Clang's semantic parse only (never in the output).
// What nvcc's CUDA headers make visible and Clang 16's CUDA wrapper does not:
// the wrapper pre-defines the guards of crt/math_functions.h,
// crt/common_functions.h, crt/device_functions.h and sm_32_intrinsics.h,
// so neither those headers nor the ones they include are read.
#pragma clang system_header
#ifndef CU2HIP_PARSE_COMPAT_H
#define CU2HIP_PARSE_COMPAT_H
#if defined(__clang__) && defined(__CUDA__) && defined(__cplusplus)

// crt/math_functions.h includes <math.h> (and <cmath>): with libstdc++ its
// <math.h> brings std::isfinite, isnan, isinf, signbit, fpclassify & co.
// into the global namespace, where host code finds them unqualified.
#include <math.h>

// crt/common_functions.h includes <time.h>: clock(), clock_t and
// CLOCKS_PER_SEC in host code.
#include <time.h>

// crt/math_functions.h declares max and min __host__ __device__ (the int
// forms extern, lines 349/424; the others static inline, lines 5754-6006).
// Clang 16 reads only math_functions.hpp, with __host__ defined away, so its
// overloads are device-only; these are the host side of the same set.
#pragma push_macro("__CU2HIP_MINMAX")
#define __CU2HIP_MINMAX(R, A, B) __host__ R max(A, B); __host__ R min(A, B);
__CU2HIP_MINMAX(int, int, int)
__CU2HIP_MINMAX(unsigned int, unsigned int, unsigned int)
__CU2HIP_MINMAX(unsigned int, int, unsigned int)
__CU2HIP_MINMAX(unsigned int, unsigned int, int)
__CU2HIP_MINMAX(long int, long int, long int)
__CU2HIP_MINMAX(unsigned long int, unsigned long int, unsigned long int)
__CU2HIP_MINMAX(unsigned long int, long int, unsigned long int)
__CU2HIP_MINMAX(unsigned long int, unsigned long int, long int)
__CU2HIP_MINMAX(long long int, long long int, long long int)
__CU2HIP_MINMAX(unsigned long long int, unsigned long long int, unsigned long long int)
__CU2HIP_MINMAX(unsigned long long int, long long int, unsigned long long int)
__CU2HIP_MINMAX(unsigned long long int, unsigned long long int, long long int)
__CU2HIP_MINMAX(float, float, float)
__CU2HIP_MINMAX(double, double, double)
__CU2HIP_MINMAX(double, float, double)
__CU2HIP_MINMAX(double, double, float)
#pragma pop_macro("__CU2HIP_MINMAX")

// sm_32_intrinsics.h: the cache-hint loads __ldcg, __ldca, __ldcs, __ldlu,
// __ldcv and stores __stwb, __stcg, __stcs, __stwt, each for the same 30
// builtin and vector types as __ldg (which Clang's __clang_cuda_intrinsics.h
// does define, in place of that header). Device functions, as in the SDK;
// the __half and __nv_bfloat16 forms come from cuda_fp16.h/cuda_bf16.h.
// A declaration after a Clang or SDK definition of the same signature is a
// redeclaration, so a wrapper that defines some of them gets no duplicate.
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 320
#pragma push_macro("__CU2HIP_CACHE_HINTS")
#define __CU2HIP_CACHE_HINTS(T)                                                \
  __device__ T __ldcg(const T *); __device__ T __ldca(const T *);              \
  __device__ T __ldcs(const T *); __device__ T __ldlu(const T *);              \
  __device__ T __ldcv(const T *); __device__ void __stwb(T *, T);              \
  __device__ void __stcg(T *, T); __device__ void __stcs(T *, T);              \
  __device__ void __stwt(T *, T);
__CU2HIP_CACHE_HINTS(long) __CU2HIP_CACHE_HINTS(unsigned long)
__CU2HIP_CACHE_HINTS(char) __CU2HIP_CACHE_HINTS(signed char)
__CU2HIP_CACHE_HINTS(short) __CU2HIP_CACHE_HINTS(int)
__CU2HIP_CACHE_HINTS(long long)
__CU2HIP_CACHE_HINTS(char2) __CU2HIP_CACHE_HINTS(char4)
__CU2HIP_CACHE_HINTS(short2) __CU2HIP_CACHE_HINTS(short4)
__CU2HIP_CACHE_HINTS(int2) __CU2HIP_CACHE_HINTS(int4)
__CU2HIP_CACHE_HINTS(longlong2)
__CU2HIP_CACHE_HINTS(unsigned char) __CU2HIP_CACHE_HINTS(unsigned short)
__CU2HIP_CACHE_HINTS(unsigned int) __CU2HIP_CACHE_HINTS(unsigned long long)
__CU2HIP_CACHE_HINTS(uchar2) __CU2HIP_CACHE_HINTS(uchar4)
__CU2HIP_CACHE_HINTS(ushort2) __CU2HIP_CACHE_HINTS(ushort4)
__CU2HIP_CACHE_HINTS(uint2) __CU2HIP_CACHE_HINTS(uint4)
__CU2HIP_CACHE_HINTS(ulonglong2)
__CU2HIP_CACHE_HINTS(float) __CU2HIP_CACHE_HINTS(double)
__CU2HIP_CACHE_HINTS(float2) __CU2HIP_CACHE_HINTS(float4)
__CU2HIP_CACHE_HINTS(double2)
#pragma pop_macro("__CU2HIP_CACHE_HINTS")
#endif

// crt/sm_80_rt.h (CUDA 11.0 and later; read through crt/device_functions.h):
// the warp reductions that cooperative_groups/details/reduce.h calls on
// sm_80 and later. Skipped where that header itself was read.
#if CUDA_VERSION >= 11000 && !defined(__SM_80_RT_H__) &&                       \
    (!defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800)
__device__ unsigned __reduce_add_sync(unsigned mask, unsigned value);
__device__ unsigned __reduce_min_sync(unsigned mask, unsigned value);
__device__ unsigned __reduce_max_sync(unsigned mask, unsigned value);
__device__ int __reduce_add_sync(unsigned mask, int value);
__device__ int __reduce_min_sync(unsigned mask, int value);
__device__ int __reduce_max_sync(unsigned mask, int value);
__device__ unsigned __reduce_and_sync(unsigned mask, unsigned value);
__device__ unsigned __reduce_or_sync(unsigned mask, unsigned value);
__device__ unsigned __reduce_xor_sync(unsigned mask, unsigned value);
#endif

// surface_indirect_functions.h: Clang 16's wrapper includes
// texture_indirect_functions.h but not this header, so without these a
// surface read or write is an undeclared name to the parse and no rule sees
// it. CUDA 13's overloads: for each shape, a value read `T f<T>(obj, coords,
// mode)`, a pointer-output read `f(T *, obj, coords, mode)` and a write
// `f(T, obj, coords, mode)`, the boundary mode defaulting to Trap (there
// the pointer forms return `__nv_isurf_trait<T>::type`, void for the
// surface types).
#pragma push_macro("__CU2HIP_SURF")
#define __CU2HIP_SURF(Read, Write, ...)                                        \
  template <class T> __device__ T Read(cudaSurfaceObject_t, __VA_ARGS__,       \
      cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);                         \
  template <class T> __device__ void Read(T *, cudaSurfaceObject_t,            \
      __VA_ARGS__, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);            \
  template <class T> __device__ void Write(T, cudaSurfaceObject_t,             \
      __VA_ARGS__, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
__CU2HIP_SURF(surf1Dread, surf1Dwrite, int x)
__CU2HIP_SURF(surf2Dread, surf2Dwrite, int x, int y)
__CU2HIP_SURF(surf3Dread, surf3Dwrite, int x, int y, int z)
__CU2HIP_SURF(surf1DLayeredread, surf1DLayeredwrite, int x, int layer)
__CU2HIP_SURF(surf2DLayeredread, surf2DLayeredwrite, int x, int y, int layer)
__CU2HIP_SURF(surfCubemapread, surfCubemapwrite, int x, int y, int face)
__CU2HIP_SURF(surfCubemapLayeredread, surfCubemapLayeredwrite, int x, int y, int layerFace)
#pragma pop_macro("__CU2HIP_SURF")

#endif
#endif
)compat";
}

} // namespace cu2hip
