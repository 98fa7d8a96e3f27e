// RUN: %cu2hip %s -o - --no-summary --wave=keep 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
// DIAG: warning: {{.*}}wave=keep
__global__ void k(const int *x, int *out) {
  int p = x[threadIdx.x] > 0;
  // CHECK: {{^}}  unsigned long long b = __ballot_sync((unsigned long long)(0xffffffff), p);
  unsigned long long b = __ballot_sync(0xffffffff, p);
  // CHECK: {{^}}  bool all = __all_sync((unsigned long long)(0xffffffff), p);
  bool all = __all_sync(0xffffffff, p);
  out[threadIdx.x] = (int)b + all;
}
