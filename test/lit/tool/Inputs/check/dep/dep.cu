#include <cuda_runtime.h>
#include <torch/extension.h>
__global__ void scale(float *x) { x[threadIdx.x] *= 2.0f; }
