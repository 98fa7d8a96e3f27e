#include <cuda_runtime.h>
__global__ void twice(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 2.0f;
}
int main() {
  float *d;
  cudaMalloc(&d, 256 * sizeof(float));
  twice<<<1, 256>>>(d, 256);
  cudaDeviceSynchronize();
  return 0;
}
