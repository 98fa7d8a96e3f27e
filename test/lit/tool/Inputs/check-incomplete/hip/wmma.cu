#include <hip/hip_runtime.h>
#include <rocwmma/rocwmma.hpp>
__global__ void k() {}
