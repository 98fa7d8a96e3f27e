// runtime/hip-nvidia/blas_nvidia/hipblaslt/hipblaslt.h — TEST-ONLY forwarding header:
// hipBLASLt's API (the part cu2hip's ports of llm.c use) on top of NVIDIA's cuBLASLt, for
// running those ports on an NVIDIA GPU (nvcc -D__HIP_PLATFORM_NVIDIA__ -I
// runtime/hip-nvidia/blas_nvidia, link -lcublasLt). hipBLASLt mirrors cuBLASLt name for name
// (hipblasLt* for cublasLt*, HIPBLASLT_* for CUBLASLT_*), with hipDataType and
// hipblasComputeType_t where cuBLASLt takes cudaDataType_t and cublasComputeType_t; on NVIDIA
// those are CUDA's types (hip/library types, hipblas/hipblas.h here), so every call forwards
// unchanged. Not a hipBLASLt implementation; refuses AMD builds; not installed.
#ifndef CU2HIP_HIP_NVIDIA_HIPBLASLT_H
#define CU2HIP_HIP_NVIDIA_HIPBLASLT_H

#if !defined(__HIP_PLATFORM_NVIDIA__)
#error "blas_nvidia is a test-only shim for HIP on NVIDIA; use ROCm's hipBLASLt on AMD"
#endif

#include <cublasLt.h>
#include <hipblas/hipblas.h>

typedef cublasLtHandle_t hipblasLtHandle_t;
typedef cublasLtMatmulDesc_t hipblasLtMatmulDesc_t;
typedef cublasLtMatrixLayout_t hipblasLtMatrixLayout_t;
typedef cublasLtMatmulPreference_t hipblasLtMatmulPreference_t;
typedef cublasLtMatmulHeuristicResult_t hipblasLtMatmulHeuristicResult_t;
typedef cublasLtMatmulAlgo_t hipblasLtMatmulAlgo_t;
typedef cublasLtEpilogue_t hipblasLtEpilogue_t;
typedef cublasLtMatmulDescAttributes_t hipblasLtMatmulDescAttributes_t;
typedef cublasLtMatmulPreferenceAttributes_t hipblasLtMatmulPreferenceAttributes_t;
typedef cublasLtMatrixLayoutAttribute_t hipblasLtMatrixLayoutAttribute_t;

#define HIPBLASLT_MATMUL_DESC_TRANSA CUBLASLT_MATMUL_DESC_TRANSA
#define HIPBLASLT_MATMUL_DESC_TRANSB CUBLASLT_MATMUL_DESC_TRANSB
#define HIPBLASLT_MATMUL_DESC_EPILOGUE CUBLASLT_MATMUL_DESC_EPILOGUE
#define HIPBLASLT_MATMUL_DESC_BIAS_POINTER CUBLASLT_MATMUL_DESC_BIAS_POINTER
#define HIPBLASLT_MATMUL_DESC_BIAS_DATA_TYPE CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE
#define HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER
#define HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD
// hipBLASLt's end-of-list attribute, which cu2hip/blaslt.h uses to stand for cuBLASLt's
// scale-type attribute (hipBLASLt has none; blaslt.h's file comment). On NVIDIA the
// attribute exists: the sentinel is that attribute, so blaslt.h's handling of it (success
// when the type equals the one the descriptor was created with) applies unchanged.
#define HIPBLASLT_MATMUL_DESC_MAX CUBLASLT_MATMUL_DESC_SCALE_TYPE
#define HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES
#define HIPBLASLT_MATRIX_LAYOUT_BATCH_COUNT CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT
#define HIPBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET
#define HIPBLASLT_EPILOGUE_DEFAULT CUBLASLT_EPILOGUE_DEFAULT
#define HIPBLASLT_EPILOGUE_RELU CUBLASLT_EPILOGUE_RELU
#define HIPBLASLT_EPILOGUE_BIAS CUBLASLT_EPILOGUE_BIAS
#define HIPBLASLT_EPILOGUE_RELU_BIAS CUBLASLT_EPILOGUE_RELU_BIAS
#define HIPBLASLT_EPILOGUE_GELU CUBLASLT_EPILOGUE_GELU
#define HIPBLASLT_EPILOGUE_GELU_BIAS CUBLASLT_EPILOGUE_GELU_BIAS
#define HIPBLASLT_EPILOGUE_GELU_AUX CUBLASLT_EPILOGUE_GELU_AUX
#define HIPBLASLT_EPILOGUE_GELU_AUX_BIAS CUBLASLT_EPILOGUE_GELU_AUX_BIAS
#define HIPBLASLT_EPILOGUE_DGELU CUBLASLT_EPILOGUE_DGELU
#define HIPBLASLT_EPILOGUE_BGRADA CUBLASLT_EPILOGUE_BGRADA
#define HIPBLASLT_EPILOGUE_BGRADB CUBLASLT_EPILOGUE_BGRADB

// Each hipBLAS name is a reference to the cuBLAS function: same parameters, same implicit
// conversions at the call (0 for a stream, NULL for a pointer).
#define CU2HIP_HIPBLASLT_FORWARD(hipname, cuname) inline constexpr auto &hipname = cuname;
CU2HIP_HIPBLASLT_FORWARD(hipblasLtCreate, cublasLtCreate)
CU2HIP_HIPBLASLT_FORWARD(hipblasLtDestroy, cublasLtDestroy)
CU2HIP_HIPBLASLT_FORWARD(hipblasLtMatmulDescCreate, cublasLtMatmulDescCreate)
CU2HIP_HIPBLASLT_FORWARD(hipblasLtMatmulDescDestroy, cublasLtMatmulDescDestroy)
CU2HIP_HIPBLASLT_FORWARD(hipblasLtMatmulDescSetAttribute, cublasLtMatmulDescSetAttribute)
CU2HIP_HIPBLASLT_FORWARD(hipblasLtMatrixLayoutCreate, cublasLtMatrixLayoutCreate)
CU2HIP_HIPBLASLT_FORWARD(hipblasLtMatrixLayoutDestroy, cublasLtMatrixLayoutDestroy)
CU2HIP_HIPBLASLT_FORWARD(hipblasLtMatrixLayoutSetAttribute, cublasLtMatrixLayoutSetAttribute)
CU2HIP_HIPBLASLT_FORWARD(hipblasLtMatmulPreferenceCreate, cublasLtMatmulPreferenceCreate)
CU2HIP_HIPBLASLT_FORWARD(hipblasLtMatmulPreferenceDestroy, cublasLtMatmulPreferenceDestroy)
CU2HIP_HIPBLASLT_FORWARD(hipblasLtMatmulPreferenceSetAttribute,
                         cublasLtMatmulPreferenceSetAttribute)
CU2HIP_HIPBLASLT_FORWARD(hipblasLtMatmulAlgoGetHeuristic, cublasLtMatmulAlgoGetHeuristic)
CU2HIP_HIPBLASLT_FORWARD(hipblasLtMatmul, cublasLtMatmul)

#endif // CU2HIP_HIP_NVIDIA_HIPBLASLT_H
