//===- cu2hip/blas.h - cuBLAS's legacy compute-type arguments on hipBLAS -===//
//
// cuBLAS's C++ API accepts a cudaDataType as the compute type of
// cublasGemmEx / cublasGemmBatchedEx / cublasGemmStridedBatchedEx (the
// CUDA 10 signature, kept as an overload); hipBLAS 3 (ROCm 7) takes only a
// hipblasComputeType_t. The rule `blas-compute-type` routes the argument
// (unless it is a CUBLAS_COMPUTE_* enumerator) through
// cu2hip::blas_compute_type, whose overloads decide by the argument's type: a hipDataType is converted as cuBLAS documents it
// (R_16F -> 16F, R_32F and C_32F -> 32F, R_64F and C_64F -> 64F, R_32I ->
// 32I), a hipblasComputeType_t is returned unchanged.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_BLAS_H
#define CU2HIP_BLAS_H

#include <hipblas/hipblas.h>

namespace cu2hip {

/// The hipBLAS compute type of the legacy cuBLAS compute type `T` (a
/// cudaDataType, ported to hipDataType). Types that are no legacy compute
/// type in cuBLAS give HIPBLAS_COMPUTE_32F.
constexpr hipblasComputeType_t blas_compute_type(hipDataType T) {
  switch (T) {
  case HIP_R_16F: return HIPBLAS_COMPUTE_16F;
  case HIP_R_64F:
  case HIP_C_64F: return HIPBLAS_COMPUTE_64F;
  case HIP_R_32I: return HIPBLAS_COMPUTE_32I;
  default: return HIPBLAS_COMPUTE_32F;
  }
}
/// A compute type already: unchanged.
constexpr hipblasComputeType_t blas_compute_type(hipblasComputeType_t T) { return T; }

} // namespace cu2hip

#endif // CU2HIP_BLAS_H
