/* A C unit of a tree whose C++ units are built with -std=c++17. */
#include <cuda_runtime_api.h>
#include <stddef.h>
int device_alloc(void **p, size_t n) { return cudaMalloc(p, n) == cudaSuccess ? 0 : 1; }
