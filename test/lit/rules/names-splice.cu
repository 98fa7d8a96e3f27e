// A name split by a backslash-newline is one token (translation phase 2):
// it is renamed like the name written whole, the splice dropped; a type and
// an enumerator spelled that way too.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>

void f(float **p) {
  // CHECK: hipDeviceSynchronize();
  cudaDevice\
Synchronize();
  // CHECK: hipError_t e = hipMalloc(p, 16);
  cuda\
Error_t e = cuda\
Malloc(p, 16);
  // CHECK: hipMemcpy(*p, *p, 4, hipMemcpyDeviceToDevice);
  cudaMemcpy(*p, *p, 4, cudaMemcpy\
DeviceToDevice);
}
// DIAG-NOT: error
