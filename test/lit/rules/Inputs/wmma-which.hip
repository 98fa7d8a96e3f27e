// Which WMMA cu2hip/wmma.h chose, for rules/wmma-compile.cu: WANT_SOFT is 1
// for its software WMMA (cu2hip/wmma_soft.h), 0 for rocWMMA.
#include <cu2hip/wmma.h>
static_assert(CU2HIP_WMMA_IS_SOFTWARE == WANT_SOFT, "cu2hip/wmma.h chose the other WMMA");
__global__ void which(float *c) {
  rocwmma::fragment<rocwmma::accumulator, 16, 16, 16, float> acc;
  rocwmma::fill_fragment(acc, 1.0f);
  rocwmma::store_matrix_sync(c, acc, 16, rocwmma::mem_row_major);
}
