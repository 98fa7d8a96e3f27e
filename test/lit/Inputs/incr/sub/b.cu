#include "../common.cuh"
#include "only-b.cuh"
__global__ void kb(float *p) { p[threadIdx.x] = __shfl_down_sync(0xffffffff, p[threadIdx.x], 1); }
void runb(float *d) {
  kb<<<1, 64>>>(d);
  check(cudaStreamSynchronize(0));
}
