// rule wmma, tf32 fragments: wmma::precision::tf32 becomes rocWMMA's
// xfloat32_t (gfx942 only: wmma-shape says so), the float pointers of the
// fragment's loads are cast to rocwmma::xfloat32_t, and __float_to_tf32
// becomes cu2hip::wmma_float_to_tf32 (cu2hip/wmma.h, CUDA's rounding), in
// both the `wmma::` and the `nvcuda::wmma::` spelling. float accumulators and
// their loads and stores are unchanged.
// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err
// RUN: %strip %t.hip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// Without a parse the spellings wmma::precision::tf32 and
// wmma::__float_to_tf32 are ported too (no pointer casts: those need the
// callee's type).
// RUN: %cu2hip %s -o - --no-summary --no-semantic 2>/dev/null | %strip | FileCheck --check-prefix=TOK %s
// Compiled for gfx942 by wmma-compile.cu (with the software WMMA for gfx1100 too).
#include <cuda_runtime.h>
#include <mma.h>
// CHECK: #include <cu2hip/wmma.h>
using namespace nvcuda;
__global__ void tf32gemm(const float *a, const float *b, float *c) {
  // DIAG: wmma-tf32.cu:[[@LINE+3]]:9: warning: WMMA fragment <matrix_a, 16x16x8, precision::tf32>: {{.*}}; with rocWMMA available on gfx942 only; cu2hip/wmma.h's software WMMA (used where rocWMMA is incomplete, or with -DCU2HIP_WMMA_SOFTWARE) has it on every gfx target, correct but slow [wmma-shape]
  // CHECK: {{^}}  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::xfloat32_t, wmma::row_major> fa;
  // TOK: {{^}}  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::xfloat32_t, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
  // CHECK: {{^}}  rocwmma::fragment<wmma::matrix_b, 16, 16, 8, rocwmma::xfloat32_t, wmma::col_major> fb;
  nvcuda::wmma::fragment<wmma::matrix_b, 16, 16, 8, nvcuda::wmma::precision::tf32, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
  // CHECK: {{^}}  wmma::load_matrix_sync(acc, c, 16, wmma::mem_row_major);
  wmma::load_matrix_sync(acc, c, 16, wmma::mem_row_major);
  // CHECK: {{^}}  wmma::load_matrix_sync(fa, reinterpret_cast<const rocwmma::xfloat32_t *>(a), 16);
  wmma::load_matrix_sync(fa, a, 16);
  // CHECK: {{^}}  wmma::load_matrix_sync(fb, reinterpret_cast<const rocwmma::xfloat32_t *>(b), 16);
  wmma::load_matrix_sync(fb, b, 16);
  // CHECK: {{^}}  for (int t = 0; t < fa.num_elements; t++) fa.x[t] = cu2hip::wmma_float_to_tf32(fa.x[t]);
  for (int t = 0; t < fa.num_elements; t++) fa.x[t] = wmma::__float_to_tf32(fa.x[t]);
  // CHECK: {{^}}  for (int t = 0; t < fb.num_elements; t++) fb.x[t] = cu2hip::wmma_float_to_tf32(fb.x[t]);
  // TOK: {{^}}  for (int t = 0; t < fb.num_elements; t++) fb.x[t] = cu2hip::wmma_float_to_tf32(fb.x[t]);
  for (int t = 0; t < fb.num_elements; t++) fb.x[t] = nvcuda::wmma::__float_to_tf32(fb.x[t]);
  wmma::mma_sync(acc, fa, fb, acc);
  // CHECK: {{^}}  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}
// DIAG-NOT: [wave-wmma]
