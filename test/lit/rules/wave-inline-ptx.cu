// Inline PTX with warp operations: finding with a suggested replacement.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
__device__ unsigned lane_id() {
  unsigned r;
  // CHECK: {{^}}  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  // DIAG: wave-inline-ptx.cu:[[@LINE+2]]:3: warning: inline PTX with warp operations{{.*}}[wave-inline-ptx]
  // DIAG-NEXT: note: fix: use __lane_id()
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}
__device__ unsigned lt_mask() {
  unsigned r;
  // DIAG: wave-inline-ptx.cu:[[@LINE+1]]:3: warning: {{.*}}[wave-inline-ptx]
  asm volatile("mov.u32 %0, %%lanemask_lt;" : "=r"(r));
  return r;
}
// A warp-PTX finding is not also reported as generic inline PTX.
// DIAG-NOT: [ptx-inline-asm]
