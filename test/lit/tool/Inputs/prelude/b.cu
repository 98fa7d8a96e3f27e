#include <cuda_runtime.h>
#include <stdio.h>
#define A_FEATURE 1
#include "shared.cuh"

void helper(float *p) {
  undeclared_helper(p);
  cudaFree(p)
}
