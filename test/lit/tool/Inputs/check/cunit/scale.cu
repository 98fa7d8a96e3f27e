#include <cuda_runtime.h>
__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }
void run(float *x) { scale<<<1, 64>>>(x, 2.0f); }
