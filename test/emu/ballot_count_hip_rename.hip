// ballot_count.cu renamed to HIP by hand WITHOUT any wave rule (the mask is
// widened to 64 bits as ROCm 7 demands, the result is truncated to 32 bits as
// the CUDA code stores it). At wave 64 lanes 32..63 see the lower half's
// bits, so every odd warp reports its even neighbour's count.
#include <hip/hip_runtime.h>

__global__ void count_positive_per_warp(const float* x, int* warp_counts, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int p = i < n && x[i] > 0.0f;
  unsigned b = (unsigned)__ballot_sync(~0ull, p);
  if ((threadIdx.x & 31) == 0) warp_counts[i / 32] = __popc(b);
}
