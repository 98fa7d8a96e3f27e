// cu2hip CPU SIMT emulator: the mixed-precision part of hipBLAS (included by
// <hipblas/hipblas.h>): compute types, math mode, hipblasGemmEx and the
// strided-batched and half-precision GEMMs. Inputs of fp32, fp16 or bf16 are
// widened to float, products are accumulated in float (the fp32 compute
// types; TF32 / fast modes compute in full fp32), and the result is rounded
// once to the output type (nearest even). Other type combinations return
// HIPBLAS_STATUS_NOT_SUPPORTED with a message naming the call.
#pragma once

#include <hip/hip_fp16.h>
#include <hip/library_types.h>

typedef enum {
  HIPBLAS_COMPUTE_16F = 0,
  HIPBLAS_COMPUTE_16F_PEDANTIC = 1,
  HIPBLAS_COMPUTE_32F = 2,
  HIPBLAS_COMPUTE_32F_PEDANTIC = 3,
  HIPBLAS_COMPUTE_32F_FAST_16F = 4,
  HIPBLAS_COMPUTE_32F_FAST_16BF = 5,
  HIPBLAS_COMPUTE_32F_FAST_TF32 = 6,
  HIPBLAS_COMPUTE_64F = 7,
  HIPBLAS_COMPUTE_64F_PEDANTIC = 8,
  HIPBLAS_COMPUTE_32I = 9,
  HIPBLAS_COMPUTE_32I_PEDANTIC = 10
} hipblasComputeType_t;

typedef enum {
  HIPBLAS_DEFAULT_MATH = 0,
  HIPBLAS_XF32_XDL_MATH = 1,
  HIPBLAS_PEDANTIC_MATH = 2,
  HIPBLAS_TF32_TENSOR_OP_MATH = 3,
  HIPBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION = 16,
  HIPBLAS_TENSOR_OP_MATH = 17
} hipblasMath_t;

typedef enum {
  HIPBLAS_GEMM_DEFAULT = 160,
  HIPBLAS_GEMM_DEFAULT_TENSOR_OP = 99
} hipblasGemmAlgo_t;

typedef __half hipblasHalf;
typedef __hip_bfloat16 hipblasBfloat16;

hipblasStatus_t hipblasSetMathMode(hipblasHandle_t handle, hipblasMath_t mode);
hipblasStatus_t hipblasGetMathMode(hipblasHandle_t handle, hipblasMath_t* mode);

hipblasStatus_t hipblasGemmEx(hipblasHandle_t handle, hipblasOperation_t transA,
                              hipblasOperation_t transB, int m, int n, int k,
                              const void* alpha, const void* A, hipDataType aType,
                              int lda, const void* B, hipDataType bType, int ldb,
                              const void* beta, void* C, hipDataType cType, int ldc,
                              hipblasComputeType_t computeType,
                              hipblasGemmAlgo_t algo);
hipblasStatus_t hipblasGemmStridedBatchedEx(
    hipblasHandle_t handle, hipblasOperation_t transA, hipblasOperation_t transB,
    int m, int n, int k, const void* alpha, const void* A, hipDataType aType,
    int lda, long long strideA, const void* B, hipDataType bType, int ldb,
    long long strideB, const void* beta, void* C, hipDataType cType, int ldc,
    long long strideC, int batchCount, hipblasComputeType_t computeType,
    hipblasGemmAlgo_t algo);
hipblasStatus_t hipblasHgemm(hipblasHandle_t handle, hipblasOperation_t transA,
                             hipblasOperation_t transB, int m, int n, int k,
                             const hipblasHalf* alpha, const hipblasHalf* A, int lda,
                             const hipblasHalf* B, int ldb, const hipblasHalf* beta,
                             hipblasHalf* C, int ldc);
hipblasStatus_t hipblasHgemmStridedBatched(
    hipblasHandle_t handle, hipblasOperation_t transA, hipblasOperation_t transB,
    int m, int n, int k, const hipblasHalf* alpha, const hipblasHalf* A, int lda,
    long long strideA, const hipblasHalf* B, int ldb, long long strideB,
    const hipblasHalf* beta, hipblasHalf* C, int ldc, long long strideC,
    int batchCount);

namespace cu2hip_emu {
/// One GEMM of any supported storage types, column-major as BLAS:
/// C = alpha * op(A) * op(B) + beta * C over `batch` matrices `stride*`
/// elements apart, computed in float. Returns false (after printing why,
/// naming `call`) for a type it does not support. Shared with hipBLASLt.
bool gemm_any(const char* call, hipblasOperation_t ta, hipblasOperation_t tb,
              int m, int n, int k, float alpha, const void* A, hipDataType at,
              long long lda, long long sa, const void* B, hipDataType bt,
              long long ldb, long long sb, float beta, const void* C,
              hipDataType ct, long long ldc, long long sc, void* D,
              hipDataType dt, long long ldd, long long sd, int batch);
/// Element i of an array of storage type t, as float.
float load_any(const void* p, hipDataType t, long long i);
/// Stores v (rounded to nearest even) as element i of an array of type t.
void store_any(void* p, hipDataType t, long long i, float v);
/// Whether the emulator's GEMMs accept storage type t.
bool supported_type(hipDataType t);
} // namespace cu2hip_emu
