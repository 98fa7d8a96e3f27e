#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cfg.h>

void release(float *p) {
  cudaFree(p);
  missing_helper(p);
}
