#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cfg.h>

namespace cg = cooperative_groups;

__global__ void sum(float *p) {
  cg::thread_block b = cg::this_thread_block();
  p[b.thread_rank()] += __shfl_down_sync(0xffffffff, p[0], 1);
}
