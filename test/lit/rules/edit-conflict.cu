// Two rules editing overlapping text: an error naming both rules, the file
// counts as failed (exit code 1); one edit is kept, never a garbled mix.
// (Today --dynamic-shared=macro and names overlap on a CUDA element type; see
// dynamic-shared-mapped-type.cu. When that is fixed, this test needs another
// trigger.)
// RUN: not %cu2hip %s -o - --no-summary --dynamic-shared=macro 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
#include <cuda_bf16.h>
__global__ void k(float *o) {
  // DIAG: edit-conflict.cu:[[@LINE+2]]:21: error: rule 'names' and rule 'dynamic-shared' edit overlapping text; kept the edit of 'dynamic-shared' [edit-conflict]
  // CHECK: {{^}}  HIP_DYNAMIC_SHARED(
  extern __shared__ __nv_bfloat16 buf[];
  o[0] = __bfloat162float(buf[0]);
}
// CHECK-NOT: __hip_bfloat16 buf[]
