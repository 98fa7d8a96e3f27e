// cudaDeviceProp fields: CUDA 13 fields hipDeviceProp_t lacks get a warning
// with what to use; fields only ROCm >= 6 has get one note each; fields CUDA
// 13 removed but HIP keeps (clockRate, computeMode) and user structs' members
// of the same names are left alone.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
#include <cstdio>
struct Topology { int deviceNumaId; int uuid; };
int report(int dev, const Topology &t) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, dev);
  cudaDeviceProp *pp = &prop;
  // DIAG: device-prop.cu:[[@LINE+2]]:19: warning: cudaDeviceProp::deviceNumaId has no hipDeviceProp_t counterpart [device-prop-missing]
  // DIAG-NEXT: note: fix: HIP reports no NUMA placement of the device: treat it as unknown (-1)
  int numa = prop.deviceNumaId;
  // DIAG: device-prop.cu:[[@LINE+1]]:17: warning: cudaDeviceProp::mpsEnabled has no{{.*}}[device-prop-missing]
  int mps = pp->mpsEnabled;
  // DIAG: device-prop.cu:[[@LINE+1]]:23: note: hipDeviceProp_t::sharedMemPerBlockOptin exists from ROCm 6 on{{.*}}[device-prop-rocm6]
  size_t optin = prop.sharedMemPerBlockOptin;
  size_t optin2 = prop.sharedMemPerBlockOptin;
  // CHECK: int old_khz = prop.clockRate + prop.computeMode;
  int old_khz = prop.clockRate + prop.computeMode;
  int mine = t.deviceNumaId + t.uuid;
  printf("%d %d %zu %zu %d %d\n", numa, mps, optin, optin2, old_khz, mine);
  return 0;
}
// Each ROCm 6 field once; user struct members never.
// DIAG-NOT: [device-prop-
