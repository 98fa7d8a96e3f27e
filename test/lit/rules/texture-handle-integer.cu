// CUDA's texture and surface object handles are unsigned long long; HIP's
// are pointers. A handle packed into integers and back (bindless
// texturing: an atlas of handles as uint2) gets casts to and from unsigned
// long long: each handle operand of an integer operator, and each integer
// that initializes, is assigned to or is returned as a handle. Decided by
// the types of the parse; a null constant, a handle copied as a handle and
// plain integers are left alone. The port compiles for gfx942 and gfx1100.
// RUN: %cu2hip %s -o - --no-summary --texture=software 2>%t.err | %strip | FileCheck %s
// RUN: %cu2hip %s -o - --no-summary 2>/dev/null | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG --allow-empty %s < %t.err
// COMPILE-CHECK: rocm72
// COMPILE-ARGS: --texture=software
// DIAG-NOT: error
#include <cuda_runtime.h>

// CHECK: __host__ __device__ inline uint2 encode(hipTextureObject_t obj) {
__host__ __device__ inline uint2 encode(cudaTextureObject_t obj) {
  // CHECK-NEXT: return make_uint2((uint)(((unsigned long long)(obj)) & 0xFFFFFFFF), (uint)(((unsigned long long)(obj)) >> 32));
  return make_uint2((uint)(obj & 0xFFFFFFFF), (uint)(obj >> 32));
}
// CHECK: __host__ __device__ inline hipTextureObject_t decode(uint2 obj) {
__host__ __device__ inline cudaTextureObject_t decode(uint2 obj) {
  // CHECK-NEXT: return ((hipTextureObject_t)((((unsigned long long)(((hipTextureObject_t)obj.x))) | ((unsigned long long)(((hipTextureObject_t)obj.y))) << 32)));
  return (((cudaTextureObject_t)obj.x) | ((cudaTextureObject_t)obj.y) << 32);
}

__global__ void k(cudaTextureObject_t t, uint2 *o, unsigned long long raw, float *out) {
  // CHECK: hipTextureObject_t u = decode(o[0]);
  cudaTextureObject_t u = decode(o[0]);
  // CHECK: hipTextureObject_t z = 0;
  cudaTextureObject_t z = 0;
  // CHECK: hipSurfaceObject_t s = ((hipSurfaceObject_t)(raw));
  cudaSurfaceObject_t s = raw;
  // CHECK: z = ((hipTextureObject_t)(raw + 1));
  z = raw + 1;
  // CHECK: z = u;
  z = u;
  // CHECK: unsigned long long plain = raw & 0xff;
  unsigned long long plain = raw & 0xff;
  o[1] = encode(u);
  // CHECK: o[2] = make_uint2((unsigned)(((unsigned long long)(s)) >> 32), (unsigned)(((unsigned long long)(z)) ^ ((unsigned long long)(t))) + plain);
  o[2] = make_uint2((unsigned)(s >> 32), (unsigned)(z ^ t) + plain);
  out[0] = tex2D<float>(decode(o[0]), 0.5f, 0.5f);
  // A handle read as an integer: initialiser (also braced), assignment.
  // CHECK: unsigned long long h = ((unsigned long long)(t));
  unsigned long long h = t;
  // CHECK-NEXT: unsigned long long hb{((unsigned long long)(u))};
  unsigned long long hb{u};
  // CHECK-NEXT: h = ((unsigned long long)(s));
  h = s;
  // CHECK-NEXT: auto same = t;
  auto same = t;
  o[3] = make_uint2((unsigned)h, (unsigned)hb);
  (void)same;
}

// CHECK: __host__ __device__ inline unsigned long long handle_bits(hipTextureObject_t t) {
__host__ __device__ inline unsigned long long handle_bits(cudaTextureObject_t t) {
  // CHECK-NEXT: return ((unsigned long long)(t));
  return t;
}
