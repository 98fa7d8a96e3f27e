// --annotate writes warnings as comments into the output, at the finding's location.
// RUN: %cu2hip %s -o - --no-summary --annotate 2>/dev/null | %strip | FileCheck %s
// RUN: %cu2hip %s -o - --no-summary 2>/dev/null | %strip | FileCheck --check-prefix=PLAIN %s
#include <cuda_runtime.h>
// CHECK: {{^}}__global__ void /* cu2hip: dropped the maximum-blocks-per-cluster argument '4'{{.*}}[wave-launch-bounds] */ __launch_bounds__(256, CU2HIP_WAVES_PER_EU(256, 2)) k(int *p) {
__global__ void __launch_bounds__(256, 2, 4) k(int *p) {
  int r;
  // CHECK: {{^}}  /* cu2hip: inline PTX does not compile for AMD GPUs [ptx-inline-asm] */ asm("add.s32 %0, %1, 1;" : "=r"(r) : "r"(p[0]));
  asm("add.s32 %0, %1, 1;" : "=r"(r) : "r"(p[0]));
  p[0] = r;
}
// PLAIN-NOT: cu2hip:
