// wave-block-load by declaration identity: CUB's enumerators are rewritten,
// a user's enumerator of the same name is not. Without a parse the cub::
// qualified one is rewritten and the others are reported by spelling.
// RUN: %cu2hip %s -o /dev/null --no-summary 2>%t.err
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o /dev/null --no-summary --no-semantic 2>%t.err2
// RUN: FileCheck --check-prefix=TOK %s < %t.err2
#include <cuda_runtime.h>
#include <cub/cub.cuh>
namespace mine { enum Algo { BLOCK_LOAD_WARP_TRANSPOSE, OTHER }; }
__global__ void k(int *out) {
  out[0] = mine::BLOCK_LOAD_WARP_TRANSPOSE;
  out[1] = cub::BLOCK_LOAD_WARP_TRANSPOSE;
}
// DIAG-NOT: :10:{{.*}}[wave-block-load]
// DIAG-NOT: :12:{{.*}}[wave-block-load]
// DIAG: wave-block-load-user.cu:13:17: note: BLOCK_LOAD_WARP_TRANSPOSE -> BLOCK_LOAD_TRANSPOSE{{.*}}[wave-block-load]
// TOK: wave-block-load-user.cu:10:30: warning: warp-transpose block algorithms{{.*}}[wave-block-load-kept]
// TOK: wave-block-load-user.cu:12:18: warning: {{.*}}[wave-block-load-kept]
// TOK: wave-block-load-user.cu:13:17: note: BLOCK_LOAD_WARP_TRANSPOSE -> BLOCK_LOAD_TRANSPOSE{{.*}}[wave-block-load]
