// cu2hip CPU SIMT emulator: hipBLAS GemmEx / strided-batched / half GEMMs
// in float on the host (see hipblas_ex.h).
#include <hipblas/hipblas.h>

#include <cstdio>
#include <map>
#include <mutex>
#include <vector>

namespace cu2hip_emu {

bool supported_type(hipDataType t) {
  return t == HIP_R_32F || t == HIP_R_16F || t == HIP_R_16BF || t == HIP_R_64F;
}

float load_any(const void* p, hipDataType t, long long i) {
  switch (t) {
  case HIP_R_32F: return static_cast<const float*>(p)[i];
  case HIP_R_64F: return (float)static_cast<const double*>(p)[i];
  case HIP_R_16F: return f16::toFloat<f16::Binary16>(static_cast<const unsigned short*>(p)[i]);
  case HIP_R_16BF: return f16::toFloat<f16::BFloat16>(static_cast<const unsigned short*>(p)[i]);
  default: return 0;
  }
}

void store_any(void* p, hipDataType t, long long i, float v) {
  switch (t) {
  case HIP_R_32F: static_cast<float*>(p)[i] = v; break;
  case HIP_R_64F: static_cast<double*>(p)[i] = v; break;
  case HIP_R_16F:
    static_cast<unsigned short*>(p)[i] = f16::fromFloat<f16::Binary16>(v, f16::RN);
    break;
  case HIP_R_16BF:
    static_cast<unsigned short*>(p)[i] = f16::fromFloat<f16::BFloat16>(v, f16::RN);
    break;
  default: break;
  }
}

bool gemm_any(const char* call, hipblasOperation_t ta, hipblasOperation_t tb,
              int m, int n, int k, float alpha, const void* A, hipDataType at,
              long long lda, long long sa, const void* B, hipDataType bt,
              long long ldb, long long sb, float beta, const void* C,
              hipDataType ct, long long ldc, long long sc, void* D,
              hipDataType dt, long long ldd, long long sd, int batch) {
  for (hipDataType t : {at, bt, ct, dt})
    if (!supported_type(t)) {
      fprintf(stderr, "cu2hip-emu: %s: data type %d is not supported (fp32, fp64, fp16, bf16 are)\n",
              call, (int)t);
      return false;
    }
  // Real types only, so HIPBLAS_OP_C (conjugate transpose) is a transpose.
  const bool tA = ta != HIPBLAS_OP_N, tB = tb != HIPBLAS_OP_N;
  // op(A) as m x k and op(B)^T as n x k, row-major floats: the inner loop
  // runs over contiguous memory.
  std::vector<float> a((size_t)m * k), b((size_t)n * k);
  for (int s = 0; s < batch; ++s) {
    for (int i = 0; i < m; ++i)
      for (int p = 0; p < k; ++p)
        a[(size_t)i * k + p] = load_any(A, at, s * sa + (tA ? p + i * lda : i + p * lda));
    for (int j = 0; j < n; ++j)
      for (int p = 0; p < k; ++p)
        b[(size_t)j * k + p] = load_any(B, bt, s * sb + (tB ? j + p * ldb : p + j * ldb));
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i) {
        const float* ar = &a[(size_t)i * k];
        const float* br = &b[(size_t)j * k];
        float acc = 0;
        for (int p = 0; p < k; ++p) acc += ar[p] * br[p];
        float v = alpha * acc;
        if (beta != 0) v += beta * load_any(C, ct, s * sc + i + j * ldc);
        store_any(D, dt, s * sd + i + j * ldd, v);
      }
  }
  return true;
}

} // namespace cu2hip_emu

namespace {
std::mutex math_mode_lock;
std::map<hipblasHandle_t, hipblasMath_t>& math_modes() {
  static std::map<hipblasHandle_t, hipblasMath_t> m;
  return m;
}
/// alpha / beta of the Ex calls: float for the fp32 compute types, __half
/// for HIPBLAS_COMPUTE_16F, double for 64F.
float scalar(const void* p, hipblasComputeType_t c) {
  if (c == HIPBLAS_COMPUTE_16F || c == HIPBLAS_COMPUTE_16F_PEDANTIC)
    return float(*static_cast<const __half*>(p));
  if (c == HIPBLAS_COMPUTE_64F || c == HIPBLAS_COMPUTE_64F_PEDANTIC)
    return (float)*static_cast<const double*>(p);
  return *static_cast<const float*>(p);
}
bool compute_supported(const char* call, hipblasComputeType_t c) {
  if (c == HIPBLAS_COMPUTE_32I || c == HIPBLAS_COMPUTE_32I_PEDANTIC) {
    fprintf(stderr, "cu2hip-emu: %s: integer compute types are not supported\n", call);
    return false;
  }
  return true;
}
} // namespace

