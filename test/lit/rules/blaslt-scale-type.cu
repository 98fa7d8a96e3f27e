// RUN: %cu2hip %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: rocm72
//
// cuBLASLt's scale-type attribute (llm.c llmc/matmul.cuh): hipBLASLt fixes
// the scale type at descriptor creation, so the file's descriptor calls go
// through cu2hip/blaslt.h, which records it and accepts setting the same.
// CHECK: #include <cu2hip/blaslt.h>
// SUM-NOT: has no HIP equivalent
// SUM: edits by rule: blaslt-scale-type=
#include <cublasLt.h>

cublasStatus_t describe(cublasLtMatmulDesc_t *desc) {
  // CHECK: cu2hip::hipblasLtMatmulDescCreate(desc, HIPBLAS_COMPUTE_32F, HIP_R_32F);
  cublasLtMatmulDescCreate(desc, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasOperation_t t = CUBLAS_OP_T;
  // CHECK: cu2hip::hipblasLtMatmulDescSetAttribute(*desc, HIPBLASLT_MATMUL_DESC_TRANSA, &t, sizeof(t));
  cublasLtMatmulDescSetAttribute(*desc, CUBLASLT_MATMUL_DESC_TRANSA, &t, sizeof(t));
  cudaDataType_t scale = CUDA_R_32F;
  // CHECK: return cu2hip::hipblasLtMatmulDescSetAttribute(*desc, cu2hip::HIPBLASLT_MATMUL_DESC_SCALE_TYPE, &scale, sizeof(scale));
  return cublasLtMatmulDescSetAttribute(*desc, CUBLASLT_MATMUL_DESC_SCALE_TYPE, &scale, sizeof(scale));
}

// CHECK: void release(hipblasLtMatmulDesc_t d) { cu2hip::hipblasLtMatmulDescDestroy(d); }
void release(cublasLtMatmulDesc_t d) { cublasLtMatmulDescDestroy(d); }
