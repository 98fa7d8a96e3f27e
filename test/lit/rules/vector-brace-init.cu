// RUN: %cu2hip %s -o %t.hip --no-summary
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: rocm72
//
// CUDA's vector types are aggregates: a braced list with fewer elements
// leaves the other members zero. HIP's want one value per member (and
// broadcast a single one), so each such list gets the missing zeros, typed
// as the member. In a template the instantiations decide; where they
// disagree the list is kept with a warning (vector-brace-init-kept.cu).
#include <cuda_runtime.h>
// CHECK: #include <cu2hip/vector_init.h>

template <typename T> __host__ __device__ T cross(T a, T b) {
  // CHECK: return cu2hip::brace_init<T>(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
// CHECK: template <typename T> __device__ T pair(float a) { return cu2hip::brace_init<T>(a, a); }
template <typename T> __device__ T pair(float a) { return {a, a,}; }
// CHECK: template <typename T> __device__ T third(T v) {
// CHECK-NEXT: T t = cu2hip::brace_init<T>(v.z);
// CHECK-NEXT: float2 f = cu2hip::brace_init<float2>(v.x);
template <typename T> __device__ T third(T v) {
  T t = {v.z};
  float2 f = {v.x};
  t.x += f.y;
  return t;
}
struct Pts { float4 p[2]; int n; };
struct V3 { float x, y, z; };

__global__ void k(float4 *q, int2 *iv, double4 *dv, uint3 *uv, Pts *s, V3 *v) {
  q[0] = cross(q[1], q[2]);
  v[0] = cross(v[1], v[2]);
  q[7] = third(q[8]);
  // CHECK: float4 p = {1.f, 2.f, 0.0f, 0.0f};
  float4 p = {1.f, 2.f};
  q[3] = p;
  q[4] = pair<float4>(1.f);
  // One element: HIP would broadcast it.
  // CHECK: iv[0] = int2{3, 0};
  iv[0] = int2{3};
  // CHECK: double4 d{1.0, 0.0, 0.0, 0.0};
  double4 d{1.0};
  dv[0] = d;
  // CHECK: uint3 u = {7u, 0u, 0u};
  uint3 u = {7u};
  uv[0] = u;
  // Nested lists, each its own.
  // CHECK: Pts t = {{[{][{][{]}}1.f, 0.0f, 0.0f, 0.0f}, {1.f, 2.f, 3.f, 0.0f}}, 2};
  Pts t = {{{1.f}, {1.f, 2.f, 3.f}}, 2};
  s[0] = t;
  // Complete and empty lists stay.
  // CHECK: float4 full = {1.f, 2.f, 3.f, 4.f}, zero = {};
  float4 full = {1.f, 2.f, 3.f, 4.f}, zero = {};
  q[5] = full;
  q[6] = zero;
}
