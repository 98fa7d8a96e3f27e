#include <hip/hip_runtime.h>

__global__ void ok_kernel(float *p) { p[threadIdx.x] = 1.0f; }

__global__ void pressure(float *p, int n) {
  p[n] = 2.0f;
}
