// cublasGemm*Ex with a legacy cudaDataType as the compute type (cuBLAS's C++
// overload accepts it; hipBLAS 3 takes only hipblasComputeType_t): the
// argument goes through cu2hip::blas_compute_type, whose overloads decide by
// its type; a CUBLAS_COMPUTE_* argument is kept. cuBLASLt's
// ALPHA_DEVICE_VECTOR_BETA_ZERO pointer mode becomes hipBLASLt's
// ..._BETA_HOST, with a note (beta read from the host: pass a 0).
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cublasLt.h>
// CHECK: #include <cu2hip/blas.h>

void int8_gemm(cublasHandle_t h, const signed char *A, const signed char *B, int *C, int m,
               int n, int k) {
  int one = 1, zero = 0;
  // CHECK: hipblasGemmEx(h, HIPBLAS_OP_T, HIPBLAS_OP_N, m, n, k, &one, A, HIP_R_8I, k, B, HIP_R_8I, k,
  // CHECK-NEXT: &zero, C, HIP_R_32I, m, cu2hip::blas_compute_type(HIP_R_32I), HIPBLAS_GEMM_DEFAULT);
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &one, A, CUDA_R_8I, k, B, CUDA_R_8I, k,
               &zero, C, CUDA_R_32I, m, CUDA_R_32I, CUBLAS_GEMM_DEFAULT);
}

void gemms(cublasHandle_t h, const float *A, const float *B, float *C, int m, int n, int k,
           cudaDataType compute, cublasComputeType_t ct) {
  float one = 1.f, zero = 0.f;
  // CHECK: HIP_R_32F, m, cu2hip::blas_compute_type(compute), HIPBLAS_GEMM_DEFAULT);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, A, CUDA_R_32F, m, B, CUDA_R_32F, k,
               &zero, C, CUDA_R_32F, m, compute, CUBLAS_GEMM_DEFAULT);
  // CHECK: HIP_R_32F, m, m * n, 4,
  // CHECK-NEXT: cu2hip::blas_compute_type(HIP_R_32F), HIPBLAS_GEMM_DEFAULT);
  cublasGemmStridedBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, A, CUDA_R_32F, m,
                             m * k, B, CUDA_R_32F, k, k * n, &zero, C, CUDA_R_32F, m, m * n, 4,
                             CUDA_R_32F, CUBLAS_GEMM_DEFAULT);
  // A compute type already (enumerator or variable of that type): the
  // enumerator is kept, the variable's wrapper passes it unchanged.
  // CHECK: HIP_R_32F, m, HIPBLAS_COMPUTE_32F_FAST_TF32, HIPBLAS_GEMM_DEFAULT);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, A, CUDA_R_32F, m, B, CUDA_R_32F, k,
               &zero, C, CUDA_R_32F, m, CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_DEFAULT);
  // CHECK: HIP_R_32F, m, cu2hip::blas_compute_type(ct), HIPBLAS_GEMM_DEFAULT);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, A, CUDA_R_32F, m, B, CUDA_R_32F, k,
               &zero, C, CUDA_R_32F, m, ct, CUBLAS_GEMM_DEFAULT);
}

void lt_mode(cublasLtMatmulDesc_t d) {
  // CHECK: hipblasLtPointerMode_t mode = HIPBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST;
  // DIAG: blas-compute-type.cu:[[@LINE+1]]:32: note: 'CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO' -> 'HIPBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST' differs in behaviour: hipBLASLt reads beta from the host{{.*}}[names-partial]
  cublasLtPointerMode_t mode = CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO;
  cublasLtMatmulDescSetAttribute(d, CUBLASLT_MATMUL_DESC_POINTER_MODE, &mode, sizeof mode);
}
