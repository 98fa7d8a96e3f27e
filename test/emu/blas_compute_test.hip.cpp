// cu2hip/blas.h: the legacy cuBLAS compute types (a cudaDataType, ported to
// hipDataType) as hipBLAS compute types, decided by the argument's type,
// and a GEMM through hipblasGemmEx with the converted compute type.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#include <cu2hip/blas.h>

#include <cstdio>
#include <vector>

static_assert(cu2hip::blas_compute_type(HIP_R_32F) == HIPBLAS_COMPUTE_32F, "R_32F");
static_assert(cu2hip::blas_compute_type(HIP_C_32F) == HIPBLAS_COMPUTE_32F, "C_32F");
static_assert(cu2hip::blas_compute_type(HIP_R_16F) == HIPBLAS_COMPUTE_16F, "R_16F");
static_assert(cu2hip::blas_compute_type(HIP_R_64F) == HIPBLAS_COMPUTE_64F, "R_64F");
static_assert(cu2hip::blas_compute_type(HIP_C_64F) == HIPBLAS_COMPUTE_64F, "C_64F");
static_assert(cu2hip::blas_compute_type(HIP_R_32I) == HIPBLAS_COMPUTE_32I, "R_32I");
static_assert(cu2hip::blas_compute_type(HIPBLAS_COMPUTE_32F_FAST_TF32) ==
                  HIPBLAS_COMPUTE_32F_FAST_TF32, "a compute type passes unchanged");

int main() {
  const int m = 3, n = 2, k = 4;
  std::vector<float> A(m * k), B(k * n), C(m * n, 0.f);
  for (int i = 0; i < m * k; ++i) A[i] = 0.5f * i - 1.f;
  for (int i = 0; i < k * n; ++i) B[i] = 1.f + i;
  float *dA, *dB, *dC;
  hipMalloc((void **)&dA, A.size() * 4); hipMalloc((void **)&dB, B.size() * 4);
  hipMalloc((void **)&dC, C.size() * 4);
  hipMemcpy(dA, A.data(), A.size() * 4, hipMemcpyHostToDevice);
  hipMemcpy(dB, B.data(), B.size() * 4, hipMemcpyHostToDevice);
  hipblasHandle_t h;
  hipblasCreate(&h);
  float one = 1.f, zero = 0.f;
  hipDataType legacy = HIP_R_32F; // a variable: the overload converts it
  hipblasStatus_t st = hipblasGemmEx(h, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &one, dA, HIP_R_32F,
                                     m, dB, HIP_R_32F, k, &zero, dC, HIP_R_32F, m,
                                     cu2hip::blas_compute_type(legacy), HIPBLAS_GEMM_DEFAULT);
  hipMemcpy(C.data(), dC, C.size() * 4, hipMemcpyDeviceToHost);
  int bad = st != HIPBLAS_STATUS_SUCCESS;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      float want = 0.f;
      for (int p = 0; p < k; ++p) want += A[p * m + i] * B[j * k + p];
      if (C[j * m + i] != want) {
        std::printf("MISMATCH C[%d,%d] = %g, want %g\n", i, j, C[j * m + i], want);
        ++bad;
      }
    }
  std::printf("blas-compute-type: GemmEx status %d, %d mismatches\n", (int)st, bad);
  hipblasDestroy(h);
  return bad ? 1 : 0;
}
