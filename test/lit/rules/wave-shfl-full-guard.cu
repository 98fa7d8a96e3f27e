// wave-shfl-full: a kernel's early return on a warp-uniform condition ends
// whole warps, so the shuffles after it are proven; each with the condition
// that breaks the proof.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
#define WARP_SIZE 32U

// Warp per row, 1-D launches only: threadIdx.x / 32 is the warp.
// CHECK-LABEL: {{^}}__global__ void rows_1d(
// CHECK: {{^}}  p[r] = cu2hip::shfl_xor_sync_full(0xffffffff, p[r], 1, 32);
__global__ void rows_1d(float *p, int n) {
  int warp = threadIdx.x / WARP_SIZE;
  int nwarps = blockDim.x / WARP_SIZE;
  int r = blockIdx.x * nwarps + warp;
  if (r >= n) { return; }
  p[r] = __shfl_xor_sync(0xffffffff, p[r], 1);
}

// The same kernel also launched with a 2-D block of 16 x 16: warps span two
// rows of x, threadIdx.x / 32 differs inside a warp.
// CHECK-LABEL: {{^}}__global__ void rows_2d(
// CHECK: {{^}}  p[r] = __shfl_xor_sync(cu2hip::mask64(0xffffffff), p[r], 1, 32);
__global__ void rows_2d(float *p, int n) {
  int r = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  if (r >= n) return;
  p[r] = __shfl_xor_sync(0xffffffff, p[r], 1);
}

// Warp per row from threadIdx.y with a 32-wide x extent (dim3(32, 4)).
// CHECK-LABEL: {{^}}__global__ void rows_y(
// CHECK: {{^}}  p[r] = cu2hip::shfl_down_sync_full(0xffffffff, p[r], 1, 32);
__global__ void rows_y(float *p, int n) {
  int r = blockIdx.x * blockDim.y + threadIdx.y;
  if (r > n) return;
  p[r] = __shfl_down_sync(0xffffffff, p[r], 1);
}

// The guard's variable changes before the guard: not a plain read.
// CHECK-LABEL: {{^}}__global__ void rows_written(
// CHECK: {{^}}  p[r] = __shfl_xor_sync(cu2hip::mask64(0xffffffff), p[r], 1, 32);
__global__ void rows_written(float *p, int n) {
  int r = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  r += threadIdx.x % 2;
  if (r >= n) return;
  p[r] = __shfl_xor_sync(0xffffffff, p[r], 1);
}

// A guard on the thread, not the warp.
// CHECK-LABEL: {{^}}__global__ void per_thread(
// CHECK: {{^}}  p[i] = __shfl_xor_sync(cu2hip::mask64(0xffffffff), p[i], 1, 32);
__global__ void per_thread(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  p[i] = __shfl_xor_sync(0xffffffff, p[i], 1);
}

// A warp-uniform guard nested in a lane-dependent branch.
// CHECK-LABEL: {{^}}__global__ void nested(
// CHECK: {{^}}  p[0] = __shfl_xor_sync(cu2hip::mask64(0xffffffff), p[0], 1, 32);
__global__ void nested(float *p, int n) {
  if (threadIdx.x & 1) {
    if (blockIdx.x >= n) return;
  }
  p[0] = __shfl_xor_sync(0xffffffff, p[0], 1);
}

// A uniform guard in a counting loop (every lane runs each iteration).
// CHECK-LABEL: {{^}}__global__ void loop_guard(
// CHECK: {{^}}    p[t] = cu2hip::shfl_xor_sync_full(0xffffffff, p[t], 1, 32);
__global__ void loop_guard(float *p, int n) {
  constexpr int per_block = 4;
  int t0 = n - 1 - per_block * blockIdx.x;
  for (int k = 0; k < per_block; ++k) {
    int t = t0 - k;
    if (t < 0) return;
    p[t] = __shfl_xor_sync(0xffffffff, p[t], 1);
  }
}

// The same with a lane-dependent loop bound, and with a break before it.
// CHECK-LABEL: {{^}}__global__ void loop_lane_bound(
// CHECK: {{^}}    p[t] = __shfl_xor_sync(cu2hip::mask64(0xffffffff), p[t], 1, 32);
__global__ void loop_lane_bound(float *p, int n) {
  int t0 = n - 1 - 4 * blockIdx.x;
  for (int k = 0; k < (int)threadIdx.x % 4; ++k) {
    int t = t0 - k;
    if (t < 0) return;
    p[t] = __shfl_xor_sync(0xffffffff, p[t], 1);
  }
}
// CHECK-LABEL: {{^}}__global__ void loop_break(
// CHECK: {{^}}    p[t] = __shfl_xor_sync(cu2hip::mask64(0xffffffff), p[t], 1, 32);
__global__ void loop_break(float *p, int n) {
  int t0 = n - 1 - 4 * blockIdx.x;
  for (int k = 0; k < 4; ++k) {
    if (p[threadIdx.x] > 0.0f) break;
    int t = t0 - k;
    if (t < 0) return;
    p[t] = __shfl_xor_sync(0xffffffff, p[t], 1);
  }
}

// Named to cudaFuncSetAttribute (not a launch): its launches still show
// the block shape.
// CHECK-LABEL: {{^}}__global__ void rows_attr(
// CHECK: {{^}}  p[r] = cu2hip::shfl_xor_sync_full(0xffffffff, p[r], 1, 32);
__global__ void rows_attr(float *p, int n) {
  int r = blockIdx.x * blockDim.y + threadIdx.y;
  if (r >= n) return;
  p[r] = __shfl_xor_sync(0xffffffff, p[r], 1);
}

// Launched through cudaLaunchKernel as well: that launch's block is not seen.
// CHECK-LABEL: {{^}}__global__ void rows_ptr(
// CHECK: {{^}}  p[r] = __shfl_xor_sync(cu2hip::mask64(0xffffffff), p[r], 1, 32);
__global__ void rows_ptr(float *p, int n) {
  int r = blockIdx.x * blockDim.y + threadIdx.y;
  if (r >= n) return;
  p[r] = __shfl_xor_sync(0xffffffff, p[r], 1);
}

void launch(float *p, int n) {
  cudaFuncSetAttribute(rows_attr, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  rows_attr<<<n / 4, dim3(32, 4), 65536>>>(p, n);
  rows_ptr<<<n / 4, dim3(32, 4)>>>(p, n);
  void *args[] = {&p, &n};
  cudaLaunchKernel((const void *)rows_ptr, dim3(n / 4), dim3(16, 8), args, 0, 0);
  loop_guard<<<dim3(n / 4, 2), 256>>>(p, n);
  loop_lane_bound<<<n / 4, 256>>>(p, n);
  loop_break<<<n / 4, 256>>>(p, n);
  rows_1d<<<n / 8, 256>>>(p, n);
  rows_1d<<<dim3(n / 8), dim3(256)>>>(p, n);
  rows_2d<<<n / 8, 256>>>(p, n);
  rows_2d<<<n / 8, dim3(16, 16)>>>(p, n);
  rows_y<<<n / 4, dim3(WARP_SIZE, 4)>>>(p, n);
  rows_written<<<n / 8, 256>>>(p, n);
  per_thread<<<n / 256, 256>>>(p, n);
  nested<<<n, 256>>>(p, n);
}
// A call left in the mask64 form is a note at the call (rows_2d's shuffle, line 28).
// DIAG-NOT: {{warning|error}}
// DIAG: wave-shfl-full-guard.cu:28:10: note: full-mask shuffle keeps cu2hip::mask64: {{.*}} [wave-shfl-full-unproven]
// DIAG-NOT: {{warning|error}}
