// User declarations named like CUDA APIs: a namespace-scope declaration keeps
// the name in the file (names-shadowed note); a member is never renamed, at
// its declaration or its uses; a local is renamed with its uses.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
// CHECK: {{^}}struct FakeRt { int cudaDeviceSynchronize() { return 0; } };
struct FakeRt { int cudaDeviceSynchronize() { return 0; } };
// CHECK: {{^}}__device__ int lanes(int warpSize) { return warpSize * 2; }
__device__ int lanes(int warpSize) { return warpSize * 2; }
// DIAG-DAG: names-shadowed.cu:[[@LINE+1]]:6: note: 'cudaGetDeviceCount' is declared by the user
void cudaGetDeviceCount(int *n);
int g() {
  FakeRt r;
  int n;
  // CHECK: {{^}}  cudaGetDeviceCount(&n);
  cudaGetDeviceCount(&n);
  // CHECK: {{^}}  return r.cudaDeviceSynchronize() + (int)hipDeviceSynchronize() + n;
  return r.cudaDeviceSynchronize() + (int)cudaDeviceSynchronize() + n;
}
// DIAG-DAG: note: the file declares its own 'warpSize'
