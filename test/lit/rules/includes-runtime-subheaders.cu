// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: rocm72
//
// Headers that cuda_runtime.h pulls in, included directly by a tree
// (cuda_device_runtime_api.h, host_defines.h, device_types.h,
// builtin_types.h): <hip/hip_runtime.h> declares what they declare, so each
// becomes that include instead of staying a fatal "file not found".
// CHECK: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cuda_device_runtime_api.h>
#include <host_defines.h>
#include <device_types.h>
#include <builtin_types.h>
__global__ void nstream(double *a, const double *b, const double *c, double s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] += b[i] + s * c[i];
}
