// `x * warpSize;` and `(n * warpSize)` are products, not pointer declarators:
// they must not make the file look as if it declared its own warpSize (llm.c
// dev/cuda/matmul_backward_bias.cu kernel 4: `blockDim.x / warpSize` kept as
// HIP's 64 is 0 for 32-thread blocks and the kernel loops forever on wave64).
// Without a parse the file's declarations are read from spelling, so both
// modes are checked; `int *warpSize` is still a declaration.
// RUN: %cu2hip %s -o - --no-summary 2>/dev/null | %strip | FileCheck %s
// RUN: %cu2hip %s -o - --no-summary --no-semantic 2>/dev/null | %strip | FileCheck %s
// RUN: %cu2hip %S/Inputs/warpsize-pointer-decl.cu -o - --no-summary --no-semantic --report %t.json >/dev/null 2>&1
// RUN: FileCheck --check-prefix=DECL %s < %t.json
// COMPILE-CHECK: all
#include <cuda_runtime.h>

__global__ void k(float *out, int n) {
  // CHECK: {{^}}  const int tl = blockIdx.x * cu2hip::logical_warp_size;
  const int tl = blockIdx.x * warpSize;
  // CHECK: {{^}}  const int vstep = blockDim.x / cu2hip::logical_warp_size;
  const int vstep = blockDim.x / warpSize;
  // CHECK: {{^}}  out[tl + vstep] = (float)(n * cu2hip::logical_warp_size);
  out[tl + vstep] = (float)(n * warpSize);
}
// DECL: the file declares its own 'warpSize'
