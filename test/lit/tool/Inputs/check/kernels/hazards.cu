// Three AMD-only hazards: LDS beyond 64 KiB per workgroup (48 KiB static plus
// 48 KiB dynamic requested with cudaFuncSetAttribute), a 32-thread block on a
// wave64 target, and spills forced by __launch_bounds__(1024).
#include <cuda_runtime.h>
__global__ void big_lds(float *x) {
  __shared__ float tile[12288];
  extern __shared__ float dyn[];
  tile[threadIdx.x] = x[threadIdx.x];
  dyn[threadIdx.x] = tile[255 - threadIdx.x];
  __syncthreads();
  x[threadIdx.x] = dyn[threadIdx.x ^ 1];
}
__global__ void warp_block(float *x) { x[blockIdx.x * 32 + threadIdx.x] += 1.0f; }
__global__ void __launch_bounds__(1024) pressure(const float *in, float *out, int n) {
  float acc[192];
#pragma unroll
  for (int j = 0; j < 192; ++j)
    acc[j] = in[j * n + threadIdx.x];
  for (int it = 0; it < n; ++it) {
#pragma unroll
    for (int j = 0; j < 192; ++j)
      acc[j] = acc[j] * acc[(j + 7) % 192] + in[it * 192 + j];
  }
  float s = 0;
#pragma unroll
  for (int j = 0; j < 192; ++j)
    s += acc[j] * float(j);
  out[threadIdx.x] = s;
}
int main() {
  cudaFuncSetAttribute(big_lds, cudaFuncAttributeMaxDynamicSharedMemorySize, 48 * 1024);
  big_lds<<<1, 256, 48 * 1024>>>(nullptr);
  warp_block<<<8, 32>>>(nullptr);
  pressure<<<1, 1024>>>(nullptr, nullptr, 4);
  return 0;
}
