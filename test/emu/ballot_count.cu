// CUDA original of the ballot-counting proof kernel: for each 32-thread warp,
// count the elements with x > 0 by ballot + popcount (row 9 of the wave64
// pattern catalogue). Input for cu2hip; the hand-renamed HIP is
// ballot_count_hip_rename.hip.
#include <cuda_runtime.h>

__global__ void count_positive_per_warp(const float* x, int* warp_counts, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int p = i < n && x[i] > 0.0f;
  unsigned b = __ballot_sync(0xffffffff, p);
  if ((threadIdx.x & 31) == 0) warp_counts[i / 32] = __popc(b);
}
