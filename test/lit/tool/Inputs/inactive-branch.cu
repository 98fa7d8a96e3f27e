#include <cuda_runtime.h>
void f(float **p) {
#if 0
  cudaMallocManaged((void **)p, 16);
#else
  cudaMalloc((void **)p, 16);
#endif
}
