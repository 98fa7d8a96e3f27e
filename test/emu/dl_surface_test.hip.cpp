// The HIP surface deep-learning kernels use, on the emulator: __align__,
// dynamic shared memory cast to a user type, launches of kernels that share
// their name with a host function or take NULL, fp16/bf16 packed arithmetic
// in kernels, host math in the global namespace, clock(), hipBLAS GemmEx /
// strided-batched in fp32/fp16/bf16, math mode, and hipBLASLt matmul with
// its epilogues, each against values computed here in double.
#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#include <hipblaslt/hipblaslt.h>

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

struct __align__(16) Quad {
  float v[4];
};
struct __align__(8) SumMax {
  float sum, max;
};

// HIP's include guards and the device attributes the CUDA samples'
// helper_cuda.h (as ported) reads to pick a device.
#if !defined(HIP_INCLUDE_HIP_HIP_RUNTIME_H) || !defined(HIP_INCLUDE_HIP_HIP_RUNTIME_API_H)
#error "HIP's include guards must be defined"
#endif
TEST(Surface, ComputeModeAndIntegratedAttributes) {
  int mode = -1, integrated = -1;
  EXPECT_EQ(hipDeviceGetAttribute(&mode, hipDeviceAttributeComputeMode, 0), hipSuccess);
  EXPECT_EQ(mode, hipComputeModeDefault);
  EXPECT_EQ(hipDeviceGetAttribute(&integrated, hipDeviceAttributeIntegrated, 0), hipSuccess);
  EXPECT_EQ(integrated, 0);
  EXPECT_NE(mode, hipComputeModeProhibited);
}

TEST(Surface, AlignOnStructs) {
  EXPECT_EQ(alignof(Quad), 16u);
  EXPECT_EQ(alignof(SumMax), 8u);
}

// Dynamic shared memory declared as char, used as Quad* (llm.c's
// `(x128*)shared` and reinterpret_cast forms).
__global__ void k_dyn_cast(const Quad* in, float* out) {
  HIP_DYNAMIC_SHARED(char, shared)
  Quad* s = reinterpret_cast<Quad*>(shared);
  Quad* s2 = (Quad*)shared + blockDim.x;
  int t = threadIdx.x;
  s[t] = in[t];
  s2[t] = in[blockDim.x - 1 - t];
  __syncthreads();
  Quad a = s[(t + 1) % blockDim.x], b = s2[t];
  out[t] = a.v[0] + a.v[3] + b.v[1];
}

TEST(Surface, DynamicSharedCastToUserType) {
  const int n = 48;
  Quad *in;
  float* out;
  hipMallocManaged(&in, n * sizeof(Quad));
  hipMallocManaged(&out, n * sizeof(float));
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < 4; ++j) in[i].v[j] = (float)(i * 10 + j);
  hipLaunchKernelGGL(k_dyn_cast, dim3(1), dim3(n), 2 * n * sizeof(Quad), 0, in, out);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  for (int t = 0; t < n; ++t) {
    int a = (t + 1) % n, b = n - 1 - t;
    EXPECT_EQ(out[t], (float)(a * 10 + a * 10 + 3 + b * 10 + 1)) << t;
  }
  hipFree(in);
  hipFree(out);
}

// A kernel and a host launcher of one name (llm.c's pattern), and a NULL
// pointer argument.
__global__ void scale_add(float* out, const float* in, const float* bias, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = s * in[i] + (bias ? bias[i] : 0.0f);
}
void scale_add(float* out, const float* in, float s, int n, int block) {
  hipLaunchKernelGGL(scale_add, dim3((n + block - 1) / block), dim3(block), 0, 0, out, in,
                     NULL, s, n);
}

TEST(Surface, LaunchOverloadedNameAndNull) {
  const int n = 100;
  float *in, *out;
  hipMallocManaged(&in, n * sizeof(float));
  hipMallocManaged(&out, n * sizeof(float));
  for (int i = 0; i < n; ++i) in[i] = (float)i - 7.5f;
  scale_add(out, in, 3.0f, n, 32);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  for (int i = 0; i < n; ++i) EXPECT_EQ(out[i], 3.0f * ((float)i - 7.5f)) << i;
  hipFree(in);
  hipFree(out);
}

