// Tests the include guard of the SDK's cuda_fp16.h, which the bundled
// headers (#pragma once) leave undefined: the SDK decides the branch.
#include <cuda_fp16.h>
#include <cuda_runtime.h>
void pick(void **p) {
#ifdef __CUDA_FP16_H__
  cudaMalloc(p, 16);
#else
  cudaMallocHost(p, 16);
#endif
}
