// wmma-shape: a fragment whose shape or element type rocWMMA lacks on
// gfx942 (wave64) or gfx1100 (wave32), once per fragment type, by the
// canonical type of the parse (a constexpr shape counts). The names are
// ported all the same (rule wmma); 16x16x16 half/bf16/int8 fragments, which
// both targets have, are not reported. Each finding says that the software
// WMMA of cu2hip/wmma.h has the shape (wmma-compile.cu compiles this port
// with it for gfx942 and gfx1100), except for sub-byte fragments.
// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %strip %t.hip | FileCheck %s
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <mma.h>
using namespace nvcuda;
constexpr int M8 = 8;
__global__ void shapes(const double *d, const float *f, const unsigned char *u, const half *h,
                       const __nv_bfloat16 *bf, const signed char *s) {
  // DIAG: wmma-shape.cu:[[@LINE+1]]:9: warning: WMMA fragment <matrix_a, 8x8x4, double>: rocWMMA's f64 blocks are 16x16 (gfx90a and gfx942 only){{.*}}; with rocWMMA it compiles for no gfx target; cu2hip/wmma.h's software WMMA (used where rocWMMA is incomplete, or with -DCU2HIP_WMMA_SOFTWARE) has it on every gfx target, correct but slow [wmma-shape]
  wmma::fragment<wmma::matrix_a, M8, 8, 4, double, wmma::row_major> fd;
  // DIAG: wmma-shape.cu:[[@LINE+1]]:9: warning: WMMA fragment <matrix_a, 16x16x8, precision::tf32>: tf32 fragments are ported to rocWMMA's xfloat32_t ones, which only gfx942 has{{.*}}do not run it on gfx1100); with rocWMMA available on gfx942 only; cu2hip/wmma.h's software WMMA{{.*}}[wmma-shape]
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> ft;
  // DIAG: wmma-shape.cu:[[@LINE+1]]:9: warning: WMMA fragment <matrix_b, 16x16x16, unsigned char>: rocWMMA takes unsigned 8-bit inputs on gfx11 only (WMMA iu8){{.*}}; with rocWMMA available on gfx1100 only; cu2hip/wmma.h's software WMMA{{.*}}[wmma-shape]
  wmma::fragment<wmma::matrix_b, 16, 16, 16, unsigned char, wmma::col_major> fu;
  // DIAG: wmma-shape.cu:[[@LINE+1]]:9: warning: WMMA fragment <matrix_a, 32x8x16, __half>: rocWMMA blocks are square (16x16, or 32x32 on gfx9); CUDA's m32n8k16 has no counterpart; with rocWMMA it compiles for no gfx target; cu2hip/wmma.h's software WMMA{{.*}}[wmma-shape]
  wmma::fragment<wmma::matrix_a, 32, 8, 16, half, wmma::row_major> f32x8;
  // Both targets have these (bf16 through cu2hip/wmma.h, rule wmma): no finding.
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fb;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fh, fh2;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> fs;
  // A second fragment of a reported type: reported once.
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> fd2;
  // CHECK: {{^}}  wmma::load_matrix_sync(fd, d, 8);
  wmma::load_matrix_sync(fd, d, 8);
  wmma::load_matrix_sync(fh, h, 16);
  wmma::load_matrix_sync(fs, s, 16);
}
// DIAG-NOT: [wmma-shape]
