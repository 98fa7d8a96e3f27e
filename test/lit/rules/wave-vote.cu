// Ballot, vote, activemask, match and __syncwarp work on the lane's 32-lane
// half through cu2hip:: helpers; user types (unsigned, __popc) stay.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: all
#include <cuda_runtime.h>

__global__ void k(const int *x, int *out) {
  int p = x[threadIdx.x] > 0;
  // CHECK: {{^}}  unsigned b = cu2hip::ballot_sync32(0xffffffff, p);
  unsigned b = __ballot_sync(0xffffffff, p);
  // CHECK: {{^}}  bool all = cu2hip::all_sync32(0xffffffff, p);
  bool all = __all_sync(0xffffffff, p);
  // CHECK: {{^}}  bool any = cu2hip::any_sync32(0xffffffff, p);
  bool any = __any_sync(0xffffffff, p);
  // CHECK: {{^}}  unsigned act = cu2hip::activemask32();
  unsigned act = __activemask();
  // CHECK: {{^}}  cu2hip::syncwarp();
  __syncwarp();
  // CHECK: {{^}}  cu2hip::syncwarp(act);
  __syncwarp(act);
  // CHECK: {{^}}  out[threadIdx.x] = __popc(b) + all + any + (__ffs(act) - 1);
  out[threadIdx.x] = __popc(b) + all + any + (__ffs(act) - 1);
}
// DIAG-NOT: warning