// Packed bf16 / fp16 arithmetic in a kernel, against float arithmetic
// rounded once per operation.
__global__ void k_packed(const __hip_bfloat162* a, const __half2* h, __hip_bfloat162* ob,
                         __half2* oh) {
  int i = threadIdx.x;
  ob[i] = __hfma2(a[i], a[i], __floats2bfloat162_rn(1.0f, -1.0f));
  oh[i] = __hmul2(h2exp(__hneg2(h[i])), h[i]) + h[i];
}

TEST(Surface, PackedArithmeticInKernel) {
  const int n = 64;
  __hip_bfloat162* a;
  __half2* h;
  __hip_bfloat162* ob;
  __half2* oh;
  hipMallocManaged(&a, n * sizeof(*a));
  hipMallocManaged(&h, n * sizeof(*h));
  hipMallocManaged(&ob, n * sizeof(*ob));
  hipMallocManaged(&oh, n * sizeof(*oh));
  for (int i = 0; i < n; ++i) {
    a[i] = __floats2bfloat162_rn(0.37f * i - 3.1f, 1.0f / (i + 1));
    h[i] = __floats2half2_rn(0.05f * i, -0.03f * i);
  }
  hipLaunchKernelGGL(k_packed, dim3(1), dim3(n), 0, 0, a, h, ob, oh);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  for (int i = 0; i < n; ++i) {
    float x = __low2float(a[i]), y = __high2float(a[i]);
    // fma of bf16 values: one rounding of the exact x*x+1.
    EXPECT_EQ(__bfloat16_as_ushort(ob[i].x), __bfloat16_as_ushort(__float2bfloat16((float)((double)x * x + 1))));
    EXPECT_EQ(__bfloat16_as_ushort(ob[i].y), __bfloat16_as_ushort(__float2bfloat16((float)((double)y * y - 1))));
    float hx = __low2float(h[i]);
    __half e = __float2half(std::exp(-hx));
    __half p = __float2half((float)e * hx);
    __half want = __float2half((float)p + hx);
    EXPECT_EQ(__half_as_ushort(oh[i].x), __half_as_ushort(want)) << i;
  }
  hipFree(a); hipFree(h); hipFree(ob); hipFree(oh);
}

TEST(Surface, HostMathInGlobalNamespace) {
  volatile float zero = 0.0f;
  EXPECT_TRUE(::isfinite(1.0f));
  EXPECT_FALSE(::isfinite(1.0f / zero));
  EXPECT_TRUE(::isnan(zero / zero));
  EXPECT_TRUE(::isinf(-1.0 / zero));
  clock_t c0 = ::clock();
  volatile double s = 0;
  for (int i = 0; i < 2000000; ++i) s = s + std::sqrt((double)i);
  EXPECT_GT(::clock(), c0);
  EXPECT_GT(CLOCKS_PER_SEC, 0);
}

__global__ void k_clock(long long* t) {
  long long a = clock64();
  long long b = wall_clock64();
  t[threadIdx.x] = (b >= a) ? 1 : 0;
}
TEST(Surface, DeviceClocks) {
  long long* t;
  hipMallocManaged(&t, 32 * sizeof(long long));
  hipLaunchKernelGGL(k_clock, dim3(1), dim3(32), 0, 0, t);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  for (int i = 0; i < 32; ++i) EXPECT_EQ(t[i], 1);
  hipFree(t);
}

