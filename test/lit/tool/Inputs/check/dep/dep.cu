// The stand-in HIP compiler reports a dependency's header missing for any
// file named dep.cu; the stand-in nvcc accepts it.
#include <cuda_runtime.h>
__global__ void scale(float *x) { x[threadIdx.x] *= 2.0f; }
