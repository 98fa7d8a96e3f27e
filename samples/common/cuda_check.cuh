// samples/common/cuda_check.cuh — error checks and row-major GEMM helpers over cuBLAS for the
// sample trainers. cuBLAS is column-major; a row-major C = op(A) op(B) is computed as the
// column-major C^T = op(B)^T op(A)^T, so no data is transposed.
#ifndef SAMPLES_COMMON_CUDA_CHECK_CUH
#define SAMPLES_COMMON_CUDA_CHECK_CUH

#include <cstdio>
#include <cstdlib>

#include <cublas_v2.h>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                 \
  do {                                                                                   \
    cudaError_t err_ = (call);                                                           \
    if (err_ != cudaSuccess) {                                                           \
      std::fprintf(stderr, "%s:%d: CUDA error %s: %s\n", __FILE__, __LINE__,            \
                   cudaGetErrorName(err_), cudaGetErrorString(err_));                    \
      std::exit(1);                                                                      \
    }                                                                                    \
  } while (0)

#define CUBLAS_CHECK(call)                                                               \
  do {                                                                                   \
    cublasStatus_t st_ = (call);                                                         \
    if (st_ != CUBLAS_STATUS_SUCCESS) {                                                  \
      std::fprintf(stderr, "%s:%d: cuBLAS error %d\n", __FILE__, __LINE__, (int)st_);   \
      std::exit(1);                                                                      \
    }                                                                                    \
  } while (0)

// Row-major C[M][N] = alpha * op(A)[M][K] * op(B)[K][N] + beta * C.
// A is stored [M][K] (or [K][M] when transA), B is stored [K][N] (or [N][K] when transB).
inline void gemmRowMajor(cublasHandle_t handle, bool transA, bool transB, int M, int N, int K,
                         float alpha, const float *A, const float *B, float beta, float *C) {
  int lda = transA ? M : K;
  int ldb = transB ? K : N;
  CUBLAS_CHECK(cublasSgemm(handle, transB ? CUBLAS_OP_T : CUBLAS_OP_N,
                           transA ? CUBLAS_OP_T : CUBLAS_OP_N, N, M, K, &alpha, B, ldb, A, lda,
                           &beta, C, N));
}

// The same for `batch` independent row-major products at fixed strides (in elements).
inline void gemmRowMajorStridedBatched(cublasHandle_t handle, bool transA, bool transB, int M,
                                       int N, int K, float alpha, const float *A,
                                       long long strideA, const float *B, long long strideB,
                                       float beta, float *C, long long strideC, int batch) {
  int lda = transA ? M : K;
  int ldb = transB ? K : N;
  CUBLAS_CHECK(cublasSgemmStridedBatched(handle, transB ? CUBLAS_OP_T : CUBLAS_OP_N,
                                         transA ? CUBLAS_OP_T : CUBLAS_OP_N, N, M, K, &alpha, B,
                                         ldb, strideB, A, lda, strideA, &beta, C, N, strideC,
                                         batch));
}

#endif // SAMPLES_COMMON_CUDA_CHECK_CUH