// ---- hipBLAS / hipBLASLt -------------------------------------------------
// Column-major reference: D = alpha op(A) op(B) + beta C, in double.
std::vector<double> ref_gemm(bool ta, bool tb, int m, int n, int k, double alpha,
                             const std::vector<float>& A, int lda, const std::vector<float>& B,
                             int ldb, double beta, const std::vector<float>& C, int ldc) {
  std::vector<double> D((size_t)ldc * n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      double s = 0;
      for (int p = 0; p < k; ++p)
        s += (double)(ta ? A[p + i * lda] : A[i + p * lda]) * (tb ? B[j + p * ldb] : B[p + j * ldb]);
      D[i + j * ldc] = alpha * s + beta * C[i + j * ldc];
    }
  return D;
}
std::vector<float> values(int n, float scale, int seed) {
  std::vector<float> v(n);
  unsigned s = 2654435761u * (seed + 1);
  for (auto& x : v) {
    s = s * 1664525u + 1013904223u;
    x = scale * ((float)(s >> 8) / (float)(1 << 24) - 0.5f);
  }
  return v;
}

TEST(HipBlas, GemmExBf16InFloatOutAndStridedBatched) {
  hipblasHandle_t h;
  ASSERT_EQ(hipblasCreate(&h), HIPBLAS_STATUS_SUCCESS);
  ASSERT_EQ(hipblasSetMathMode(h, HIPBLAS_TF32_TENSOR_OP_MATH), HIPBLAS_STATUS_SUCCESS);
  hipblasMath_t mode;
  ASSERT_EQ(hipblasGetMathMode(h, &mode), HIPBLAS_STATUS_SUCCESS);
  EXPECT_EQ(mode, HIPBLAS_TF32_TENSOR_OP_MATH);
  const int m = 5, n = 7, k = 9, batch = 3;
  // A stored transposed (k x m, lda k), bf16; B n x k... (op T), fp16; C fp32.
  std::vector<float> A = values(k * m * batch, 2, 1), B = values(n * k * batch, 2, 2),
                     C = values(m * n * batch, 1, 3);
  std::vector<__hip_bfloat16> Ab(A.size());
  std::vector<__half> Bh(B.size());
  for (size_t i = 0; i < A.size(); ++i) { Ab[i] = __float2bfloat16(A[i]); A[i] = float(Ab[i]); }
  for (size_t i = 0; i < B.size(); ++i) { Bh[i] = __float2half(B[i]); B[i] = float(Bh[i]); }
  std::vector<float> out = C;
  float alpha = 0.75f, beta = -0.5f;
  ASSERT_EQ(hipblasGemmStridedBatchedEx(h, HIPBLAS_OP_T, HIPBLAS_OP_T, m, n, k, &alpha, Ab.data(),
                                        HIP_R_16BF, k, k * m, Bh.data(), HIP_R_16F, n, n * k,
                                        &beta, out.data(), HIP_R_32F, m, m * n, batch,
                                        HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT),
            HIPBLAS_STATUS_SUCCESS);
  for (int s = 0; s < batch; ++s) {
    std::vector<float> As(A.begin() + s * k * m, A.begin() + (s + 1) * k * m);
    std::vector<float> Bs(B.begin() + s * n * k, B.begin() + (s + 1) * n * k);
    std::vector<float> Cs(C.begin() + s * m * n, C.begin() + (s + 1) * m * n);
    std::vector<double> want = ref_gemm(true, true, m, n, k, alpha, As, k, Bs, n, beta, Cs, m);
    for (int i = 0; i < m * n; ++i) EXPECT_NEAR(out[s * m * n + i], want[i], 1e-5) << s << " " << i;
  }
  // bf16 output: each element is the float result rounded once.
  std::vector<__hip_bfloat16> Db(m * n);
  float zero = 0;
  ASSERT_EQ(hipblasGemmEx(h, HIPBLAS_OP_T, HIPBLAS_OP_T, m, n, k, &alpha, Ab.data(), HIP_R_16BF,
                          k, Bh.data(), HIP_R_16F, n, &zero, Db.data(), HIP_R_16BF, m,
                          HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT),
            HIPBLAS_STATUS_SUCCESS);
  std::vector<double> want = ref_gemm(true, true, m, n, k, alpha, A, k, B, n, 0, C, m);
  for (int i = 0; i < m * n; ++i)
    EXPECT_NEAR(float(Db[i]), want[i], std::fabs(want[i]) * (1.0 / 128) + 1e-6) << i;
  // An unsupported type is refused, not computed.
  EXPECT_EQ(hipblasGemmEx(h, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &alpha, Ab.data(), HIP_R_8I, m,
                          Bh.data(), HIP_R_16F, k, &zero, Db.data(), HIP_R_16BF, m,
                          HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT),
            HIPBLAS_STATUS_NOT_SUPPORTED);
  hipblasDestroy(h);
}

