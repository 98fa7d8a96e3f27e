#include "../common.cuh"
__global__ void kb(float *p) { p[threadIdx.x] = 2 * warp_sum(p[threadIdx.x]); }
void rb(float *p) { kb<<<1, 64>>>(p); cudaStreamSynchronize(0); }
