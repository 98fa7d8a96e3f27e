// runtime/hip-nvidia/blas_nvidia/hipblas/hipblas.h — TEST-ONLY forwarding header: the hipBLAS
// entry points cu2hip's ports of llm.c call, on top of cuBLAS, for running those ports on an
// NVIDIA GPU (nvcc -D__HIP_PLATFORM_NVIDIA__ -I runtime/hip-nvidia/blas_nvidia, see
// scripts/gpu-real-check.sh). hipBLAS has no NVIDIA backend on the machines this project tests
// with. Types and enumerators are cuBLAS's own (hipblasOperation_t is cublasOperation_t, ...),
// so values pass through unchanged, also into cuBLASLt attributes (hipblaslt/hipblaslt.h).
// Not a hipBLAS implementation; refuses AMD builds (hipcc finds ROCm's hipBLAS); not installed.
#ifndef CU2HIP_HIP_NVIDIA_HIPBLAS_H
#define CU2HIP_HIP_NVIDIA_HIPBLAS_H

#if !defined(__HIP_PLATFORM_NVIDIA__)
#error "blas_nvidia is a test-only shim for HIP on NVIDIA; use ROCm's hipBLAS on AMD"
#endif

#include <cublas_v2.h>
#include <hip/hip_runtime.h>

// HIP 5.2's NVIDIA headers name only the floating hipDataType values; cu2hip/blas.h maps
// the integer ones too (cublasGemmEx with CUDA_R_32I, llm.c's attention_forward.cu).
#ifndef HIP_R_32I
#define HIP_R_8I CUDA_R_8I
#define HIP_R_8U CUDA_R_8U
#define HIP_R_32I CUDA_R_32I
#define HIP_R_32U CUDA_R_32U
#endif
#ifndef HIP_R_16BF
#define HIP_R_16BF CUDA_R_16BF
#endif

typedef cublasHandle_t hipblasHandle_t;
typedef cublasStatus_t hipblasStatus_t;
typedef cublasOperation_t hipblasOperation_t;
typedef cublasComputeType_t hipblasComputeType_t;
typedef cublasMath_t hipblasMath_t;
typedef cublasGemmAlgo_t hipblasGemmAlgo_t;

#define HIPBLAS_STATUS_SUCCESS CUBLAS_STATUS_SUCCESS
#define HIPBLAS_STATUS_NOT_INITIALIZED CUBLAS_STATUS_NOT_INITIALIZED
#define HIPBLAS_STATUS_ALLOC_FAILED CUBLAS_STATUS_ALLOC_FAILED
#define HIPBLAS_STATUS_INVALID_VALUE CUBLAS_STATUS_INVALID_VALUE
#define HIPBLAS_STATUS_EXECUTION_FAILED CUBLAS_STATUS_EXECUTION_FAILED
#define HIPBLAS_STATUS_INTERNAL_ERROR CUBLAS_STATUS_INTERNAL_ERROR
#define HIPBLAS_STATUS_NOT_SUPPORTED CUBLAS_STATUS_NOT_SUPPORTED
#define HIPBLAS_OP_N CUBLAS_OP_N
#define HIPBLAS_OP_T CUBLAS_OP_T
#define HIPBLAS_OP_C CUBLAS_OP_C
#define HIPBLAS_COMPUTE_16F CUBLAS_COMPUTE_16F
#define HIPBLAS_COMPUTE_32F CUBLAS_COMPUTE_32F
#define HIPBLAS_COMPUTE_32F_FAST_16F CUBLAS_COMPUTE_32F_FAST_16F
#define HIPBLAS_COMPUTE_32F_FAST_16BF CUBLAS_COMPUTE_32F_FAST_16BF
#define HIPBLAS_COMPUTE_32F_FAST_TF32 CUBLAS_COMPUTE_32F_FAST_TF32
#define HIPBLAS_COMPUTE_64F CUBLAS_COMPUTE_64F
#define HIPBLAS_COMPUTE_32I CUBLAS_COMPUTE_32I
#define HIPBLAS_DEFAULT_MATH CUBLAS_DEFAULT_MATH
#define HIPBLAS_TF32_TENSOR_OP_MATH CUBLAS_TF32_TENSOR_OP_MATH
#define HIPBLAS_GEMM_DEFAULT CUBLAS_GEMM_DEFAULT

// Each hipBLAS name is a reference to the cuBLAS function: same parameters, same implicit
// conversions at the call (0 for a stream, NULL for a pointer).
#define CU2HIP_HIPBLAS_FORWARD(hipname, cuname) inline constexpr auto &hipname = cuname;
CU2HIP_HIPBLAS_FORWARD(hipblasCreate, cublasCreate)
CU2HIP_HIPBLAS_FORWARD(hipblasDestroy, cublasDestroy)
CU2HIP_HIPBLAS_FORWARD(hipblasSetStream, cublasSetStream)
CU2HIP_HIPBLAS_FORWARD(hipblasSetMathMode, cublasSetMathMode)
CU2HIP_HIPBLAS_FORWARD(hipblasSgemm, cublasSgemm)
CU2HIP_HIPBLAS_FORWARD(hipblasSgemmStridedBatched, cublasSgemmStridedBatched)
// cuBLAS overloads these (32- and 64-bit sizes): forward the arguments to its overload set.
#define CU2HIP_HIPBLAS_FORWARD_OVERLOADED(hipname, cuname)                                   \
  template <class... Args> inline hipblasStatus_t hipname(Args... args) {                      \
    return cuname(args...);                                                                    \
  }
CU2HIP_HIPBLAS_FORWARD_OVERLOADED(hipblasGemmEx, cublasGemmEx)
CU2HIP_HIPBLAS_FORWARD_OVERLOADED(hipblasGemmStridedBatchedEx, cublasGemmStridedBatchedEx)

#endif // CU2HIP_HIP_NVIDIA_HIPBLAS_H
