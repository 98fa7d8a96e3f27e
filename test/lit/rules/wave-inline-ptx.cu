// Inline PTX with warp operations: finding with a suggested replacement.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
// (One-instruction reads of %laneid / %lanemask_* are rewritten by rule
// ptx-builtin; these have no builtin form.)
__device__ int shfl_ptx(int v) {
  int r;
  // CHECK: {{^}}  asm volatile("shfl.sync.bfly.b32 %0, %1, 16, 0x1f, 0xffffffff;" : "=r"(r) : "r"(v));
  // DIAG: wave-inline-ptx.cu:[[@LINE+2]]:3: warning: inline PTX with warp operations{{.*}}[wave-inline-ptx]
  // DIAG-NEXT: note: fix: use cu2hip::lane_id32() (not __lane_id(), which is 0..63 on wave64)
  asm volatile("shfl.sync.bfly.b32 %0, %1, 16, 0x1f, 0xffffffff;" : "=r"(r) : "r"(v));
  return r;
}
__device__ unsigned lt_mask_plus(unsigned k) {
  unsigned r;
  // DIAG: wave-inline-ptx.cu:[[@LINE+1]]:3: warning: {{.*}}[wave-inline-ptx]
  asm volatile("mov.u32 %0, %%lanemask_lt; add.u32 %0, %0, %1;" : "=r"(r) : "r"(k));
  return r;
}
// A warp-PTX finding is not also reported as generic inline PTX.
// DIAG-NOT: [ptx-inline-asm]
