// RUN: %cu2hip %s -o %t.hip --no-summary 2>&1 | FileCheck %s --check-prefix=NOTE
// RUN: %strip %t.hip | FileCheck %s
//
// cuBLAS's half-precision GEMMs take __half; hipBLAS's take hipblasHalf,
// uint16_t unless HIPBLAS_USE_HIP_HALF is defined before <hipblas/hipblas.h>
// (ParRes/Kernels' xgemm-cublas: "no matching function for call to
// 'hipblasHgemm'"). Renamed, with a note that names the define; with it the
// port compiles on ROCm 7.2 (scripts/hipcc-check.sh --extra-flags
// -DHIPBLAS_USE_HIP_HALF).
#include <cublas_v2.h>
#include <cuda_fp16.h>
cublasStatus_t mm(cublasHandle_t h, int n, const __half *a, const __half *b, __half *c) {
  const __half one = __float2half(1.0f), zero = __float2half(0.0f);
  // NOTE: names-hgemm.cu:[[@LINE+2]]:10: note: 'cublasHgemm' -> 'hipblasHgemm' differs in behaviour: hipblasHalf is uint16_t unless HIPBLAS_USE_HIP_HALF is defined {{.*}}[names-partial]
  // CHECK: return hipblasHgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &one, a, n, b, n, &zero, c, n);
  return cublasHgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, b, n, &zero, c, n);
}