// hipBLASLt as llm.c's matmul_forward calls it: out(OC x BT) = W^T(OC x C)
// * inp(C x BT) + bias, optionally GELU; then a bias gradient.
void lt_matmul(hipblasLtEpilogue_t epi, int OC, int C, int BT, const float* W, const float* inp,
               const float* bias, float* out, float* dbias = nullptr) {
  hipblasLtHandle_t lt;
  ASSERT_EQ(hipblasLtCreate(&lt), HIPBLAS_STATUS_SUCCESS);
  hipblasLtMatmulDesc_t desc;
  ASSERT_EQ(hipblasLtMatmulDescCreate(&desc, HIPBLAS_COMPUTE_32F, HIP_R_32F), HIPBLAS_STATUS_SUCCESS);
  hipblasOperation_t t = HIPBLAS_OP_T, nt = HIPBLAS_OP_N;
  ASSERT_EQ(hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_TRANSA, &t, sizeof(t)), 0);
  ASSERT_EQ(hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_TRANSB, &nt, sizeof(nt)), 0);
  ASSERT_EQ(hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi)), 0);
  const void* bp = dbias ? (const void*)dbias : (const void*)bias;
  ASSERT_EQ(hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_BIAS_POINTER, &bp, sizeof(bp)), 0);
  hipblasLtMatrixLayout_t wl, il, ol;
  ASSERT_EQ(hipblasLtMatrixLayoutCreate(&wl, HIP_R_32F, C, OC, C), 0);
  ASSERT_EQ(hipblasLtMatrixLayoutCreate(&il, HIP_R_32F, C, BT, C), 0);
  ASSERT_EQ(hipblasLtMatrixLayoutCreate(&ol, HIP_R_32F, OC, BT, OC), 0);
  hipblasLtMatmulPreference_t pref;
  ASSERT_EQ(hipblasLtMatmulPreferenceCreate(&pref), 0);
  size_t ws = 1 << 20;
  ASSERT_EQ(hipblasLtMatmulPreferenceSetAttribute(pref, HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof(ws)), 0);
  hipblasLtMatmulHeuristicResult_t heur;
  int got = 0;
  ASSERT_EQ(hipblasLtMatmulAlgoGetHeuristic(lt, desc, wl, il, ol, ol, pref, 1, &heur, &got), 0);
  ASSERT_EQ(got, 1);
  float alpha = 1, beta = 0;
  ASSERT_EQ(hipblasLtMatmul(lt, desc, &alpha, W, wl, inp, il, &beta, out, ol, out, ol, &heur.algo,
                            nullptr, ws, 0),
            HIPBLAS_STATUS_SUCCESS);
  hipblasLtMatmulPreferenceDestroy(pref);
  hipblasLtMatrixLayoutDestroy(wl);
  hipblasLtMatrixLayoutDestroy(il);
  hipblasLtMatrixLayoutDestroy(ol);
  hipblasLtMatmulDescDestroy(desc);
  hipblasLtDestroy(lt);
}

