// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err
// RUN: %strip %t.hip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
//
// Lists left as written, with a warning: one spelled in a macro, and one in
// a template whose type is not spelled where the port could name it (a
// call argument), so cu2hip::brace_init<T> cannot be written.
#include <cuda_runtime.h>
template <typename T> __device__ void put(T *p, T v) { *p = v; }
template <typename T> __device__ void first_only(T *p) {
  // DIAG: vector-brace-init-kept.cu:[[@LINE+2]]:18: warning: this braced list in a template initialises a CUDA vector type with fewer elements than members in some instantiation, and the type it initialises is not spelled where the port can name it: kept{{.*}}[vector-brace-init-kept]
  // CHECK: put<T>(p, {p->x});
  put<T>(p, {p->x});
}
#define XY(v) {v.x, v.y}
__global__ void k(float4 *q) {
  first_only(q);
  // DIAG: vector-brace-init-kept.cu:[[@LINE+2]]:14: warning: a braced list spelled in a macro initialises a CUDA vector type with fewer elements than members: kept{{.*}}[vector-brace-init-kept]
  // CHECK: float4 w = XY(q[3]);
  float4 w = XY(q[3]);
  q[4] = w;
}
