#include <cuda_runtime.h>
#include <mma.h>
using namespace nvcuda;
__global__ void k(float *x) {
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
  wmma::fill_fragment(c, 0.f);
}
