// COMPILE-CHECK: rocm72
#ifdef USE_HIP
#include "no-such-hip-compat.h"
#endif
#include <cstdio>
__global__ void k(float *x) { x[0] = __shfl_xor_sync(0xffffffff, x[0], 1); }
