// warpSize in device code is CUDA's 32: cu2hip::logical_warp_size (constexpr),
// also in constant expressions that ROCm 7 rejects with warpSize.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary --wave=keep 2>/dev/null | %strip | FileCheck --check-prefix=KEEP %s
// COMPILE-CHECK: all
#include <cuda_runtime.h>

__global__ void k(float *p) {
  // CHECK: {{^}}  __shared__ float part[1024 / cu2hip::logical_warp_size];
  // KEEP: {{^}}  __shared__ float part[1024 / warpSize];
  __shared__ float part[1024 / warpSize];
  // CHECK: {{^}}  int lane = threadIdx.x % cu2hip::logical_warp_size;
  int lane = threadIdx.x % warpSize;
  // CHECK: {{^}}  for (int o = cu2hip::logical_warp_size / 2; o > 0; o >>= 1) part[lane] += o;
  for (int o = warpSize / 2; o > 0; o >>= 1) part[lane] += o;
  p[threadIdx.x] = part[lane];
}
// DIAG-NOT: warning