hipblasStatus_t hipblasSetMathMode(hipblasHandle_t h, hipblasMath_t mode) {
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  std::lock_guard<std::mutex> g(math_mode_lock);
  math_modes()[h] = mode; // every mode computes in full fp32 here
  return HIPBLAS_STATUS_SUCCESS;
}
hipblasStatus_t hipblasGetMathMode(hipblasHandle_t h, hipblasMath_t* mode) {
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (!mode) return HIPBLAS_STATUS_INVALID_VALUE;
  std::lock_guard<std::mutex> g(math_mode_lock);
  auto it = math_modes().find(h);
  *mode = it == math_modes().end() ? HIPBLAS_DEFAULT_MATH : it->second;
  return HIPBLAS_STATUS_SUCCESS;
}

hipblasStatus_t hipblasGemmStridedBatchedEx(
    hipblasHandle_t h, hipblasOperation_t ta, hipblasOperation_t tb, int m, int n,
    int k, const void* alpha, const void* A, hipDataType at, int lda,
    long long sa, const void* B, hipDataType bt, int ldb, long long sb,
    const void* beta, void* C, hipDataType ct, int ldc, long long sc, int batch,
    hipblasComputeType_t compute, hipblasGemmAlgo_t) {
  const char* call = "hipblasGemmStridedBatchedEx";
  if (!h) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (m < 0 || n < 0 || k < 0 || batch < 0 || !alpha || !beta)
    return HIPBLAS_STATUS_INVALID_VALUE;
  if (!compute_supported(call, compute)) return HIPBLAS_STATUS_NOT_SUPPORTED;
  if (!cu2hip_emu::gemm_any(call, ta, tb, m, n, k, scalar(alpha, compute), A, at,
                            lda, sa, B, bt, ldb, sb, scalar(beta, compute), C, ct,
                            ldc, sc, C, ct, ldc, sc, batch))
    return HIPBLAS_STATUS_NOT_SUPPORTED;
  return HIPBLAS_STATUS_SUCCESS;
}

hipblasStatus_t hipblasGemmEx(hipblasHandle_t h, hipblasOperation_t ta,
                              hipblasOperation_t tb, int m, int n, int k,
                              const void* alpha, const void* A, hipDataType at,
                              int lda, const void* B, hipDataType bt, int ldb,
                              const void* beta, void* C, hipDataType ct, int ldc,
                              hipblasComputeType_t compute, hipblasGemmAlgo_t algo) {
  return hipblasGemmStridedBatchedEx(h, ta, tb, m, n, k, alpha, A, at, lda, 0, B,
                                     bt, ldb, 0, beta, C, ct, ldc, 0, 1, compute,
                                     algo);
}

hipblasStatus_t hipblasHgemmStridedBatched(
    hipblasHandle_t h, hipblasOperation_t ta, hipblasOperation_t tb, int m, int n,
    int k, const hipblasHalf* alpha, const hipblasHalf* A, int lda, long long sa,
    const hipblasHalf* B, int ldb, long long sb, const hipblasHalf* beta,
    hipblasHalf* C, int ldc, long long sc, int batch) {
  return hipblasGemmStridedBatchedEx(h, ta, tb, m, n, k, alpha, A, HIP_R_16F, lda,
                                     sa, B, HIP_R_16F, ldb, sb, beta, C, HIP_R_16F,
                                     ldc, sc, batch, HIPBLAS_COMPUTE_16F,
                                     HIPBLAS_GEMM_DEFAULT);
}

hipblasStatus_t hipblasHgemm(hipblasHandle_t h, hipblasOperation_t ta,
                             hipblasOperation_t tb, int m, int n, int k,
                             const hipblasHalf* alpha, const hipblasHalf* A, int lda,
                             const hipblasHalf* B, int ldb, const hipblasHalf* beta,
                             hipblasHalf* C, int ldc) {
  return hipblasHgemmStridedBatched(h, ta, tb, m, n, k, alpha, A, lda, 0, B, ldb,
                                    0, beta, C, ldc, 0, 1);
}
