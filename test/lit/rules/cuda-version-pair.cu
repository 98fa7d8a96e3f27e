// RUN: %cu2hip %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: rocm72
//
// Vendored headers detect the compiler with __CUDACC__ together with
// CUDA_VERSION or __CUDACC_VER_MAJOR__/MINOR__. The port turns __CUDACC__
// into __HIPCC__; the version macros become CU2HIP_CUDA_VERSION,
// CU2HIP_CUDACC_VER_MAJOR/MINOR (cu2hip/implicit.h: CUDA 13.0, the version
// ported from), so the pair stays consistent: the check does not turn into
// an #error on HIP, and the branches the CUDA build took are kept.
// SUM-NOT: names-unsupported
// SUM-NOT: parse-error
// CHECK: #include <cu2hip/implicit.h>
#include <cuda.h>
#ifndef VENDORED_DETECT_CUH
#define VENDORED_DETECT_CUH
// CHECK: #if defined(__HIPCC__) && (CU2HIP_CUDA_VERSION < 9000)
#if defined(__CUDACC__) && (CUDA_VERSION < 9000)
#error "vendored: CUDA 9 or newer required"
#endif
// (clang, which parses for cu2hip, does not define __CUDACC_VER_MAJOR__:
// hence the defined() test here.)
// CHECK: #if defined(__HIPCC__) && defined(CU2HIP_CUDACC_VER_MAJOR) && (CU2HIP_CUDACC_VER_MAJOR < 9 || (CU2HIP_CUDACC_VER_MAJOR == 9 && CU2HIP_CUDACC_VER_MINOR < 2))
#if defined(__CUDACC__) && defined(__CUDACC_VER_MAJOR__) && (__CUDACC_VER_MAJOR__ < 9 || (__CUDACC_VER_MAJOR__ == 9 && __CUDACC_VER_MINOR__ < 2))
#error "vendored: nvcc 9.2 or newer required"
#endif
// CHECK: #if defined(__HIPCC__) && CU2HIP_CUDA_VERSION >= 11000
#if defined(__CUDACC__) && CUDA_VERSION >= 11000
#define VENDORED_HAS_CUDA11 1
#else
#define VENDORED_HAS_CUDA11 0
#endif
#endif

static_assert(VENDORED_HAS_CUDA11 == 1, "the CUDA 11+ branch, as in the CUDA build");
__global__ void k(int *x) { x[threadIdx.x] = VENDORED_HAS_CUDA11; }
