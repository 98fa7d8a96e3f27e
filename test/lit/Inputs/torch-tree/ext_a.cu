#include <torch/extension.h>
#include <cuda_runtime.h>
__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }
torch::Tensor scale_(torch::Tensor t) {
  scale<<<1, 32>>>(t.data_ptr<float>(), 2.f);
  cudaDeviceSynchronize();
  return t;
}
