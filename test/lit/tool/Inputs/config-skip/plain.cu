// Never names USE_FAST: a --config=-DUSE_FAST parse would be the host's.
// The device-only branch does not matter to that proof (the device parse is
// always run).
#include <cuda_runtime.h>

#ifdef __CUDA_ARCH__
__device__ int device_side;
#else
static int host_side;
#endif

__global__ void scale(float *p) { p[threadIdx.x] *= 2.0f; }

void run(float *p) { cudaFree(p); }
