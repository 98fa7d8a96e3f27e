// Library names: cuBLAS (incl. _v2 macro names and cudaDataType in the form
// current hipBLAS takes), cuRAND, CUB namespace, error handling.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <curand.h>
#include <cub/cub.cuh>

// CHECK: {{^}}hipblasStatus_t gemm(hipblasHandle_t h, const void *A, void *C, int n) {
cublasStatus_t gemm(cublasHandle_t h, const void *A, void *C, int n) {
  float one = 1.f, zero = 0.f;
  // CHECK: {{^}}  return hipblasGemmEx(h, HIPBLAS_OP_N, HIPBLAS_OP_T, n, n, n, &one, A, HIP_R_16BF, n, A, HIP_R_16BF, n, &zero, C, HIP_R_32F, n, HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT);
  return cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_T, n, n, n, &one, A, CUDA_R_16BF, n, A, CUDA_R_16BF, n, &zero, C, CUDA_R_32F, n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}
// CHECK: {{^}}void rng(float *d, size_t n) {
void rng(float *d, size_t n) {
  // CHECK-NEXT: {{^}}  hiprandGenerator_t g;
  curandGenerator_t g;
  // CHECK-NEXT: {{^}}  hiprandCreateGenerator(&g, HIPRAND_RNG_PSEUDO_DEFAULT);
  curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT);
  // CHECK-NEXT: {{^}}  hiprandGenerateUniform(g, d, n);
  curandGenerateUniform(g, d, n);
  // CHECK-NEXT: {{^}}  hipError_t e = hipGetLastError();
  cudaError_t e = cudaGetLastError();
  // CHECK-NEXT: {{^}}  if (e != hipSuccess) printf("%s\n", hipGetErrorString(e));
  if (e != cudaSuccess) printf("%s\n", cudaGetErrorString(e));
}
// CHECK: {{^}}__global__ void bsum(const float *x, float *o) {
__global__ void bsum(const float *x, float *o) {
  // CHECK-NEXT: {{^}}  typedef hipcub::BlockReduce<float, 128> BR;
  typedef cub::BlockReduce<float, 128> BR;
  __shared__ typename BR::TempStorage t;
  // CHECK: {{^}}  float s = BR(t).Reduce(x[threadIdx.x], hipcub::Sum());
  float s = BR(t).Reduce(x[threadIdx.x], cub::Sum());
  if (threadIdx.x == 0) *o = s;
}
// DIAG-NOT: warning
