// RUN: %cu2hip %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: all
//
// <cooperative_groups/scan.h> (none in ROCm) becomes cu2hip's shim, which
// implements inclusive_scan/exclusive_scan over tile shuffles (width = tile
// size: the logical-32 tile stays in its half of a 64-lane wavefront).
// CHECK: #include <hip/hip_cooperative_groups.h>
// CHECK: #include <cu2hip/cg_scan.h>
// SUM-NOT: has no HIP equivalent
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

__global__ void offsets(const int *counts, int *starts, float *running) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int c = counts[threadIdx.x];
  // CHECK: starts[threadIdx.x] = cg::exclusive_scan(warp, c);
  starts[threadIdx.x] = cg::exclusive_scan(warp, c);
  // CHECK: running[threadIdx.x] = cg::inclusive_scan(warp, running[threadIdx.x], cg::plus<float>());
  running[threadIdx.x] = cg::inclusive_scan(warp, running[threadIdx.x], cg::plus<float>());
  cg::thread_block_tile<8> eight = cg::tiled_partition<8>(block);
  starts[threadIdx.x] += cg::inclusive_scan(eight, c, cg::greater<int>());
}
