// Cooperative-groups tiles larger than 32 lanes: finding (invalid on wave32)
// where the file was not parsed; with a parse, rule cg-multi-tile ports them
// to cu2hip/cg_multi_tile.h and wave-tile-size says nothing.
// Tiles of at most 32 keep CUDA semantics and get no finding.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary --no-semantic 2>%t.err2 | %strip | FileCheck --check-prefix=TOKOUT %s
// RUN: FileCheck --check-prefix=TOK %s < %t.err2
#include <cuda_runtime.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(float *p) {
  // TOK: wave-tile-size.cu:[[@LINE+2]]:18: warning: 'block_tile_memory' has no HIP equivalent and the file was not parsed{{.*}}[wave-tile-size]
  // CHECK: {{^}}  __shared__ cu2hip::block_tile_memory<256> scratch;
  __shared__ cg::block_tile_memory<256> scratch;
  cg::thread_block b = cg::this_thread_block();
  // CHECK: {{^}}  auto t32 = cg::tiled_partition<32>(b);
  auto t32 = cg::tiled_partition<32>(b);
  // TOK-NOT: wave-tile-size.cu:[[@LINE-1]]:
  // TOK: wave-tile-size.cu:[[@LINE+3]]:18: warning: tile of 64 threads is larger than a wave32 RDNA wavefront [wave-tile-size]
  // CHECK: {{^}}  auto t64 = cu2hip::tiled_partition<64>(b);
  // TOKOUT: {{^}}  auto t64 = cg::tiled_partition<64>(b);
  auto t64 = cg::tiled_partition<64>(b);
  // TOK: wave-tile-size.cu:[[@LINE+2]]:7: warning: tile of 128 threads{{.*}}[wave-tile-size]
  // CHECK: {{^}}  cu2hip::multi_warp_tile<128> t128 = cu2hip::tiled_partition<128>(b);
  cg::thread_block_tile<128> t128 = cg::tiled_partition<128>(b);
  p[threadIdx.x] = t32.thread_rank() + t64.thread_rank() + t128.thread_rank();
}
// DIAG-NOT: [wave-tile-size]
