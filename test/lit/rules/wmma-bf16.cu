// rule wmma, bf16 fragments: rocWMMA's bf16 element type is
// rocwmma::bfloat16_t (hip_bfloat16), not HIP's __hip_bfloat16 (CUDA's
// __nv_bfloat16). The element type argument becomes
// cu2hip::wmma_elem_t<__hip_bfloat16> (cu2hip/wmma.h), the pointers of the
// fragment's loads are cast to rocwmma::bfloat16_t, and a fill value to it.
// float accumulators and their stores are unchanged.
// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err
// RUN: %strip %t.hip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// Compiled for gfx942 and gfx1100 by wmma-compile.cu.
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <mma.h>
// CHECK: #include <cu2hip/wmma.h>
using namespace nvcuda;
__global__ void bf16gemm(const __nv_bfloat16 *a, const __nv_bfloat16 *b, float *c) {
  // CHECK: {{^}}  wmma::fragment<wmma::matrix_a, 16, 16, 16, cu2hip::wmma_elem_t<__hip_bfloat16>, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
  // CHECK: {{^}}  rocwmma::fragment<rocwmma::matrix_b, 16, 16, 16, cu2hip::wmma_elem_t<__hip_bfloat16>, rocwmma::col_major> fb;
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_b, 16, 16, 16, __nv_bfloat16, nvcuda::wmma::col_major> fb;
  // CHECK: {{^}}  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  // CHECK: {{^}}  wmma::fill_fragment(fa, static_cast<rocwmma::bfloat16_t>(1.0f));
  wmma::fill_fragment(fa, 1.0f);
  // CHECK: {{^}}  wmma::load_matrix_sync(fa, reinterpret_cast<const rocwmma::bfloat16_t *>(a + 16 * threadIdx.y), 16);
  wmma::load_matrix_sync(fa, a + 16 * threadIdx.y, 16);
  // CHECK: {{^}}  wmma::load_matrix_sync(fb, reinterpret_cast<const rocwmma::bfloat16_t *>(b), 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(acc, fa, fb, acc);
  // CHECK: {{^}}  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}
// DIAG-NOT: [wmma-shape]
