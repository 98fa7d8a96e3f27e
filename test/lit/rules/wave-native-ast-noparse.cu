// --wave=native needs Clang's parse: with --no-semantic the file stays
// logical32 (the default port's text) and one note per file says why.
// RUN: %cu2hip %s -o - --no-summary --wave=native --no-semantic 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary --no-semantic 2>%t32.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=L32DIAG %s < %t32.err
#include <cuda_runtime.h>

// DIAG: wave-native-ast-noparse.cu:[[@LINE+4]]:{{[0-9]+}}: note: --wave=native needs Clang's parse of this file, which did not run (--no-semantic, or no configuration compiled it): its warp reductions stay logical32 (32-lane warps) [wave-native]
// CHECK: {{^}}__device__ float warpSum(float v) {
// CHECK-NEXT: {{^}}  for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(cu2hip::mask64(0xffffffff), v, o, 32);
__device__ float warpSum(float v) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffff, v, o);
  return v;
}
// CHECK: {{^}}  if (threadIdx.x % cu2hip::logical_warp_size == 0) atomicAdd(y, warpSum(v));
__global__ void total(const float *x, float *y) {
  float v = x[threadIdx.x] + __shfl_down_sync(0xffffffff, x[threadIdx.x], 1);
  if (threadIdx.x % warpSize == 0) atomicAdd(y, warpSum(v));
}
// CHECK-NOT: cu2hip_w
// DIAG-NOT: needs Clang's parse
// L32DIAG-NOT: [wave-native]
