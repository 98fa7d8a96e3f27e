#include <cuda_runtime.h>
__global__ void fill(float *x) { x[threadIdx.x] = 1.0f; }
inline void launch_fill(float *x) {
  fill<<<1, 64>>>(x);
  cudaDeviceSynchronize();
}
