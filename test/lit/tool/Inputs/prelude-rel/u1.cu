// The three units start with the same SDK includes and a header found
// through a relative -I of their compile command (cfg.h, not ported).
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cfg.h>

#ifdef __CUDA_ARCH__
__device__ int device_side_only;
#endif

__global__ void fill(float *p) { p[threadIdx.x] = CFG_SCALE; }

void run(float *p) { cudaMalloc(&p, CFG_SCALE * sizeof(float)); }
