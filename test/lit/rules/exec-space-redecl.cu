// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err || true
// RUN: %strip %t.hip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
//
// A header declares a function __host__ __device__ and the .cu defines it
// with no execution space (here both in one file): nvcc takes the declared one, clang reads a
// separate __host__ function that "cannot overload" the declared one. The
// definition gets __host__ __device__ (by the parse: a declaration of the
// same name and type with those attributes written). Other definitions stay.
#include <cuda_runtime.h>
__host__ __device__ float4 triNormal(float4 a, float4 b, float4 c);
__host__ __device__ int twice(int x);
__device__ int devOnly(int x);

// CHECK: __host__ __device__ float4 triNormal(float4 a, float4 b, float4 c) {
// DIAG: exec-space-redecl.cu:[[@LINE+1]]:1: note: definition of 'triNormal' given __host__ __device__ from its declaration{{.*}}[exec-space-redecl]
float4 triNormal(float4 a, float4 b, float4 c) {
  float4 r;
  r.x = (b.y - a.y) * (c.z - a.z) - (b.z - a.z) * (c.y - a.y);
  r.y = (b.z - a.z) * (c.x - a.x) - (b.x - a.x) * (c.z - a.z);
  r.z = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  r.w = 0.f;
  return r;
}
// CHECK: __host__ __device__ int twice(int x) { return 2 * x; }
int twice(int x) { return 2 * x; }
// Written attributes, or no declaration with them: left alone.
// CHECK: __device__ int devOnly(int x) { return x + 1; }
__device__ int devOnly(int x) { return x + 1; }
// CHECK: static int hostOnly(int x) { return twice(x); }
static int hostOnly(int x) { return twice(x); }

__global__ void normals(float4 *n, const float4 *v, int *k) {
  n[threadIdx.x] = triNormal(v[0], v[1], v[2]);
  k[threadIdx.x] = twice(devOnly(k[threadIdx.x]));
}
int main() { return hostOnly(1) == 2 ? 0 : 1; }
