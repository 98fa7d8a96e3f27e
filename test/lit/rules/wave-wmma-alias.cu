// wave-wmma by declaration identity: `wmma::` after `using namespace
// nvcuda;` and the target of a namespace alias are nvcuda::wmma; a user's
// own namespace wmma is not. Without a parse only the spelling nvcuda::wmma
// counts, with a note.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary --no-semantic 2>%t.err2 | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=TOK %s < %t.err2
#include <cuda_runtime.h>
#include <mma.h>
using namespace nvcuda;
namespace wm = nvcuda::wmma;
namespace mine { namespace wmma { struct fragment { float x[8]; }; } }
__global__ void k(float *c) {
  // CHECK: {{^}}  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wm::fill_fragment(acc, 0.0f);
  mine::wmma::fragment f;
  c[0] = f.x[0];
}
// DIAG: wave-wmma-alias.cu:12:24: warning: nvcuda::wmma fragment layouts are warp-size specific [wave-wmma]
// DIAG: wave-wmma-alias.cu:16:3: warning: nvcuda::wmma fragment layouts {{.*}}[wave-wmma]
// DIAG: wave-wmma-alias.cu:16:18: warning: nvcuda::wmma fragment layouts {{.*}}[wave-wmma]
// DIAG-NOT: [wave-wmma]
// TOK: wave-wmma-alias.cu:12:24: note: 'nvcuda::wmma' recognised by its spelling: the file was not parsed{{.*}}[wave-wmma]
// TOK-NEXT: wave-wmma-alias.cu:12:24: warning: nvcuda::wmma fragment layouts {{.*}}[wave-wmma]
// TOK-NOT: [wave-wmma]
