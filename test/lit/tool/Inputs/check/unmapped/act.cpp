#include <cudnn.h>

int activation(cudnnHandle_t h) {
  cudnnCreate(&h);
  int layout = 1;
  return layout ? CUDNN_TENSOR_NHWC : 0;
}
