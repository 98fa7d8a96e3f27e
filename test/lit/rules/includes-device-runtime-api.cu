// RUN: %cu2hip %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: all
//
// CUDA's <cuda_device_runtime_api.h> (the device-side runtime API that
// cuda_runtime_api.h includes) has no header of that name in ROCm
// ("'cuda_device_runtime_api.h' file not found"); hip/hip_runtime.h declares
// what HIP has of it.
// SUM-NOT: includes-unknown
// SUM-NOT: includes-unsupported
// CHECK: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NOT: cuda_device_runtime_api.h
#include <cuda_runtime.h>
#include <cuda_device_runtime_api.h>

// CHECK: __global__ void nstream(double *a, const double *b, const double *c, double s, int n) {
__global__ void nstream(double *a, const double *b, const double *c, double s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] += b[i] + s * c[i];
}
