// clock64() cycles turned into time with the clock rate (case 19): on AMD
// clock64() counts a variable shader clock; the port reads wall_clock64()
// and its rate (cu2hip/clock.h: hipDeviceAttributeWallClockRate, ROCm >= 5.3).
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
// CHECK: #include <cu2hip/clock.h>

// CHECK: #define NOW() wall_clock64()
// DIAG: clock-time.cu:[[@LINE+1]]:15: note: clock64() with the clock rate measures time{{.*}}[clock-time]
#define NOW() clock64()

__device__ void sleep_cycles(long long cycles) {
  // CHECK: {{^}}  long long t0 = wall_clock64();
  long long t0 = clock64();
  // CHECK: {{^}}  while (NOW() - t0 < cycles) {
  while (NOW() - t0 < cycles) {
  }
}

__global__ void timed(long long budget, int *timed_out) {
  long long start = clock64();
  sleep_cycles(budget / 2);
  // CHECK: if (wall_clock64() - start > budget) *timed_out = 1;
  if (clock64() - start > budget) *timed_out = 1;
}

long long budget_cycles(int dev, double ms) {
  int khz = 0;
  // CHECK: cu2hip::deviceGetAttribute(&khz, cu2hip::wall_clock_rate_attribute(hipDeviceAttributeClockRate), dev);
  cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, dev);
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, dev);
  // DIAG: clock-time.cu:[[@LINE+2]]:25: warning: clockRate used with clock64() as time{{.*}}[clock-time]
  // DIAG-NEXT: note: fix: read the rate with hipDeviceGetAttribute(&khz, hipDeviceAttributeWallClockRate, dev)
  int legacy_khz = prop.clockRate;
  return (long long)(khz > 0 ? khz : legacy_khz) * (long long)ms;
}
