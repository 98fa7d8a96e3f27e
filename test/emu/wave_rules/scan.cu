// Wave-rule kernel (catalogue rows 3 and 4): per-warp inclusive scans with a
// width-less __shfl_up_sync. The running maximum uses no lane guard (CUDA
// returns the caller's own value when lane < delta, and max(v, v) = v); the
// running sum guards with `lane >= d` (lane = threadIdx.x & 31). The warp
// total is read from lane 31 with __shfl_sync(..., 31). CUDA input for
// cu2hip; harness: scan_main.cpp.
#include <cuda_runtime.h>

__global__ void warp_scans(const int* x, int* run_max, int* run_sum, int* totals, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int v = i < n ? x[i] : 0;
  int m = v, s = v;
  for (int d = 1; d < 32; d <<= 1) {
    m = max(m, __shfl_up_sync(0xffffffff, m, d));
    int u = __shfl_up_sync(0xffffffff, s, d);
    if (lane >= d) s += u;
  }
  run_max[i] = m;
  run_sum[i] = s;
  int total = __shfl_sync(0xffffffff, s, 31);
  if (lane == 0) totals[i >> 5] = total;
}
