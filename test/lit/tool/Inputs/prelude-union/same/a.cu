#include <u_one.h>
#include <u_two.h>
#include <cuda_runtime.h>

int main() {
  float *p;
  cudaMalloc(&p, u_one() + u_two());
  cudaFree(p);
}
