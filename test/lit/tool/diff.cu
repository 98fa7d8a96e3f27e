// --diff prints a unified diff to stdout and writes nothing.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/in.cu
// RUN: %cu2hip %t/in.cu --diff --no-summary 2>/dev/null > %t.diff
// RUN: FileCheck %s < %t.diff
// RUN: cmp %s %t/in.cu
// RUN: ls %t > %t.ls
// RUN: FileCheck --check-prefix=LS %s < %t.ls
// LS: in.cu
// LS-NOT: {{.}}
// The diff applies: patch gives the port.
// RUN: %cu2hip %t/in.cu -o %t/port.cu --no-summary 2>/dev/null
// RUN: cp %t/in.cu %t/patched.cu
// RUN: patch -s %t/patched.cu %t.diff
// RUN: diff %t/port.cu %t/patched.cu
#include <cuda_runtime.h>
// CHECK: --- {{.*}}in.cu
// CHECK-NEXT: +++ {{.*}}in.cu
// CHECK-NEXT: @@ -{{[0-9]+}},{{[0-9]+}} +{{[0-9]+}},{{[0-9]+}} @@
// CHECK: -#include <cuda_runtime.h>
// CHECK-NEXT: +#include <hip/hip_runtime.h>
void f(float **p) {
  int unchanged = 0;
  (void)unchanged;
  cudaMalloc(p, 4);
}
// CHECK: -  cudaMalloc(p, 4);
// CHECK-NEXT: +  hipMalloc(p, 4);
