#include "common.cuh"
__global__ void ka(float *p) { p[threadIdx.x] = twice(p[threadIdx.x]); }
void runa(float *d) {
  ka<<<1, 64>>>(d);
  check(cudaDeviceSynchronize());
}
