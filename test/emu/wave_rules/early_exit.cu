// Wave-rule kernels with lanes that exit before a warp operation (issue:
// exited lanes in masks). CUDA allows exited threads in a *_sync mask; ROCm's
// debug mask check (__hip_check_mask, active unless NDEBUG) traps unless the
// mask equals the lanes that execute the call, and the emulator checks the
// same. Each kernel's outputs are values CUDA defines (no reads from exited
// lanes). CUDA input for cu2hip (ported at build time); harness:
// early_exit_main.cpp.
#include <cuda_runtime.h>

// Partial last warp: full-mask broadcast from lane 0 and a shuffle down by
// one whose source lane is still active.
__global__ void partial_warp(const float* x, float* bcast, float* next, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  bcast[i] = __shfl_sync(0xffffffff, v, 0);
  float d = __shfl_down_sync(0xffffffff, v, 1);
  int lane = threadIdx.x & 31;
  if (lane < 31 && i + 1 < n) next[i] = d;
}

// Warp per row: whole warps past the last row exit, the others reduce their
// row with a full-mask butterfly.
__global__ void warp_per_row(const float* a, float* sums, int rows, int cols) {
  int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x & 31;
  if (row >= rows) return;
  float s = 0.0f;
  for (int c = lane; c < cols; c += 32) s += a[row * cols + c];
  for (int off = 16; off > 0; off >>= 1) s += __shfl_xor_sync(0xffffffff, s, off);
  if (lane == 0) sums[row] = s;
}

// Lanes exit one after another inside a loop; the survivors broadcast from
// lane 0 every step and count themselves with a full-mask ballot.
__global__ void exit_in_loop(int* trace, int steps) {
  int lane = threadIdx.x & 31;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int acc = 0;
  for (int s = 0; s < steps; ++s) {
    if (lane == 31 - s) return;
    acc += __shfl_sync(0xffffffff, lane + s, 0);
    unsigned alive = __ballot_sync(0xffffffff, 1);
    trace[t * steps + s] = acc * 100 + __popc(alive);
  }
}

__device__ float broadcast_first(unsigned mask, float v) {
  return __shfl_sync(mask, v, __ffs(mask) - 1);
}

// A mask taken by ballot before the exit, then used afterwards, also inside
// a device function; votes, match, syncwarp and reduce after the exit.
__global__ void ballot_before_exit(const int* key, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned m = __ballot_sync(0xffffffff, i < n);
  if (i >= n) return;
  int k = key[i];
  __syncwarp();
  int cnt = __reduce_add_sync(m, 1);
  int sum = __reduce_add_sync(0xffffffff, k);
  int all_small = __all_sync(0xffffffff, k < 6);
  int any_five = __any_sync(m, k == 5);
  unsigned same = __match_any_sync(0xffffffff, k);
  float first = broadcast_first(m, (float)k);
  __syncwarp(m);
  out[i * 6 + 0] = cnt;
  out[i * 6 + 1] = sum;
  out[i * 6 + 2] = all_small * 2 + any_five;
  out[i * 6 + 3] = __popc(same);
  out[i * 6 + 4] = (int)first;
  out[i * 6 + 5] = __popc(m);
}
