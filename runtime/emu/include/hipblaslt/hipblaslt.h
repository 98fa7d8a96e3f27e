// cu2hip CPU SIMT emulator: stand-in for <hipblaslt/hipblaslt.h>. Handles,
// matmul descriptors, matrix layouts (with batch count and strided batch
// offset), preferences, a heuristic that always offers one algorithm, and
// hipblasLtMatmul: D = alpha * op(A) * op(B) + beta * C in float (as
// hipblas_ex.h), then the epilogue: BIAS (bias[i] added to row i of D),
// RELU, GELU (tanh form), their BIAS combinations, and BGRADA / BGRADB (the
// bias gradient, reduced over the GEMM's k dimension of op(A) / op(B) and
// written to the bias pointer), as cuBLASLt defines them. An epilogue or
// attribute that is not emulated (GELU_AUX, DGELU, scale pointers, row-major
// order) returns HIPBLAS_STATUS_NOT_SUPPORTED with a message naming it.
#pragma once

#include <hipblas/hipblas.h>

#include <cstddef>
#include <cstdint>

typedef struct cu2hip_emu_lt_handle* hipblasLtHandle_t;
typedef struct cu2hip_emu_lt_desc* hipblasLtMatmulDesc_t;
typedef struct cu2hip_emu_lt_layout* hipblasLtMatrixLayout_t;
typedef struct cu2hip_emu_lt_pref* hipblasLtMatmulPreference_t;

typedef struct {
  uint8_t data[16];
  size_t max_workspace_bytes;
} hipblasLtMatmulAlgo_t;

typedef struct {
  hipblasLtMatmulAlgo_t algo;
  size_t workspaceSize;
  hipblasStatus_t state;
  float wavesCount;
  int reserved[4];
} hipblasLtMatmulHeuristicResult_t;

typedef enum {
  HIPBLASLT_EPILOGUE_DEFAULT = 1,
  HIPBLASLT_EPILOGUE_RELU = 2,
  HIPBLASLT_EPILOGUE_BIAS = 4,
  HIPBLASLT_EPILOGUE_RELU_BIAS = 6,
  HIPBLASLT_EPILOGUE_GELU = 32,
  HIPBLASLT_EPILOGUE_GELU_BIAS = 36,
  HIPBLASLT_EPILOGUE_GELU_AUX = 160,
  HIPBLASLT_EPILOGUE_GELU_AUX_BIAS = 164,
  HIPBLASLT_EPILOGUE_DGELU = 192,
  HIPBLASLT_EPILOGUE_DGELU_BGRAD = 208,
  HIPBLASLT_EPILOGUE_BGRADA = 256,
  HIPBLASLT_EPILOGUE_BGRADB = 512
} hipblasLtEpilogue_t;

typedef enum {
  HIPBLASLT_MATMUL_DESC_TRANSA = 0,
  HIPBLASLT_MATMUL_DESC_TRANSB = 1,
  HIPBLASLT_MATMUL_DESC_EPILOGUE = 2,
  HIPBLASLT_MATMUL_DESC_BIAS_POINTER = 3,
  HIPBLASLT_MATMUL_DESC_BIAS_DATA_TYPE = 4,
  HIPBLASLT_MATMUL_DESC_A_SCALE_POINTER = 5,
  HIPBLASLT_MATMUL_DESC_B_SCALE_POINTER = 6,
  HIPBLASLT_MATMUL_DESC_C_SCALE_POINTER = 7,
  HIPBLASLT_MATMUL_DESC_D_SCALE_POINTER = 8,
  HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER = 10,
  HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD = 11,
  HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE = 12,
  HIPBLASLT_MATMUL_DESC_POINTER_MODE = 13,
  // The end of the list, as in hipBLASLt (cu2hip/blaslt.h uses it as a sentinel).
  HIPBLASLT_MATMUL_DESC_MAX = 104
} hipblasLtMatmulDescAttributes_t;

typedef enum {
  HIPBLASLT_MATRIX_LAYOUT_BATCH_COUNT = 0,
  HIPBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET = 1,
  HIPBLASLT_MATRIX_LAYOUT_TYPE = 2,
  HIPBLASLT_MATRIX_LAYOUT_ORDER = 3,
  HIPBLASLT_MATRIX_LAYOUT_ROWS = 4,
  HIPBLASLT_MATRIX_LAYOUT_COLS = 5,
  HIPBLASLT_MATRIX_LAYOUT_LD = 6
} hipblasLtMatrixLayoutAttribute_t;

typedef enum {
  HIPBLASLT_MATMUL_PREF_SEARCH_MODE = 0,
  HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1
} hipblasLtMatmulPreferenceAttributes_t;

hipblasStatus_t hipblasLtCreate(hipblasLtHandle_t* handle);
hipblasStatus_t hipblasLtDestroy(hipblasLtHandle_t handle);
hipblasStatus_t hipblasLtMatmulDescCreate(hipblasLtMatmulDesc_t* desc,
                                          hipblasComputeType_t computeType,
                                          hipDataType scaleType);
hipblasStatus_t hipblasLtMatmulDescDestroy(hipblasLtMatmulDesc_t desc);
hipblasStatus_t hipblasLtMatmulDescSetAttribute(hipblasLtMatmulDesc_t desc,
                                                hipblasLtMatmulDescAttributes_t attr,
                                                const void* buf, size_t size);
hipblasStatus_t hipblasLtMatmulDescGetAttribute(hipblasLtMatmulDesc_t desc,
                                                hipblasLtMatmulDescAttributes_t attr,
                                                void* buf, size_t size, size_t* written);
hipblasStatus_t hipblasLtMatrixLayoutCreate(hipblasLtMatrixLayout_t* layout,
                                            hipDataType type, uint64_t rows,
                                            uint64_t cols, int64_t ld);
hipblasStatus_t hipblasLtMatrixLayoutDestroy(hipblasLtMatrixLayout_t layout);
hipblasStatus_t hipblasLtMatrixLayoutSetAttribute(hipblasLtMatrixLayout_t layout,
                                                  hipblasLtMatrixLayoutAttribute_t attr,
                                                  const void* buf, size_t size);
hipblasStatus_t hipblasLtMatmulPreferenceCreate(hipblasLtMatmulPreference_t* pref);
hipblasStatus_t hipblasLtMatmulPreferenceDestroy(hipblasLtMatmulPreference_t pref);
hipblasStatus_t hipblasLtMatmulPreferenceSetAttribute(
    hipblasLtMatmulPreference_t pref, hipblasLtMatmulPreferenceAttributes_t attr,
    const void* buf, size_t size);
hipblasStatus_t hipblasLtMatmulAlgoGetHeuristic(
    hipblasLtHandle_t handle, hipblasLtMatmulDesc_t desc, hipblasLtMatrixLayout_t a,
    hipblasLtMatrixLayout_t b, hipblasLtMatrixLayout_t c, hipblasLtMatrixLayout_t d,
    hipblasLtMatmulPreference_t pref, int requested,
    hipblasLtMatmulHeuristicResult_t results[], int* returned);
hipblasStatus_t hipblasLtMatmul(hipblasLtHandle_t handle, hipblasLtMatmulDesc_t desc,
                                const void* alpha, const void* A,
                                hipblasLtMatrixLayout_t a, const void* B,
                                hipblasLtMatrixLayout_t b, const void* beta,
                                const void* C, hipblasLtMatrixLayout_t c, void* D,
                                hipblasLtMatrixLayout_t d,
                                const hipblasLtMatmulAlgo_t* algo, void* workspace,
                                size_t workspaceSize, hipStream_t stream);
