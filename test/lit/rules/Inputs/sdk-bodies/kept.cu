// A kernel whose element calls a math function of Clang's CUDA wrappers and a
// bf16 conversion of cuda_bf16.hpp: those headers keep their bodies in the
// device parse, so --vectorize follows them without a second parse.
#include <cuda_runtime.h>
#include <cuda_bf16.h>

__global__ void act(__nv_bfloat16 *__restrict__ y, const __nv_bfloat16 *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = __float2bfloat16(expf(__bfloat162float(x[i])));
}
