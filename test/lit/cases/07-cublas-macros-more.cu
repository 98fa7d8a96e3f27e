// Kind of case 07: other cuBLAS _v2 names (explicit and through the
// cublas_v2.h macros) inside user macros, nested macros and token pasting
// contexts; enums and handle types in the same lines.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cublas_v2.h>
#include <cstdio>
// CHECK: {{^}}#define CK(x) do { hipblasStatus_t st = (x); if (st != HIPBLAS_STATUS_SUCCESS) printf("err %d\n", (int)st); } while (0)
#define CK(x) do { cublasStatus_t st = (x); if (st != CUBLAS_STATUS_SUCCESS) printf("err %d\n", (int)st); } while (0)
// CHECK: {{^}}#define CK2(x) CK(x)
#define CK2(x) CK(x)
// CHECK: {{^}}#define AXPY(h, n, a, x, y) hipblasSaxpy(h, n, a, x, 1, y, 1)
#define AXPY(h, n, a, x, y) cublasSaxpy_v2(h, n, a, x, 1, y, 1)
void f(cublasHandle_t h, const float *A, const float *x, float *y, int n) {
  const float one = 1.f, zero = 0.f;
  // CHECK: {{^}}  CK(hipblasCreate(&h));
  CK(cublasCreate_v2(&h));
  // CHECK: {{^}}  CK2(hipblasSgemv(h, HIPBLAS_OP_N, n, n, &one, A, n, x, 1, &zero, y, 1));
  CK2(cublasSgemv(h, CUBLAS_OP_N, n, n, &one, A, n, x, 1, &zero, y, 1));
  // CHECK: {{^}}  CK(hipblasSgemmStridedBatched(h, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &one, A, n, n * n, A, n, n * n, &zero, y, n, n * n, 2));
  CK(cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, A, n, n * n, A, n, n * n, &zero, y, n, n * n, 2));
  // CHECK: {{^}}  CK(hipblasSetStream(h, 0));
  CK(cublasSetStream_v2(h, 0));
  // CHECK: {{^}}  CK(AXPY(h, n, &one, x, y));
  CK(AXPY(h, n, &one, x, y));
  // CHECK: {{^}}  CK(hipblasDestroy(h));
  CK(cublasDestroy(h));
}
// CHECK-NOT: cublas{{[A-Z]}}
// DIAG-NOT: error
