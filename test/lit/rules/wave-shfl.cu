// Shuffles: the 32-bit CUDA mask goes into the lane's half (64-bit type) and
// width 32 is made explicit; smaller explicit widths are kept.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary --wave=keep 2>/dev/null | %strip | FileCheck --check-prefix=KEEP %s
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
// CHECK: {{^}}#include <cu2hip/wave.h>
#define FULL_MASK 0xffffffff

__device__ float red(float v, unsigned m) {
  // CHECK: {{^}}  v += __shfl_xor_sync(cu2hip::mask64(0xffffffff), v, 16, 32);
  // KEEP: {{^}}  v += __shfl_xor_sync((unsigned long long)(0xffffffff), v, 16);
  v += __shfl_xor_sync(0xffffffff, v, 16);
  // CHECK: {{^}}  v += __shfl_down_sync(cu2hip::mask64(FULL_MASK), v, 8, 32);
  v += __shfl_down_sync(FULL_MASK, v, 8);
  // CHECK: {{^}}  v += __shfl_up_sync(cu2hip::mask64(m), v, 1, 16);
  v += __shfl_up_sync(m, v, 1, 16);
  // CHECK: {{^}}  v += __shfl_sync(cu2hip::mask64(~0u), v, 0, 32);
  v += __shfl_sync(~0u, v, 0);
  // Explicit warpSize width: warpSize is CUDA's 32.
  // CHECK: {{^}}  v += __shfl_sync(cu2hip::mask64(0xffffffffu), v, 31, cu2hip::logical_warp_size);
  v += __shfl_sync(0xffffffffu, v, 31, warpSize);
  return v;
}
// DIAG-NOT: warning
