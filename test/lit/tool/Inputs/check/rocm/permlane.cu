// A cross-lane builtin that only RDNA 3 (gfx11) has: gfx942 rejects it.
#include <cuda_runtime.h>
__global__ void rotate(int *x) {
#ifdef __HIP_DEVICE_COMPILE__
  x[threadIdx.x] = __builtin_amdgcn_permlane16(0, x[threadIdx.x], 0x76543210, 0xfedcba98, false, false);
#endif
}
int main() { rotate<<<1, 64>>>(nullptr); return 0; }
