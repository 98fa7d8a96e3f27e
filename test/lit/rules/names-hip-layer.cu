// RUN: %cu2hip %s -o %t.hip --verbose 2>%t.err
// RUN: %strip %t.hip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
//
// A tree's own HIP layer: in a branch that no configuration compiles, it
// includes HIP and #defines (or typedefs) CUDA names to HIP ones. The file
// is still parsed as CUDA (a HIP include only inside a branch does not make
// it "already HIP"), and the configuration the port is built with (USE_HIP
// undefined) has no such macros: every use is renamed, also inside the
// tree's own macro bodies. The layer itself is kept as written, so building
// with -DUSE_HIP meets no redefinition either.
#include <cstdio>
// CHECK: #if defined(USE_HIP)
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <hipblas/hipblas.h>
// CHECK-NEXT: #define cudaSuccess hipSuccess
// CHECK-NEXT: #define cudaError_t hipError_t
// CHECK-NEXT: #define cudaMalloc hipMalloc
// CHECK-NEXT: #define cudaGetErrorString hipGetErrorString
// CHECK-NEXT: #define cublasHandle_t hipblasHandle_t
// CHECK-NEXT: typedef hipblasStatus_t cublasStatus_t;
// CHECK-NEXT: #define CUBLAS_STATUS_SUCCESS HIPBLAS_STATUS_SUCCESS
// CHECK-NEXT: #else
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <hipblas/hipblas.h>
// CHECK-NEXT: #endif
#if defined(USE_HIP)
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
// DIAG: names-hip-layer.cu:[[@LINE+1]]:9: note: macro 'cudaSuccess' is defined only in a branch no configuration compiles (the tree's own HIP layer){{.*}}[names-user-macro]
#define cudaSuccess hipSuccess
#define cudaError_t hipError_t
#define cudaMalloc hipMalloc
#define cudaGetErrorString hipGetErrorString
#define cublasHandle_t hipblasHandle_t
// DIAG: names-hip-layer.cu:[[@LINE+1]]:25: note: 'cublasStatus_t' is declared by the tree's own HIP layer{{.*}}[names-user-macro]
typedef hipblasStatus_t cublasStatus_t;
#define CUBLAS_STATUS_SUCCESS HIPBLAS_STATUS_SUCCESS
#else
#include <cuda_runtime.h>
#include <cublas_v2.h>
#endif

// CHECK: #define CHECK(x) do { hipError_t e = (x); if (e != hipSuccess) printf("%s\n", hipGetErrorString(e)); } while (0)
#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) printf("%s\n", cudaGetErrorString(e)); } while (0)

// CHECK: int run(hipblasHandle_t h) {
// CHECK: CHECK(hipMalloc(&p, 16));
// CHECK-NEXT: hipError_t e = hipMalloc(&p, 16);
// CHECK-NEXT: if (e != hipSuccess) return 1;
// CHECK-NEXT: hipblasStatus_t s = hipblasCreate(&h);
// CHECK-NEXT: return s == HIPBLAS_STATUS_SUCCESS ? 0 : 2;
int run(cublasHandle_t h) {
  float *p;
  CHECK(cudaMalloc(&p, 16));
  cudaError_t e = cudaMalloc(&p, 16);
  if (e != cudaSuccess) return 1;
  cublasStatus_t s = cublasCreate(&h);
  return s == CUBLAS_STATUS_SUCCESS ? 0 : 2;
}
// DIAG-NOT: names-shadowed
