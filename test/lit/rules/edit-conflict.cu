// edit-conflict is the safety net for two rules editing overlapping text
// (error naming both rules, file failed). No rule pair overlaps today, so
// this test checks that the pairs that used to overlap compose without the
// error: dynamic-shared rewrites the whole declaration and names renames the
// element type (and, with a user map, the array name) inside it. The merge
// and the conflict report themselves are unit-tested in
// test/unit/EditSetTest.cpp (OverlappingReplacementsConflict, ...).
// RUN: %cu2hip %s -o - --no-summary --dynamic-shared=macro 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: printf -- "- {cuda: myTile, hip: hipTile, kind: function, lib: runtime}\n" > %t.d/user.yaml
// RUN: %cu2hip %s -o - --no-summary --no-semantic --dynamic-shared=macro --rules %t.d/user.yaml 2>%t.err2 | %strip | FileCheck --check-prefix=USER %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err2
#include <cuda_runtime.h>
#include <cuda_bf16.h>
__global__ void k(float *o) {
  // CHECK: {{^}}  HIP_DYNAMIC_SHARED(__hip_bfloat16, buf)
  extern __shared__ __nv_bfloat16 buf[];
  o[0] = __bfloat162float(buf[0]);
}
__global__ void k2(float *o) {
  // USER: {{^}}  HIP_DYNAMIC_SHARED(float, hipTile)
  extern __shared__ float myTile[];
  // USER-NEXT: {{^}}  o[0] = hipTile[0];
  o[0] = myTile[0];
}
// DIAG-NOT: [edit-conflict]
