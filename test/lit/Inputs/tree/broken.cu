#include <cuda_runtime.h>
void broken(float **p) {
  cudaMalloc(p, 4)
}
