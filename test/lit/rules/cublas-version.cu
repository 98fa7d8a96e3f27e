// RUN: %cu2hip %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: rocm72
//
// `#if defined(CUBLAS_VERSION) && CUBLAS_VERSION >= ...` guards
// cublasGetStatusName (cuBLAS 11.4.2+); hipBLAS defines no CUBLAS_VERSION, so
// the port took the #else (here an #error). CUBLAS_VERSION becomes
// CU2HIP_CUBLAS_VERSION (cu2hip/implicit.h: CUDA 13.0's cuBLAS, 13.1.0) and
// cublasGetStatusName becomes hipblasStatusToString, which returns the
// status's name as cublasGetStatusName does.
// SUM-NOT: names-unsupported
// CHECK: #include <cu2hip/implicit.h>
#include <cstdio>
#include <cublas_v2.h>

// CHECK: #if defined(CU2HIP_CUBLAS_VERSION) && (CU2HIP_CUBLAS_VERSION >= (11*10000+4*100+2))
#if defined(CUBLAS_VERSION) && (CUBLAS_VERSION >= (11*10000+4*100+2))
// CHECK-NEXT: const char *statusName(hipblasStatus_t s) { return hipblasStatusToString(s); }
const char *statusName(cublasStatus_t s) { return cublasGetStatusName(s); }
#else
#error "cuBLAS error names missing"
#endif

static_assert(CUBLAS_VERSION / 10000 == 13, "the cuBLAS of CUDA 13");
void check(cublasStatus_t s) {
  if (s != CUBLAS_STATUS_SUCCESS) std::fprintf(stderr, "cuBLAS error %s\n", statusName(s));
}
