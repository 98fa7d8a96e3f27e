// COMPILE-CHECK: rocm72
struct CUstream_st;
typedef struct CUstream_st* cudaStream_t;
void enqueue(float* d, int n, cudaStream_t s);
#include <cuda_runtime.h>
__global__ void fill(float* d, int n) { if (threadIdx.x < n) d[threadIdx.x] = 0.f; }
void enqueue(float* d, int n, cudaStream_t s) { fill<<<1, 64, 0, s>>>(d, n); cudaStreamSynchronize(s); }
