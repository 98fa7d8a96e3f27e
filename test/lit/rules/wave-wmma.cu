// nvcuda::wmma -> rocWMMA (rule wmma): <mma.h> becomes <cu2hip/wmma.h>
// (rocWMMA, or cu2hip's software WMMA where rocWMMA is incomplete),
// the qualifier nvcuda::wmma becomes rocwmma, `using namespace nvcuda;` the
// alias `namespace wmma = rocwmma;` (so `wmma::` resolves to rocWMMA's names,
// the layout_t values mem_row_major/mem_col_major included), and
// fill_fragment's value is cast to the fragment's element type (rocWMMA
// deduces it from both arguments). wave-wmma: fragment elements indexed by
// lane; a loop over num_elements applying one operation is not reported.
// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err
// RUN: %strip %t.hip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary --no-semantic 2>%t.err2 | %strip | FileCheck --check-prefix=TOK %s
// RUN: FileCheck --check-prefix=TOKDIAG %s < %t.err2
// Compiled for gfx942 and gfx1100 by wmma-compile.cu.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
// CHECK: #include <cu2hip/wmma.h>
// TOK: #include <cu2hip/wmma.h>
#include <mma.h>
// CHECK: {{^}}namespace wmma = rocwmma;
// TOK: {{^}}namespace wmma = rocwmma;
using namespace nvcuda;
__global__ void gemm16(const half *a, const half *b, float *c, half *h) {
  // CHECK: {{^}}  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  // CHECK: {{^}}  rocwmma::fragment<rocwmma::accumulator, 16, 16, 16, half> hacc;
  // TOK: {{^}}  rocwmma::fragment<rocwmma::accumulator, 16, 16, 16, half> hacc;
  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, half> hacc;
  // CHECK: {{^}}  wmma::fill_fragment(acc, 0.0f);
  wmma::fill_fragment(acc, 0.0f);
  // CHECK: {{^}}  wmma::fill_fragment(hacc, static_cast<__half>(0.0f));
  wmma::fill_fragment(hacc, 0.0f);
  // CHECK: {{^}}  wmma::fill_fragment(acc, static_cast<float>(0));
  wmma::fill_fragment(acc, 0);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(acc, fa, fb, acc);
  for (int i = 0; i < acc.num_elements; i++)
    acc.x[i] = 2.0f * acc.x[i];
  // DIAG: wave-wmma.cu:[[@LINE+1]]:25: warning: fragment element indexed by '[threadIdx.x % 8]': {{.*}}rocWMMA's differs, and differs between wave64 and wave32; cu2hip's software WMMA holds the row-major tile's element i * 32 + lane [wave-wmma]
  c[threadIdx.x] += acc.x[threadIdx.x % 8];
  // CHECK: {{^}}  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
  // CHECK: {{^}}  rocwmma::store_matrix_sync(h, hacc, 16, rocwmma::mem_col_major);
  nvcuda::wmma::store_matrix_sync(h, hacc, 16, nvcuda::wmma::mem_col_major);
}
// DIAG-NOT: [wave-wmma]
// DIAG-NOT: [wmma-shape]
// Without a parse: the spelling nvcuda::wmma and the directive are ported,
// with a note; fill_fragment's element type is unknown, so no cast.
// TOK: {{^}}  wmma::fill_fragment(hacc, 0.0f);
// TOKDIAG: wave-wmma.cu:{{[0-9]+}}:11: note: 'nvcuda::wmma' recognised by its spelling: the file was not parsed{{.*}}[wmma]
