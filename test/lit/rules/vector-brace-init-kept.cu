// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err
// RUN: %strip %t.hip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
//
// A template list that initialises float4 in one instantiation and a
// three-member struct in another cannot be padded in the pattern; a list
// spelled in a macro is left too. Both with a warning.
#include <cuda_runtime.h>
struct V3 { float x, y, z; };
template <typename T> __host__ __device__ T cross(T a, T b) {
  // DIAG: vector-brace-init-kept.cu:[[@LINE+2]]:78: warning: this braced list initialises a CUDA vector type with fewer elements than members in some instantiations of the template and other types in others: kept{{.*}}[vector-brace-init-kept]
  // CHECK: return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
#define XY(v) {v.x, v.y}
__global__ void k(float4 *q, V3 *v) {
  q[0] = cross(q[1], q[2]);
  v[0] = cross(v[1], v[2]);
  // DIAG: vector-brace-init-kept.cu:[[@LINE+2]]:14: warning: a braced list spelled in a macro initialises a CUDA vector type with fewer elements than members: kept{{.*}}[vector-brace-init-kept]
  // CHECK: float4 w = XY(q[3]);
  float4 w = XY(q[3]);
  q[4] = w;
}
