#include <stdio.h>
#include <assert.h>
#include <cuda_runtime.h>
#include <base_sys.h>

__global__ void scale(float *x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= s;
}

void run(float *d, int n) {
  scale<<<(n + 255) / 256, 256>>>(d, 2.0f, n);
  cudaError_t e = cudaGetLastError();
  assert(e == cudaSuccess);
  printf("%d\n", base_sys_twice(n));
}
