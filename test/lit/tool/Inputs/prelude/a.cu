// Starts with SDK includes, a define the SDK never looks at, and a ported
// header that starts with SDK includes too: all of it is the shared prelude.
#include <cuda_runtime.h>
#include <stdio.h>
#define A_FEATURE 1
#include "shared.cuh"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
__device__ int newer_arch_only;
#endif
#ifdef NOT_DEFINED
static void unused() { cudaDeviceReset(); }
#endif

__global__ void scale(float *p) { p[threadIdx.x] = twice(p[threadIdx.x]); }

int main() {
  float *p;
  curandState s;
  cudaMalloc(&p, 64 * sizeof(float));
  scale<<<1, 64>>>(p);
  cudaFree(p);
  return s.seed;
}
