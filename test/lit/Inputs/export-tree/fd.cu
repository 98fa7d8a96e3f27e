#define ELEM double
#include "common.cuh"
#include "scale.cuh"
void fd(double *o, const double *i, int n) {
  scale<<<n / 256, 256>>>(o, i, n);
  check(cudaStreamSynchronize(0));
}
