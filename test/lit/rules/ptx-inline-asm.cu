// Any other inline PTX: finding (it does not compile for AMD), kept as written.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
__device__ int add1(int x) {
  int y;
  // CHECK: {{^}}  asm("add.s32 %0, %1, 1;" : "=r"(y) : "r"(x));
  // DIAG: ptx-inline-asm.cu:[[@LINE+2]]:3: warning: inline PTX does not compile for AMD GPUs [ptx-inline-asm]
  // DIAG-NEXT: note: fix:
  asm("add.s32 %0, %1, 1;" : "=r"(y) : "r"(x));
  return y;
}
