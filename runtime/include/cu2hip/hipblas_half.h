//===- cu2hip/hipblas_half.h - hipBLAS with cuBLAS's __half types --------===//
//
// Included by ports of code that calls cuBLAS's half-precision GEMMs
// (cublasHgemm, cublasHgemmBatched, cublasHgemmStridedBatched and their _64
// forms), before the file's first #include. cuBLAS declares their scalars and
// matrices as __half; hipBLAS declares them as hipblasHalf, which hipblas.h
// (ROCm 7.2) makes uint16_t unless HIPBLAS_USE_HIP_HALF is defined before it
// is included, and __half (hip/hip_fp16.h) when it is. Both are 16 bits with
// the same representation, so the definition only changes the declared types
// to cuBLAS's. A translation unit that includes <hipblas/hipblas.h> earlier
// through another path keeps uint16_t, and the call fails to compile rather
// than run wrong.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_HIPBLAS_HALF_H
#define CU2HIP_HIPBLAS_HALF_H

#ifndef HIPBLAS_USE_HIP_HALF
#define HIPBLAS_USE_HIP_HALF
#endif
#include <hipblas/hipblas.h>

#endif // CU2HIP_HIPBLAS_HALF_H
