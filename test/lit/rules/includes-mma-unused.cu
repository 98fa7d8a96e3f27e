// RUN: %cu2hip %s -o %t.hip 2>%t.err
// RUN: %strip %t.hip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %S/Inputs/includes-mma-used.cu -o - 2>%t.used.err | %strip | FileCheck --check-prefix=USED %s
// RUN: FileCheck --check-prefix=USED-DIAG %s < %t.used.err
// COMPILE-CHECK: rocm72
//
// <mma.h> declares only nvcuda::wmma, and ROCm has no such header: a unit
// that includes it without using WMMA would stop at a fatal "file not
// found". The include is guarded by __has_include (kept where the header
// exists, HIP on NVIDIA), with a note. A unit that uses nvcuda::wmma gets
// cu2hip/wmma.h instead (rocWMMA, or the software WMMA where rocWMMA is
// incomplete; Inputs/includes-mma-used.cu).
// CHECK: #include <hip/hip_runtime.h>
// CHECK-NEXT: #if __has_include(<mma.h>)
// CHECK-NEXT: #include <mma.h>
// CHECK-NEXT: #endif
// CHECK-NEXT: #include <cstdio>
// DIAG: includes-mma-unused.cu:[[@LINE+1]]:10: note: <mma.h> is included but nothing here uses nvcuda::wmma{{.*}}[includes-mma-unused]
#include <mma.h>
#include <cstdio>
// DIAG-NOT: includes-unsupported

// Nothing of nvcuda::wmma is used here.
__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}

// USED: {{^}}#include <cu2hip/wmma.h>
// USED-NOT: __has_include
// USED-DIAG: includes-mma-used.cu:2:10: note: header <mma.h> -> <cu2hip/wmma.h> covers part of it: {{.*}}where rocWMMA is incomplete, or with -DCU2HIP_WMMA_SOFTWARE, cu2hip's software WMMA{{.*}}[includes-partial]
// USED-DIAG-NOT: [includes-unsupported]
