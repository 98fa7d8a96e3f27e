// A function-like macro named like CUDA's umin, defined before the CUDA
// include (nvcc's implicit cuda_runtime.h comes first, so this is valid
// CUDA): <cu2hip/implicit.h>, included after it, must still compile.
#define umin(a, b) ((a) < (b) ? (a) : (b))
#include <cuda_runtime.h>

__global__ void k(unsigned *u) { u[threadIdx.x] = umin(u[threadIdx.x], 3u) + ullmax(1ull, 2ull); }
