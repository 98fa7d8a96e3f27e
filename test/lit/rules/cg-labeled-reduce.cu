// cg::reduce over a labeled group (cuda-samples warpAggregatedAtomicsCG):
// cu2hip/cg_reduce.h reduces with group.shfl_down, which cu2hip's
// labeled_group provides with CUDA's semantics (rank + delta, the caller's
// own value past the last rank); shfl_up likewise for the scans.
// RUN: %cu2hip %s -o - --no-summary 2>/dev/null | %strip | FileCheck %s
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
// CHECK-DAG: #include <cu2hip/cg_labeled.h>
// CHECK-DAG: #include <cu2hip/cg_reduce.h>
namespace cg = cooperative_groups;

__global__ void bucket_max(const int *keys, const int *vals, int *maxes, int *offs) {
  cg::coalesced_group active = cg::coalesced_threads();
  int key = keys[threadIdx.x] & 7;
  // CHECK: auto group = cg::labeled_partition(active, key);
  auto group = cg::labeled_partition(active, key);
  // CHECK: int m = cg::reduce(group, vals[threadIdx.x], cg::greater<int>());
  int m = cg::reduce(group, vals[threadIdx.x], cg::greater<int>());
  if (group.thread_rank() == 0)
    atomicMax(&maxes[key], m);
  offs[threadIdx.x] = cg::exclusive_scan(group, 1);
}
