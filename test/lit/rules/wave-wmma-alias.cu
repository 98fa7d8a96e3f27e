// rule wmma by declaration identity: `wmma::` after `using namespace
// nvcuda;` and the target of a namespace alias are nvcuda::wmma; a user's
// own namespace wmma is not. Without a parse only the spelling nvcuda::wmma
// (and the directive `using namespace nvcuda;`) counts, with a note.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary --no-semantic 2>%t.err2 | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=TOK %s < %t.err2
#include <cuda_runtime.h>
#include <mma.h>
// CHECK: {{^}}namespace wmma = rocwmma;
using namespace nvcuda;
// CHECK-NEXT: {{^}}namespace wm = rocwmma;
namespace wm = nvcuda::wmma;
// CHECK-NEXT: {{^}}namespace mine { namespace wmma { struct fragment { float x[8]; }; } }
namespace mine { namespace wmma { struct fragment { float x[8]; }; } }
__global__ void k(float *c) {
  // CHECK: {{^}}  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wm::fill_fragment(acc, 0.0f);
  // CHECK: {{^}}  mine::wmma::fragment f;
  mine::wmma::fragment f;
  c[threadIdx.x] = f.x[threadIdx.x % 8];
}
// DIAG-NOT: [wave-wmma]
// DIAG-NOT: [wmma]
// TOK: wave-wmma-alias.cu:14:24: note: 'nvcuda::wmma' recognised by its spelling: the file was not parsed{{.*}}[wmma]
// TOK-NOT: [wmma]
