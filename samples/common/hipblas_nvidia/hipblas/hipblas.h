// samples/common/hipblas_nvidia/hipblas/hipblas.h — TEST-ONLY forwarding header.
//
// hipBLAS has no NVIDIA backend available on the machines this project tests with (Debian 12
// ships no hipBLAS; ROCm 7.2's is AMD-only). To run the HIP ports of the samples on an NVIDIA
// GPU (nvcc -D__HIP_PLATFORM_NVIDIA__, see scripts/gpu-parity.sh), this header implements the
// few hipBLAS entry points the samples call on top of cuBLAS: handle create/destroy/stream,
// hipblasSgemm and hipblasSgemmStridedBatched. It is not a hipBLAS implementation, is never
// used for AMD builds (hipcc finds the real <hipblas/hipblas.h>), and is not installed.
#ifndef CU2HIP_SAMPLES_HIPBLAS_NVIDIA_H
#define CU2HIP_SAMPLES_HIPBLAS_NVIDIA_H

#if !defined(__HIP_PLATFORM_NVIDIA__)
#error "hipblas_nvidia is the samples' test-only shim for HIP on NVIDIA; use ROCm's hipBLAS on AMD"
#endif

#include <cublas_v2.h>
#include <hip/hip_runtime.h>

typedef cublasHandle_t hipblasHandle_t;

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

namespace cu2hip_hipblas_nvidia {
inline hipblasStatus_t status(cublasStatus_t s) {
  switch (s) {
  case CUBLAS_STATUS_SUCCESS: return HIPBLAS_STATUS_SUCCESS;
  case CUBLAS_STATUS_NOT_INITIALIZED: return HIPBLAS_STATUS_NOT_INITIALIZED;
  case CUBLAS_STATUS_ALLOC_FAILED: return HIPBLAS_STATUS_ALLOC_FAILED;
  case CUBLAS_STATUS_INVALID_VALUE: return HIPBLAS_STATUS_INVALID_VALUE;
  case CUBLAS_STATUS_ARCH_MISMATCH: return HIPBLAS_STATUS_ARCH_MISMATCH;
  case CUBLAS_STATUS_MAPPING_ERROR: return HIPBLAS_STATUS_MAPPING_ERROR;
  case CUBLAS_STATUS_EXECUTION_FAILED: return HIPBLAS_STATUS_EXECUTION_FAILED;
  case CUBLAS_STATUS_INTERNAL_ERROR: return HIPBLAS_STATUS_INTERNAL_ERROR;
  case CUBLAS_STATUS_NOT_SUPPORTED: return HIPBLAS_STATUS_NOT_SUPPORTED;
  default: return HIPBLAS_STATUS_UNKNOWN;
  }
}
inline cublasOperation_t op(hipblasOperation_t o) {
  return o == HIPBLAS_OP_N ? CUBLAS_OP_N : (o == HIPBLAS_OP_T ? CUBLAS_OP_T : CUBLAS_OP_C);
}
} // namespace cu2hip_hipblas_nvidia

inline hipblasStatus_t hipblasCreate(hipblasHandle_t *handle) {
  return cu2hip_hipblas_nvidia::status(cublasCreate(handle));
}

inline hipblasStatus_t hipblasDestroy(hipblasHandle_t handle) {
  return cu2hip_hipblas_nvidia::status(cublasDestroy(handle));
}

inline hipblasStatus_t hipblasSetStream(hipblasHandle_t handle, hipStream_t stream) {
  return cu2hip_hipblas_nvidia::status(cublasSetStream(handle, (cudaStream_t)stream));
}

inline hipblasStatus_t hipblasSgemm(hipblasHandle_t handle, hipblasOperation_t transA,
                                    hipblasOperation_t transB, int m, int n, int k,
                                    const float *alpha, const float *A, int lda, const float *B,
                                    int ldb, const float *beta, float *C, int ldc) {
  using namespace cu2hip_hipblas_nvidia;
  return status(cublasSgemm(handle, op(transA), op(transB), m, n, k, alpha, A, lda, B, ldb, beta,
                            C, ldc));
}

inline hipblasStatus_t hipblasSgemmStridedBatched(hipblasHandle_t handle,
                                                  hipblasOperation_t transA,
                                                  hipblasOperation_t transB, int m, int n, int k,
                                                  const float *alpha, const float *A, int lda,
                                                  long long strideA, const float *B, int ldb,
                                                  long long strideB, const float *beta, float *C,
                                                  int ldc, long long strideC, int batchCount) {
  using namespace cu2hip_hipblas_nvidia;
  return status(cublasSgemmStridedBatched(handle, op(transA), op(transB), m, n, k, alpha, A, lda,
                                          strideA, B, ldb, strideB, beta, C, ldc, strideC,
                                          batchCount));
}

#endif // CU2HIP_SAMPLES_HIPBLAS_NVIDIA_H
