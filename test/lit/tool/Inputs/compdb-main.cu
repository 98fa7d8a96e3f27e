#include <cuda_runtime.h>
#include "cfg.h"
#ifdef USE_X
__global__ void kx(float *p) { p[threadIdx.x] = __shfl_sync(0xffffffff, p[0], 0); }
void run(float *p) { kx<<<1, BLK>>>(p); }
#else
void run(float *p) { cudaFree(p); }
#endif
