// Wave-rule kernel (catalogue row 10): warp-aggregated atomics in both
// branches of a divergent `if`. The lanes of a branch elect a leader with
// __activemask + __ffs, the leader reserves room for all of them with one
// atomicAdd, the base is broadcast with __shfl_sync(active, ...), and each
// lane writes at base + its rank (__popc of the active lanes below it).
// The tail block is partial (early return). CUDA input for cu2hip; harness:
// leader_atomic_main.cpp.
#include <cuda_runtime.h>

__global__ void split_by_sign(const int* x, int* pos, int* neg, int* counters, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int lane = threadIdx.x & 31;
  int v = x[i];
  if (v > 0) {
    unsigned active = __activemask();
    int leader = __ffs(active) - 1;
    int rank = __popc(active & ((1u << lane) - 1));
    int base = 0;
    if (lane == leader) base = atomicAdd(&counters[0], __popc(active));
    base = __shfl_sync(active, base, leader);
    pos[base + rank] = v;
  } else {
    unsigned active = __activemask();
    int leader = __ffs(active) - 1;
    int rank = __popc(active & ((1u << lane) - 1));
    int base = 0;
    if (lane == leader) base = atomicAdd(&counters[1], __popc(active));
    base = __shfl_sync(active, base, leader);
    neg[base + rank] = v;
  }
}
