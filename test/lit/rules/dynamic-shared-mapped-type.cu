// RUN: %cu2hip %s -o - --no-summary --dynamic-shared=macro 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
#include <cuda_bf16.h>
__global__ void k(float *o) {
  // CHECK: {{^}}  HIP_DYNAMIC_SHARED(__hip_bfloat16, buf)
  extern __shared__ __nv_bfloat16 buf[];
  o[0] = __bfloat162float(buf[0]);
}
// DIAG-NOT: edit-conflict
