// Wave-rule kernel (catalogue row 9): per-warp stream compaction by
// __ballot_sync + __popc / __ffs on a 32-bit `unsigned`: the count of
// positive elements, the first positive lane, and each positive element's
// index written at its rank among the warp's positives. CUDA input for
// cu2hip; harness: ballot_compact_main.cpp.
#include <cuda_runtime.h>

__global__ void warp_compact_positive(const float* x, int* counts, int* first,
                                      int* compact, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int warp = i >> 5;
  int p = i < n && x[i] > 0.0f;
  unsigned b = __ballot_sync(0xffffffff, p);
  if (lane == 0) {
    counts[warp] = __popc(b);
    first[warp] = __ffs(b) - 1;
  }
  if (p) compact[warp * 32 + __popc(b & ((1u << lane) - 1))] = i;
}
