// cu2hip CPU SIMT emulator: hipBLAS subset on a host CBLAS.
#include <hipblas/hipblas.h>

#include <cstdio>

#if CU2HIP_EMU_HAVE_CBLAS
#include <cblas.h>
#endif

struct hipblasContext {
  hipStream_t stream;
  hipblasPointerMode_t mode;
};

hipblasStatus_t hipblasCreate(hipblasHandle_t* h) {
  if (!h) return HIPBLAS_STATUS_INVALID_VALUE;
  *h = new hipblasContext{nullptr, HIPBLAS_POINTER_MODE_HOST};
  return HIPBLAS_STATUS_SUCCESS;
}
hipblasStatus_t hipblasDestroy(hipblasHandle_t h) {
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  delete h;
  return HIPBLAS_STATUS_SUCCESS;
}
hipblasStatus_t hipblasSetStream(hipblasHandle_t h, hipStream_t s) {
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  h->stream = s;
  return HIPBLAS_STATUS_SUCCESS;
}
hipblasStatus_t hipblasGetStream(hipblasHandle_t h, hipStream_t* s) {
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (!s) return HIPBLAS_STATUS_INVALID_VALUE;
  *s = h->stream;
  return HIPBLAS_STATUS_SUCCESS;
}
hipblasStatus_t hipblasSetPointerMode(hipblasHandle_t h, hipblasPointerMode_t m) {
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  h->mode = m;  // device memory is host memory: both modes read alpha directly
  return HIPBLAS_STATUS_SUCCESS;
}
hipblasStatus_t hipblasGetPointerMode(hipblasHandle_t h, hipblasPointerMode_t* m) {
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (!m) return HIPBLAS_STATUS_INVALID_VALUE;
  *m = h->mode;
  return HIPBLAS_STATUS_SUCCESS;
}

#if CU2HIP_EMU_HAVE_CBLAS
namespace {
bool to_cblas(hipblasOperation_t op, CBLAS_TRANSPOSE* t) {
  switch (op) {
    case HIPBLAS_OP_N: *t = CblasNoTrans; return true;
    case HIPBLAS_OP_T: *t = CblasTrans; return true;
    case HIPBLAS_OP_C: *t = CblasConjTrans; return true;
  }
  return false;
}
hipblasStatus_t check(hipblasHandle_t h, hipblasOperation_t ta,
                      hipblasOperation_t tb, int m, int n, int k, int lda,
                      int ldb, int ldc) {
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (m < 0 || n < 0 || k < 0) return HIPBLAS_STATUS_INVALID_VALUE;
  int arows = ta == HIPBLAS_OP_N ? m : k;
  int brows = tb == HIPBLAS_OP_N ? k : n;
  if (lda < (arows > 1 ? arows : 1) || ldb < (brows > 1 ? brows : 1) ||
      ldc < (m > 1 ? m : 1))
    return HIPBLAS_STATUS_INVALID_VALUE;
  return HIPBLAS_STATUS_SUCCESS;
}
}  // namespace
#endif

hipblasStatus_t hipblasSgemm(hipblasHandle_t h, hipblasOperation_t ta,
                             hipblasOperation_t tb, int m, int n, int k,
                             const float* alpha, const float* A, int lda,
                             const float* B, int ldb, const float* beta, float* C,
                             int ldc) {
#if CU2HIP_EMU_HAVE_CBLAS
  hipblasStatus_t st = check(h, ta, tb, m, n, k, lda, ldb, ldc);
  if (st != HIPBLAS_STATUS_SUCCESS) return st;
  CBLAS_TRANSPOSE a, b;
  if (!to_cblas(ta, &a) || !to_cblas(tb, &b)) return HIPBLAS_STATUS_INVALID_ENUM;
  if (m == 0 || n == 0) return HIPBLAS_STATUS_SUCCESS;
  cblas_sgemm(CblasColMajor, a, b, m, n, k, *alpha, A, lda, B, ldb, *beta, C, ldc);
  return HIPBLAS_STATUS_SUCCESS;
#else
  (void)h; (void)ta; (void)tb; (void)m; (void)n; (void)k; (void)alpha; (void)A;
  (void)lda; (void)B; (void)ldb; (void)beta; (void)C; (void)ldc;
  std::fprintf(stderr, "cu2hip-emu: hipblasSgemm: emulator built without CBLAS\n");
  return HIPBLAS_STATUS_NOT_SUPPORTED;
#endif
}

hipblasStatus_t hipblasSgemmStridedBatched(
    hipblasHandle_t h, hipblasOperation_t ta, hipblasOperation_t tb, int m, int n,
    int k, const float* alpha, const float* A, int lda, long long strideA,
    const float* B, int ldb, long long strideB, const float* beta, float* C,
    int ldc, long long strideC, int batch) {
  if (batch < 0) return HIPBLAS_STATUS_INVALID_VALUE;
  for (int i = 0; i < batch; ++i) {
    hipblasStatus_t st =
        hipblasSgemm(h, ta, tb, m, n, k, alpha, A + i * strideA, lda,
                     B + i * strideB, ldb, beta, C + i * strideC, ldc);
    if (st != HIPBLAS_STATUS_SUCCESS) return st;
  }
  return HIPBLAS_STATUS_SUCCESS;
}

hipblasStatus_t hipblasSgemmBatched(hipblasHandle_t h, hipblasOperation_t ta,
                                    hipblasOperation_t tb, int m, int n, int k,
                                    const float* alpha, const float* const A[],
                                    int lda, const float* const B[], int ldb,
                                    const float* beta, float* const C[], int ldc,
                                    int batch) {
  if (batch < 0) return HIPBLAS_STATUS_INVALID_VALUE;
  for (int i = 0; i < batch; ++i) {
    hipblasStatus_t st = hipblasSgemm(h, ta, tb, m, n, k, alpha, A[i], lda, B[i],
                                      ldb, beta, C[i], ldc);
    if (st != HIPBLAS_STATUS_SUCCESS) return st;
  }
  return HIPBLAS_STATUS_SUCCESS;
}
