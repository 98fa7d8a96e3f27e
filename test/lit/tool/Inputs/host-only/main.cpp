// A C++ source of a CUDA project: nvcc hands it to the host compiler.
#include <cuda_runtime.h>
void copy(float *d, const float *h, size_t n) {
#ifdef __CUDA_ARCH__
  cudaFree(d);
#else
  cudaMemcpy(d, h, n, cudaMemcpyHostToDevice);
#endif
}
