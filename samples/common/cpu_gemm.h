// samples/common/cpu_gemm.h — the CPU references' row-major GEMM with the same conventions as
// gemmRowMajor in cuda_check.cuh (A stored [M][K] or [K][M] when transA; B stored [K][N] or
// [N][K] when transB). Plain loops, float accumulation in k order.
#ifndef SAMPLES_COMMON_CPU_GEMM_H
#define SAMPLES_COMMON_CPU_GEMM_H

#include <vector>

inline void cpuGemm(bool transA, bool transB, int M, int N, int K, float alpha, const float *A,
                    const float *B, float beta, float *C) {
  std::vector<float> row(N);
  for (int i = 0; i < M; ++i) {
    for (int j = 0; j < N; ++j)
      row[j] = 0.0f;
    for (int k = 0; k < K; ++k) {
      float a = transA ? A[(size_t)k * M + i] : A[(size_t)i * K + k];
      if (a == 0.0f)
        continue;
      if (transB)
        for (int j = 0; j < N; ++j) row[j] += a * B[(size_t)j * K + k];
      else
        for (int j = 0; j < N; ++j) row[j] += a * B[(size_t)k * N + j];
    }
    for (int j = 0; j < N; ++j) {
      float c = beta == 0.0f ? 0.0f : beta * C[(size_t)i * N + j];
      C[(size_t)i * N + j] = alpha * row[j] + c;
    }
  }
}

inline void cpuGemmStridedBatched(bool transA, bool transB, int M, int N, int K, float alpha,
                                  const float *A, long long strideA, const float *B,
                                  long long strideB, float beta, float *C, long long strideC,
                                  int batch) {
  for (int b = 0; b < batch; ++b)
    cpuGemm(transA, transB, M, N, K, alpha, A + b * strideA, B + b * strideB, beta,
            C + b * strideC);
}

#endif // SAMPLES_COMMON_CPU_GEMM_H
