#include <u_two.h>
#include <u_one.h>

void b() {
  float *p;
  cudaMalloc(&p, u_two());
  cudaFree(p);
}
