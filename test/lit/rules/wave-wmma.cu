// nvcuda::wmma fragments: finding (warp-size specific layouts; use rocWMMA).
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
#include <mma.h>
using namespace nvcuda;
__global__ void k(const half *a, float *c) {
  // CHECK: {{^}}  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, float> acc;
  // DIAG: wave-wmma.cu:[[@LINE+2]]:11: warning: nvcuda::wmma fragment layouts are warp-size specific [wave-wmma]
  // DIAG-NEXT: note: fix: port to rocWMMA
  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, float> acc;
  nvcuda::wmma::fill_fragment(acc, 0.0f);
  nvcuda::wmma::store_matrix_sync(c, acc, 16, nvcuda::wmma::mem_row_major);
}
