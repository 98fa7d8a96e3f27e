// cu2hip CPU SIMT emulator: stand-in for <hipblas/hipblas.h> (subset:
// handle management and single-precision GEMM, computed by a host BLAS).
#pragma once

#include <hip/hip_runtime.h>

typedef enum {
  HIPBLAS_STATUS_SUCCESS = 0,
  HIPBLAS_STATUS_NOT_INITIALIZED = 1,
  HIPBLAS_STATUS_ALLOC_FAILED = 2,
  HIPBLAS_STATUS_INVALID_VALUE = 3,
  HIPBLAS_STATUS_MAPPING_ERROR = 4,
  HIPBLAS_STATUS_EXECUTION_FAILED = 5,
  HIPBLAS_STATUS_INTERNAL_ERROR = 6,
  HIPBLAS_STATUS_NOT_SUPPORTED = 7,
  HIPBLAS_STATUS_ARCH_MISMATCH = 8,
  HIPBLAS_STATUS_HANDLE_IS_NULLPTR = 9,
  HIPBLAS_STATUS_INVALID_ENUM = 10,
  HIPBLAS_STATUS_UNKNOWN = 11
} hipblasStatus_t;

typedef enum {
  HIPBLAS_OP_N = 111,
  HIPBLAS_OP_T = 112,
  HIPBLAS_OP_C = 113
} hipblasOperation_t;

typedef enum {
  HIPBLAS_POINTER_MODE_HOST = 0,
  HIPBLAS_POINTER_MODE_DEVICE = 1
} hipblasPointerMode_t;

typedef struct hipblasContext* hipblasHandle_t;

hipblasStatus_t hipblasCreate(hipblasHandle_t* handle);
hipblasStatus_t hipblasDestroy(hipblasHandle_t handle);
hipblasStatus_t hipblasSetStream(hipblasHandle_t handle, hipStream_t stream);
hipblasStatus_t hipblasGetStream(hipblasHandle_t handle, hipStream_t* stream);
hipblasStatus_t hipblasSetPointerMode(hipblasHandle_t handle,
                                      hipblasPointerMode_t mode);
hipblasStatus_t hipblasGetPointerMode(hipblasHandle_t handle,
                                      hipblasPointerMode_t* mode);

hipblasStatus_t hipblasSgemm(hipblasHandle_t handle, hipblasOperation_t transA,
                             hipblasOperation_t transB, int m, int n, int k,
                             const float* alpha, const float* A, int lda,
                             const float* B, int ldb, const float* beta,
                             float* C, int ldc);

hipblasStatus_t hipblasSgemmStridedBatched(
    hipblasHandle_t handle, hipblasOperation_t transA, hipblasOperation_t transB,
    int m, int n, int k, const float* alpha, const float* A, int lda,
    long long strideA, const float* B, int ldb, long long strideB,
    const float* beta, float* C, int ldc, long long strideC, int batchCount);

hipblasStatus_t hipblasSgemmBatched(hipblasHandle_t handle,
                                    hipblasOperation_t transA,
                                    hipblasOperation_t transB, int m, int n,
                                    int k, const float* alpha,
                                    const float* const A[], int lda,
                                    const float* const B[], int ldb,
                                    const float* beta, float* const C[],
                                    int ldc, int batchCount);

// Compute types, math mode, GemmEx and the fp16/bf16 GEMMs.
#include <hipblas/hipblas_ex.h>
