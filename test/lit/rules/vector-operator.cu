// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err
// RUN: %strip %t.hip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %S/Inputs/vector-operator-kept.cu -o - --no-summary 2>%t.kept.err | %strip | FileCheck --check-prefix=KEPT %s
// RUN: FileCheck --check-prefix=KEPT-DIAG %s < %t.kept.err
// COMPILE-CHECK: rocm72
//
// A tree's own operators on CUDA's vector types. HIP's vector types bring a
// non-template friend operator* and operator/ (V, const V&) and member
// operator+= -= *= /= (const V&): where the tree's operator has that
// signature, a use is ambiguous on ROCm. Each use the parse resolved to the
// tree's operator becomes a qualified call of it (which finds neither HIP's
// friend nor its members), so the tree's definition keeps its meaning (a
// complex product here, not HIP's elementwise one). Operators HIP has only
// as templates (int2 * int, ==) are not ambiguous and stay. Uses in a
// template's body or spelled in a macro are kept, with a warning
// (Inputs/vector-operator-kept.cu: its port stays ambiguous on ROCm).
// A tree's vector-scalar operator (helper_math.h's `operator/=(float4 &,
// float)`) given an argument of another type (a double) loses on ROCm to
// HIP's template, whose `*this /= V` is then ambiguous with the tree's
// `operator/=(float4 &, float4)`: the parse's conversion is spelled.
#include <cuda_runtime.h>

// DIAG: vector-operator.cu:[[@LINE+1]]:35: note: the tree's own 'operator*' on a CUDA vector type{{.*}}[vector-operator]
__device__ __host__ inline float2 operator*(float2 a, float2 b) {
  return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
__device__ __host__ inline float2 operator/(const float2 &a, const float2 &b) {
  return make_float2(a.x / b.x, a.y / b.y);
}
__device__ __host__ inline void operator+=(float2 &a, float2 b) { a.x += b.x; a.y += b.y; }
__device__ __host__ inline int2 operator*(int2 a, int s) { return make_int2(a.x * s, a.y * s); }
// helper_math.h's pattern: elementwise operators of a vector and a scalar.
__device__ __host__ inline void operator/=(float4 &a, float4 b) { a.x /= b.x; a.y /= b.y; a.z /= b.z; a.w /= b.w; }
// DIAG-NOT: vector-operator.cu:[[@LINE+1]]:{{.*}}note: the tree's own 'operator/='
__device__ __host__ inline void operator/=(float4 &a, float b) { a.x /= b; a.y /= b; a.z /= b; a.w /= b; }
__device__ __host__ inline void operator*=(float4 &a, float4 b) { a.x *= b.x; a.y *= b.y; a.z *= b.z; a.w *= b.w; }
__device__ __host__ inline void operator*=(float4 &a, float b) { a.x *= b; a.y *= b; a.z *= b; a.w *= b; }
__device__ __host__ inline float4 operator*(float4 a, float b) { return make_float4(a.x * b, a.y * b, a.z * b, a.w * b); }
__device__ __host__ inline float4 operator*(float b, float4 a) { return make_float4(a.x * b, a.y * b, a.z * b, a.w * b); }
__device__ __host__ inline uint2 operator+(uint2 a, unsigned b) { return make_uint2(a.x + b, a.y + b); }
namespace cplx {
__device__ inline double2 operator*(double2 a, double2 b) {
  return make_double2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
// CHECK: __device__ inline double2 square(double2 z) { return ::cplx::operator*(z, z); }
__device__ inline double2 square(double2 z) { return z * z; }
} // namespace cplx

__global__ void k(float2 *z, int2 *v, double2 *w, float2 *m) {
  float2 a = z[0], b = z[1];
  // CHECK: float2 c = ::operator*(a, b);
  float2 c = a * b;
  // CHECK-NEXT: float2 d = ::operator*(::operator*(c, a), b) + make_float2(0.f, 0.f);
  float2 d = c * a * b + make_float2(0.f, 0.f);
  // CHECK-NEXT: ::operator+=(d, ::operator/(c, a));
  d += c / a;
  // CHECK-NEXT: v[0] = v[1] * 3;
  v[0] = v[1] * 3;
  // CHECK-NEXT: w[0] = cplx::square(w[1]);
  w[0] = cplx::square(w[1]);
}

__global__ void scalars(float4 *f, uint2 *u, double s) {
  float4 c = f[0];
  // CHECK: c /= static_cast<float>(4.0);
  // DIAG: vector-operator.cu:[[@LINE+1]]:5: note: the tree's own 'operator/=' on a CUDA vector type takes 'float': on ROCm HIP's template operator would take 'double' exactly and win; the conversion is spelled [vector-operator]
  c /= 4.0;
  // CHECK-NEXT: c *= static_cast<float>(255.0);
  c *= 255.0;
  // CHECK-NEXT: c *= static_cast<float>(s * 2);
  c *= s * 2;
  // CHECK-NEXT: c /= 2.0f;
  c /= 2.0f;
  // CHECK-NEXT: ::operator/=(c, f[1]);
  c /= f[1];
  // CHECK-NEXT: f[1] = c * static_cast<float>(255.0) + static_cast<float>(2) * c * 0.5f;
  f[1] = c * 255.0 + 2 * c * 0.5f;
  // CHECK-NEXT: u[0] = u[1] + static_cast<unsigned int>(3) + 4u;
  u[0] = u[1] + 3 + 4u;
}

// KEPT: #define CMUL(a, b) ((a) * (b))
// KEPT: template <class V> __device__ V twice_product(V a, V b) { return a * b; }
// KEPT: m[0] = CMUL(z[0], z[1]) + twice_product(z[2], z[3]) + make_float2(n, 0);
// KEPT-DIAG: vector-operator-kept.cu:6:68: warning: this use of the tree's own operator on a CUDA vector type is spelled in a template{{.*}}[vector-operator-kept]
// KEPT-DIAG: vector-operator-kept.cu:9:{{[0-9]+}}: warning: this use of the tree's own operator on a CUDA vector type is spelled in a macro{{.*}}[vector-operator-kept]
