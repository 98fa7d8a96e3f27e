// REQUIRES: slow
// (ports whole trees or one file in many modes: left out of check-cu2hip-quick)
// Porting the output again changes nothing, in every mode.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cu2hip %s -o %t/a.hip.cu --no-summary 2>/dev/null
// RUN: %cu2hip %t/a.hip.cu -o %t/b.hip.cu --no-summary 2>/dev/null
// RUN: diff %t/a.hip.cu %t/b.hip.cu
// RUN: %cu2hip %s -o %t/g1.cu --launch=ggl --no-summary 2>/dev/null
// RUN: %cu2hip %t/g1.cu -o %t/g2.cu --launch=ggl --no-summary 2>/dev/null
// RUN: diff %t/g1.cu %t/g2.cu
// RUN: %cu2hip %s -o %t/m1.cu --dynamic-shared=macro --no-summary 2>/dev/null
// RUN: %cu2hip %t/m1.cu -o %t/m2.cu --dynamic-shared=macro --no-summary 2>/dev/null
// RUN: diff %t/m1.cu %t/m2.cu
#include <cuda_runtime.h>
#include <cub/cub.cuh>
__constant__ float c[4];
template <typename T, int N> __global__ void __launch_bounds__(128, 2) k(T *p) {
  extern __shared__ float sm[];
  using WR = cub::WarpReduce<T>;
  unsigned b = __ballot_sync(0xffffffff, p[0] > 0);
  p[threadIdx.x] = __shfl_xor_sync(0xffffffff, p[0], 1) + sm[0] + b + warpSize;
}
void f(float *p, const float *h, cudaStream_t s) {
  cudaMemcpyToSymbol(c, h, sizeof(c));
  k<float, 4><<<dim3(1), 128, 0, s>>>(p);
  cudaFuncSetAttribute(k<float, 4>, cudaFuncAttributeMaxDynamicSharedMemorySize, 1024);
}
