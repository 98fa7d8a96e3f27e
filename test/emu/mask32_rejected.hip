// Must fail to compile on the emulator (as on ROCm >= 7): 32-bit mask.
#include <hip/hip_runtime.h>
__global__ void k(float* p) { p[0] = __shfl_xor_sync(0xffffffff, p[0], 1); }
