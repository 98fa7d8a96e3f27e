// wmma-shape: CUDA's sub-byte fragments (wmma::experimental::precision u4,
// s4, b1) exist neither in rocWMMA nor in cu2hip's software WMMA, so their
// finding does not offer it; a double m8n8k4 fragment's does.
// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
#include <mma.h>
using namespace nvcuda;
__global__ void k() {
  // DIAG: wmma-shape-subbyte.cu:[[@LINE+2]]:9: warning: WMMA fragment <matrix_a, 8x8x32, experimental::precision::u4>: rocWMMA has no 1-bit or 4-bit fragments (wmma::experimental::precision); it compiles for no gfx target [wmma-shape]
  // DIAG-NEXT: note: fix: keep a CUDA-only path for it, or rewrite the kernel for a block rocWMMA has
  wmma::fragment<wmma::matrix_a, 8, 8, 32, wmma::experimental::precision::u4, wmma::row_major> f4;
  // DIAG: wmma-shape-subbyte.cu:[[@LINE+2]]:9: warning: WMMA fragment <matrix_a, 8x8x4, double>: {{.*}}; with rocWMMA it compiles for no gfx target; cu2hip/wmma.h's software WMMA (used where rocWMMA is incomplete, or with -DCU2HIP_WMMA_SOFTWARE) has it on every gfx target, correct but slow [wmma-shape]
  // DIAG-NEXT: note: fix: build with -DCU2HIP_WMMA_SOFTWARE (correct, slow), keep a CUDA-only path for it, or rewrite the kernel for a block rocWMMA has
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> fd;
}
