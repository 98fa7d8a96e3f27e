#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime.h>
#define ENABLE_BF16

__global__ void kern(float *x) { x[threadIdx.x] = 1.0f; }
