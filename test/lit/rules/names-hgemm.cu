// RUN: %cu2hip %s -o %t.hip --no-summary 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: rocm72
//
// cuBLAS's half-precision GEMMs take __half; hipBLAS's take hipblasHalf,
// uint16_t unless HIPBLAS_USE_HIP_HALF is defined before <hipblas/hipblas.h>
// (ParRes/Kernels' xgemm-cublas: "no matching function for call to
// 'hipblasHgemm'"). The map entry's `requires:` adds cu2hip/hipblas_half.h,
// which defines it, before the file's first include.
// DIAG-NOT: names-partial
// CHECK: #include <cu2hip/hipblas_half.h>
// CHECK: #include <hipblas/hipblas.h>
#include <cublas_v2.h>
#include <cuda_fp16.h>
cublasStatus_t mm(cublasHandle_t h, int n, const __half *a, const __half *b, __half *c) {
  const __half one = __float2half(1.0f), zero = __float2half(0.0f);
  // CHECK: return hipblasHgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &one, a, n, b, n, &zero, c, n);
  return cublasHgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, b, n, &zero, c, n);
}
// The strided-batched form, through a header-less call site.
cublasStatus_t mmb(cublasHandle_t h, int n, const __half *a, const __half *b, __half *c) {
  const __half one = __float2half(1.0f), zero = __float2half(0.0f);
  // CHECK: return hipblasHgemmStridedBatched(h, HIPBLAS_OP_N, HIPBLAS_OP_T, n, n, n, &one, a, n, 0, b, n, 0, &zero, c, n, 0, 2);
  return cublasHgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_T, n, n, n, &one, a, n, 0, b, n, 0, &zero, c, n, 0, 2);
}
