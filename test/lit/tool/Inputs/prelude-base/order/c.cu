#include <stdio.h>

__global__ void zero(int *x) { x[threadIdx.x] = 0; }

void launch(int *d) {
  zero<<<1, 64>>>(d);
  cudaStreamSynchronize(0);
  printf("zeroed\n");
}
