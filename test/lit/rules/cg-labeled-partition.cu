// cg::labeled_partition (not in ROCm 7.2): the call stays, and
// cu2hip/cg_labeled.h, which defines it for tiles of at most 32 threads and
// coalesced groups with CUDA's semantics in the logical warp, is included.
// A user's own labeled_partition is left alone.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
#include <cooperative_groups.h>
// CHECK: #include <cu2hip/cg_labeled.h>
namespace cg = cooperative_groups;

namespace mine {
struct Parts { int n; };
__device__ Parts labeled_partition(int n) { return Parts{n}; }
}

__global__ void histogram_keys(const int *keys, int *counts, int *leaders) {
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  int key = keys[blockIdx.x * blockDim.x + threadIdx.x];
  // CHECK: auto same = cg::labeled_partition(warp, key);
  // DIAG: cg-labeled-partition.cu:[[@LINE+1]]:19: note: cg::labeled_partition is not in ROCm 7.2{{.*}}[cg-labeled-partition]
  auto same = cg::labeled_partition(warp, key);
  if (same.thread_rank() == 0)
    atomicAdd(&counts[key & 255], (int)same.size());
  leaders[threadIdx.x] = same.shfl((int)threadIdx.x, 0);
  // DIAG-NOT: cg-labeled-partition.cu:[[@LINE+1]]
  leaders[0] += mine::labeled_partition(3).n;
}
