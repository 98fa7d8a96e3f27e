// CUDA names spelled in user macro bodies are renamed once, in the body;
// the macro's own name and its call sites stay.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>

// CHECK: {{^}}#define cudaCheckedSync() hipDeviceSynchronize()
#define cudaCheckedSync() cudaDeviceSynchronize()
// CHECK: {{^}}#define MY_MALLOC hipMalloc
#define MY_MALLOC cudaMalloc
// CHECK: {{^}}#define CK(x) do { hipError_t e_ = (x); if (e_ != hipSuccess) return e_; } while (0)
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) return e_; } while (0)
cudaError_t f(float **p) {
  // CHECK: {{^}}  MY_MALLOC(p, 4);
  MY_MALLOC(p, 4);
  // CHECK: {{^}}  CK(hipMemset(*p, 0, 4));
  CK(cudaMemset(*p, 0, 4));
  // CHECK: {{^}}  cudaCheckedSync();
  cudaCheckedSync();
  return cudaSuccess;
}
// DIAG-NOT: error