TEST(HipBlasLt, MatmulBiasGeluAndBiasGradient) {
  const int OC = 6, C = 8, BT = 5;
  std::vector<float> W = values(C * OC, 2, 4), inp = values(C * BT, 2, 5), bias = values(OC, 1, 6);
  std::vector<float> none(OC * BT, 0.0f);
  std::vector<double> mm = ref_gemm(true, false, OC, BT, C, 1, W, C, inp, C, 0, none, OC);
  std::vector<float> out(OC * BT);
  lt_matmul(HIPBLASLT_EPILOGUE_BIAS, OC, C, BT, W.data(), inp.data(), bias.data(), out.data());
  for (int j = 0; j < BT; ++j)
    for (int i = 0; i < OC; ++i) EXPECT_NEAR(out[i + j * OC], mm[i + j * OC] + bias[i], 1e-5);
  lt_matmul(HIPBLASLT_EPILOGUE_GELU_BIAS, OC, C, BT, W.data(), inp.data(), bias.data(), out.data());
  for (int j = 0; j < BT; ++j)
    for (int i = 0; i < OC; ++i) {
      double x = mm[i + j * OC] + bias[i];
      double g = 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
      EXPECT_NEAR(out[i + j * OC], g, 1e-5);
    }
  // BGRADB: the bias gradient sums op(B) = inp over k (C) for each column.
  std::vector<float> dbias(BT, -99.0f);
  lt_matmul(HIPBLASLT_EPILOGUE_BGRADB, OC, C, BT, W.data(), inp.data(), nullptr, out.data(),
            dbias.data());
  for (int j = 0; j < BT; ++j) {
    double s = 0;
    for (int p = 0; p < C; ++p) s += inp[p + j * C];
    EXPECT_NEAR(dbias[j], s, 1e-5) << j;
  }
}

TEST(HipBlasLt, UnsupportedEpilogueIsRefused) {
  hipblasLtMatmulDesc_t desc;
  ASSERT_EQ(hipblasLtMatmulDescCreate(&desc, HIPBLAS_COMPUTE_32F, HIP_R_32F), 0);
  hipblasLtEpilogue_t e = HIPBLASLT_EPILOGUE_DGELU;
  EXPECT_EQ(hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_EPILOGUE, &e, sizeof(e)),
            HIPBLAS_STATUS_NOT_SUPPORTED);
  hipblasLtMatmulDescDestroy(desc);
}

} // namespace

namespace {
// A kernel template whose parameter type is deduced from an integer
// argument gets the integer type itself.
template <class T> __global__ void k_deduced(T v, int* out) {
  out[threadIdx.x] = (std::is_same<T, long long>::value ? 800 : 0) + (int)v;
}
TEST(Surface, LaunchDeducesTemplateFromInteger) {
  int* out;
  hipMallocManaged(&out, 4 * sizeof(int));
  long long big = 7;
  hipLaunchKernelGGL(k_deduced, dim3(1), dim3(4), 0, 0, big, out);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(out[i], 807);
  hipFree(out);
}
// The allocation holding a pointer (cu2hip's launch recorder sizes buffers by it), memory
// advice's argument checks, the profiler calls, max on size_t.
TEST(Surface, AddressRangeAdviceProfiler) {
  float* p = nullptr;
  ASSERT_EQ(hipMalloc((void**)&p, 1000 * sizeof(float)), hipSuccess);
  hipDeviceptr_t base = nullptr;
  size_t size = 0;
  ASSERT_EQ(hipMemGetAddressRange(&base, &size, p + 250), hipSuccess);
  EXPECT_EQ(base, (hipDeviceptr_t)p);
  EXPECT_EQ(size, 1000 * sizeof(float));
  int local = 0;
  EXPECT_EQ(hipMemGetAddressRange(&base, &size, &local), hipErrorNotFound);
  EXPECT_EQ(hipMemAdvise(p, 4000, hipMemAdviseSetPreferredLocation, hipCpuDeviceId), hipSuccess);
  EXPECT_EQ(hipMemAdvise(p, 4000, hipMemAdviseSetPreferredLocation, 99), hipErrorInvalidDevice);
  EXPECT_EQ(hipMemAdvise(p, 4000, (hipMemoryAdvise)42, 0), hipErrorInvalidValue);
  hipMemLocation loc{hipMemLocationTypeDevice, 0};
  EXPECT_EQ(loc.type, 1);
  EXPECT_EQ(hipProfilerStart(), hipSuccess);
  EXPECT_EQ(hipProfilerStop(), hipSuccess);
  size_t a = 3, b = 7;
  size_t& rb = b;
  EXPECT_EQ(max(a, rb), 7u);
  EXPECT_EQ(min(a, rb), 3u);
  hipGetLastError();
  hipFree(p);
}
} // namespace
