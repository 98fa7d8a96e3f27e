// Wave-rule kernel (catalogue row 14): per-warp decisions by
// __all_sync / __any_sync. A warp whose values are all positive keeps them,
// a warp with some positive values clamps at 0, a warp with none writes -1.
// CUDA input for cu2hip; harness: vote_decide_main.cpp.
#include <cuda_runtime.h>

__global__ void warp_vote_classify(const int* x, int* kinds, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int v = i < n ? x[i] : 0;
  int kind;
  if (__all_sync(0xffffffff, v > 0))
    kind = 2;
  else if (__any_sync(0xffffffff, v > 0))
    kind = 1;
  else
    kind = 0;
  if (lane == 0) kinds[i >> 5] = kind;
  out[i] = kind == 2 ? v : (kind == 1 ? max(v, 0) : -1);
}
