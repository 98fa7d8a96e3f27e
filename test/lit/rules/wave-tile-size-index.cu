// wave-tile-size by the typed index: the tile template must be cooperative
// groups' (a user's own thread_block_tile is left alone), and the size is
// the constant-evaluated one from the canonical type, so a constexpr count
// is read too; a parsed tiled_partition<N> of more than 32 is ported by
// cg-multi-tile instead (no finding). Without a parse only a literal size
// of a name spelled so is read, with a note.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary --no-semantic 2>%t.err2 | %strip | FileCheck --check-prefix=TOKOUT %s
// RUN: FileCheck --check-prefix=TOK %s < %t.err2
#include <cuda_runtime.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
namespace mine {
template <int N> struct thread_block_tile { int v[N]; };
}
constexpr int kTile = 64;
static constexpr int kSmall = 16;
__global__ void k(float *p) {
  // CHECK: {{^}}  auto t = cu2hip::tiled_partition<kTile>(cg::this_thread_block());
  // TOKOUT: {{^}}  auto t = cg::tiled_partition<kTile>(cg::this_thread_block());
  auto t = cg::tiled_partition<kTile>(cg::this_thread_block());
  cg::thread_block_tile<kSmall> s = cg::tiled_partition<kSmall>(cg::this_thread_block());
  mine::thread_block_tile<64> m;
  p[threadIdx.x] = t.thread_rank() + s.thread_rank() + m.v[0];
}
// DIAG: wave-tile-size-index.cu:22:16: warning: tiled_partition<64>: a tile of several CUDA warps{{.*}}[cg-multi-tile-sync]
// DIAG-NOT: [wave-tile-size]
// TOK: wave-tile-size-index.cu:24:9: note: 'thread_block_tile' taken for cooperative groups' by its spelling, and only a literal size is read: the file was not parsed [wave-tile-size]
// TOK-NEXT: wave-tile-size-index.cu:24:9: warning: tile of 64 threads is larger than a wave32 RDNA wavefront [wave-tile-size]
// TOK-NOT: [wave-tile-size]
