// Host C++: nvcc compiles .cpp with the host compiler, so must the check.
#include "kernels.cuh"
#include <cstdio>

#if defined(__HIP__)
#error "host.cpp was compiled as HIP; nvcc compiles .cpp units as host C++"
#endif

float *alloc_floats(size_t n) {
  float *p = nullptr;
  if (cudaMalloc(&p, n * sizeof(float)) != cudaSuccess)
    std::fprintf(stderr, "cudaMalloc failed\n");
  return p;
}
