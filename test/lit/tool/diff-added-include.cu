// RUN: %cu2hip %s --diff --no-summary 2>/dev/null | FileCheck %s
// The wave header the shuffle needs is inserted as a whole line before the
// blank line: the diff shows it added and keeps the blank line as context
// (it once showed the blank line removed and added back).
#include <cuda_runtime.h>

__device__ float lane_sum(float v) {
  return v + __shfl_down_sync(0xffffffff, v, 1);
}
// CHECK: {{^}}-#include <cuda_runtime.h>
// CHECK-NEXT: {{^}}+#include <hip/hip_runtime.h>
// CHECK-NEXT: {{^}}+#include <cu2hip/wave.h>
// CHECK-NEXT: {{^ $}}
// CHECK-NEXT: {{^}} __device__ float lane_sum(float v) {
// CHECK-NOT: {{^}}-{{$}}
