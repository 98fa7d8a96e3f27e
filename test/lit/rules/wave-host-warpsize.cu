// Host code reading the device's warpSize is flagged, not rewritten.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
int warps(int threads) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  // CHECK: {{^}}  return threads / prop.warpSize;
  // DIAG: wave-host-warpsize.cu:[[@LINE+2]]:25: warning: reads the device's wavefront size{{.*}}[wave-host-warpsize]
  // DIAG-NEXT: note: fix:
  return threads / prop.warpSize;
}
