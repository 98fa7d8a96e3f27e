// RUN: %cu2hip %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: all
//
// cuda_fp16.h conversions that HIP lacks under CUDA's names (ROCm 5.2 and
// 7.2: "use of undeclared identifier '__double2half'") go to cu2hip/compat.h:
// __double2half rounds once from double (not through float), the _rz char
// conversions saturate and send NaN to 0, as CUDA documents.
// SUM-NOT: names-unsupported
// SUM: names converted: fp16=4
// CHECK-DAG: #include <hip/hip_fp16.h>
// CHECK-DAG: #include <cu2hip/compat.h>
#include <cuda_fp16.h>

// CHECK: __global__ void k(__half *y, signed char *c, unsigned char *u, const double *x, int n) {
__global__ void k(__half *y, signed char *c, unsigned char *u, const double *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  // CHECK: y[i] = cu2hip::double2half(x[i]);
  y[i] = __double2half(x[i]);
  // CHECK-NEXT: c[i] = cu2hip::half2char_rz(y[i]);
  c[i] = __half2char_rz(y[i]);
  // CHECK-NEXT: u[i] = cu2hip::half2uchar_rz(y[i]);
  u[i] = __half2uchar_rz(y[i]);
}
