// Inline PTX that has no builtin keeps its findings; %warpid gets its own,
// whose fix (the logical warp index) is right at wave 32 and 64.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
__device__ unsigned warp_slot() {
  unsigned w;
  // CHECK: {{^}}  asm volatile("mov.u32 %0, %%warpid;" : "=r"(w));
  // DIAG: ptx-warpid.cu:[[@LINE+3]]:3: warning: inline PTX does not compile for AMD GPUs [ptx-inline-asm]
  // DIAG: ptx-warpid.cu:[[@LINE+2]]:3: warning: inline PTX reads %warpid/%nwarpid{{.*}}[ptx-warpid]
  // DIAG-NEXT: note: fix: use the logical warp index (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) / 32
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(w));
  return w;
}
__device__ float4 load4(const float4 *p) {
  float4 v;
  // A vector load: no scalar builtin form.
  // CHECK: asm volatile("ld.global.nc.v4.f32
  // DIAG: ptx-warpid.cu:[[@LINE+1]]:3: warning: inline PTX does not compile for AMD GPUs [ptx-inline-asm]
  asm volatile("ld.global.nc.v4.f32 {%0, %1, %2, %3}, [%4];"
               : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
  return v;
}
__device__ unsigned lane_twice() {
  unsigned r;
  // Two instructions: kept, with the warp-PTX finding.
  // DIAG: ptx-warpid.cu:[[@LINE+2]]:3: warning: inline PTX with warp operations{{.*}}[wave-inline-ptx]
  // DIAG-NEXT: note: fix: use cu2hip::lane_id32() (not __lane_id(), which is 0..63 on wave64)
  asm volatile("mov.u32 %0, %%laneid;\n\tadd.u32 %0, %0, 1;" : "=r"(r));
  return r;
}
