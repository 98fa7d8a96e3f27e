// wave-cub-width recognises CUB's warp primitives by declaration identity
// (the typed index): through a namespace alias and a using-declaration too;
// a user's own template named WarpReduce is left alone. Without a parse
// (--no-semantic) only the spelling cub::/hipcub:: counts, with a note.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary --no-semantic 2>%t.err2 | %strip | FileCheck --check-prefix=TOK %s
// RUN: FileCheck --check-prefix=TOKDIAG %s < %t.err2
#include <cuda_runtime.h>
#include <cub/cub.cuh>
namespace cb = cub;
using cub::WarpScan;
namespace mine {
template <typename T, int N = 4> struct WarpReduce { T v[N]; };
}
using mine::WarpReduce;

__global__ void k(const float *x, float *out) {
  // CHECK: {{^}}  using WR = cb::WarpReduce<float, 32>;
  // TOK: {{^}}  using WR = cb::WarpReduce<float>;
  using WR = cb::WarpReduce<float>;
  // CHECK: {{^}}  typedef WarpScan<int, 32> WS;
  // TOK: {{^}}  typedef WarpScan<int> WS;
  typedef WarpScan<int> WS;
  // CHECK: {{^}}  typedef hipcub::WarpScan<float, 32> WS2;
  // TOK: {{^}}  typedef hipcub::WarpScan<float, 32> WS2;
  typedef cub::WarpScan<float> WS2;
  // CHECK: {{^}}  WarpReduce<float> mineToo;
  // TOK: {{^}}  WarpReduce<float> mineToo;
  WarpReduce<float> mineToo;
  __shared__ typename WR::TempStorage tmp;
  out[threadIdx.x / 32] = WR(tmp).Sum(x[threadIdx.x]) + mineToo.v[0];
}
// DIAG-NOT: wave-cub-width
// TOKDIAG: wave-cub-width-alias.cu:27:16: note: 'WarpScan' taken for CUB's by its spelling: the file was not parsed{{.*}}[wave-cub-width]
