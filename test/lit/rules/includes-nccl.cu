// NCCL -> RCCL: <nccl.h> becomes <rccl/rccl.h>; RCCL keeps NCCL's nccl* names
// and values, so every call, type and enumerator is left as written and the
// stream argument becomes HIP's (samples/dp_mlp uses exactly this set).
// RUN: %cu2hip %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: rocm72
// CHECK: {{^}}#include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK-NEXT: {{^}}#include <rccl/rccl.h>
#include <nccl.h>
// SUM: names converted: {{.*}}nccl=1
// SUM-NOT: warning

// CHECK: int averageGradients(float **grad, size_t n, ncclComm_t *comms, hipStream_t *streams, int ranks) {
int averageGradients(float **grad, size_t n, ncclComm_t *comms, cudaStream_t *streams, int ranks) {
  // CHECK: if (ncclGroupStart() != ncclSuccess) return 1;
  if (ncclGroupStart() != ncclSuccess) return 1;
  for (int r = 0; r < ranks; ++r) {
    // CHECK: hipSetDevice(r);
    cudaSetDevice(r);
    // CHECK: ncclAllReduce(grad[r], grad[r], n, ncclFloat, ncclAvg, comms[r], streams[r]);
    ncclAllReduce(grad[r], grad[r], n, ncclFloat, ncclAvg, comms[r], streams[r]);
    // CHECK: ncclBroadcast(grad[r], grad[r], n, ncclFloat32, 0, comms[r], streams[r]);
    ncclBroadcast(grad[r], grad[r], n, ncclFloat32, 0, comms[r], streams[r]);
  }
  // CHECK: return ncclGroupEnd() == ncclSuccess ? 0 : 1;
  return ncclGroupEnd() == ncclSuccess ? 0 : 1;
}

// CHECK: ncclResult_t initAll(ncclComm_t *comms, int n) { return ncclCommInitAll(comms, n, nullptr); }
ncclResult_t initAll(ncclComm_t *comms, int n) { return ncclCommInitAll(comms, n, nullptr); }
