// Cooperative-groups tiles larger than 32 lanes: finding (invalid on wave32).
// Tiles of at most 32 keep CUDA semantics and get no finding.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(float *p) {
  cg::thread_block b = cg::this_thread_block();
  // CHECK: {{^}}  auto t32 = cg::tiled_partition<32>(b);
  auto t32 = cg::tiled_partition<32>(b);
  // DIAG-NOT: wave-tile-size.cu:[[@LINE-1]]:
  // DIAG: wave-tile-size.cu:[[@LINE+2]]:18: warning: tile of 64 threads is larger than a wave32 RDNA wavefront [wave-tile-size]
  // CHECK: {{^}}  auto t64 = cg::tiled_partition<64>(b);
  auto t64 = cg::tiled_partition<64>(b);
  // DIAG: wave-tile-size.cu:[[@LINE+1]]:7: warning: tile of 128 threads{{.*}}[wave-tile-size]
  cg::thread_block_tile<128> t128 = cg::tiled_partition<128>(b);
  p[threadIdx.x] = t32.thread_rank() + t64.thread_rank() + t128.thread_rank();
}
