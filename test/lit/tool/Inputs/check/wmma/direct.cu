// A tree's own AMD path that includes rocWMMA itself.
#include <cuda_runtime.h>
#if defined(__HIP_PLATFORM_AMD__)
#include <rocwmma/rocwmma.hpp>
#endif
__global__ void k(float *c) { c[threadIdx.x] = 0.0f; }
