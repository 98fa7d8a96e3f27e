// C++ overloads of cuda_runtime.h that HIP lacks: cudaEventCreate(&e, flags)
// is cudaEventCreateWithFlags; the template cudaHostGetDevicePointer over
// T ** gets the void ** HIP's function takes (decided by the callee the
// parse resolved: a call with a void ** already is left alone).
// RUN: %cu2hip %s -o - --no-summary 2>/dev/null | %strip | FileCheck %s
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>

void events(cudaEvent_t *a, cudaEvent_t *b) {
  // CHECK: hipEventCreate(a);
  cudaEventCreate(a);
  // CHECK-NEXT: hipEventCreateWithFlags(b, hipEventDisableTiming | hipEventInterprocess);
  cudaEventCreate(b, cudaEventDisableTiming | cudaEventInterprocess);
}

void zero_copy(float *h, void *hv) {
  float *d;
  void *dv;
  // CHECK: hipHostGetDevicePointer(reinterpret_cast<void **>(&d), h, 0);
  cudaHostGetDevicePointer(&d, h, 0);
  // CHECK-NEXT: hipHostGetDevicePointer(&dv, hv, 0);
  cudaHostGetDevicePointer(&dv, hv, 0);
}
