// --dynamic-shared=macro: extern __shared__ arrays to HIP_DYNAMIC_SHARED; the
// default keeps them (valid HIP).
// RUN: %cu2hip %s -o - --no-summary --dynamic-shared=macro 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary | %strip | FileCheck --check-prefix=KEEP %s
// RUN: not %cu2hip %s -o - --dynamic-shared=bogus 2>&1 | FileCheck --check-prefix=BAD %s
// BAD: --dynamic-shared must be 'keep' or 'macro'
// COMPILE-CHECK: all
#include <cuda_runtime.h>
__global__ void k(float *out) {
  // CHECK: {{^}}  HIP_DYNAMIC_SHARED(float, tile)
  // KEEP: {{^}}  extern __shared__ float tile[];
  extern __shared__ float tile[];
  tile[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x];
}
template <typename T> __global__ void kt(T *out) {
  // CHECK: {{^}}  HIP_DYNAMIC_SHARED(unsigned int, buf)
  extern __shared__ unsigned int buf[];
  out[threadIdx.x] = buf[threadIdx.x];
}
// DIAG-NOT: error
