// Handed case 10 (shared/cases/10-warp32-broadcast-wave64.cu) renamed to HIP
// by hand WITHOUT any wave rule: the 32-bit masks are only widened to 64 bits
// (ROCm 7 rejects 32-bit masks at compile time) and no width is added.
// On a wave64 GPU - and on the emulator at wave 64 - the broadcast of lane 0
// crosses the two 32-lane rows of a wavefront, so rows 1, 3, ... are wrong.
#include <hip/hip_runtime.h>
#include <math.h>

// blockDim.x = 128 -> 4 rows per block, 32 threads per row
__global__ void exp_minus_rowmax(const float* x, float* y, int rows, int ncols) {
  int lane = threadIdx.x & 31;
  int row = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
  if (row >= rows) return;
  const float* xr = x + (size_t)row * ncols;
  float m = -INFINITY;
  for (int c = lane; c < ncols; c += 32) m = fmaxf(m, xr[c]);
  for (int off = 16; off > 0; off >>= 1)
    m = fmaxf(m, __shfl_xor_sync(0xffffffffffffffffULL, m, off));
  m = __shfl_sync(0xffffffffffffffffULL, m, 0);   // broadcast group leader's max
  for (int c = lane; c < ncols; c += 32) y[(size_t)row * ncols + c] = expf(xr[c] - m);
}
