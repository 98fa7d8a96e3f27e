// --texture=software: surface objects, their reads and writes (value and
// pointer forms, every shape, with and without a boundary mode), cubemap
// fetches and the copies out of arrays go through cu2hip/texture.h, decided
// by the SDK declaration each call resolves to. A surface object shares the
// linear mirror of its array with the texture objects over that array. The
// port compiles for gfx942 and gfx1100.
// RUN: %cu2hip %s -o - --no-summary --texture=software 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG --allow-empty %s < %t.err
// RUN: %cu2hip %s -o - --no-summary --texture=software --cuda-headers=bundled 2>/dev/null | %strip | FileCheck %s
// COMPILE-CHECK: rocm72
// COMPILE-ARGS: --texture=software
// DIAG-NOT: [texture-software-unsupported]
// DIAG-NOT: [surface-boundary-mode]
// DIAG-NOT: [texture-target]
#include <cuda_runtime.h>
// CHECK: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <cu2hip/texture.h>

// CHECK: __global__ void surfaces(hipSurfaceObject_t s1, hipSurfaceObject_t s2, hipSurfaceObject_t s3, const float *in, int w) {
__global__ void surfaces(cudaSurfaceObject_t s1, cudaSurfaceObject_t s2, cudaSurfaceObject_t s3, const float *in, int w) {
  int x = threadIdx.x, y = blockIdx.x;
  // CHECK: cu2hip::surf2Dwrite(in[y * w + x], s2, x * 4, y, hipBoundaryModeTrap);
  surf2Dwrite(in[y * w + x], s2, x * 4, y, cudaBoundaryModeTrap);
  // CHECK: cu2hip::surf2Dwrite<float>(in[x], s2, x * 4, y);
  surf2Dwrite<float>(in[x], s2, x * 4, y);
  // CHECK: float a = cu2hip::surf2Dread<float>(s2, x * 4, y, hipBoundaryModeClamp);
  float a = surf2Dread<float>(s2, x * 4, y, cudaBoundaryModeClamp);
  float b;
  // CHECK: cu2hip::surf2Dread(&b, s2, x * 4, y + 1, hipBoundaryModeZero);
  surf2Dread(&b, s2, x * 4, y + 1, cudaBoundaryModeZero);
  // CHECK: cu2hip::surf1Dwrite(make_float4(a, b, 0, 1), s1, x * sizeof(float4));
  surf1Dwrite(make_float4(a, b, 0, 1), s1, x * sizeof(float4));
  // CHECK: float4 c = cu2hip::surf1Dread<float4>(s1, x * 16);
  float4 c = surf1Dread<float4>(s1, x * 16);
  // CHECK: cu2hip::surf3Dwrite<unsigned char>((unsigned char)c.x, s3, x, y, 1);
  surf3Dwrite<unsigned char>((unsigned char)c.x, s3, x, y, 1);
  // CHECK: unsigned char d = cu2hip::surf3Dread<unsigned char>(s3, x, y, 0);
  unsigned char d = surf3Dread<unsigned char>(s3, x, y, 0);
  // CHECK: cu2hip::surf2DLayeredwrite(c, s1, x * 16, y, 2);
  surf2DLayeredwrite(c, s1, x * 16, y, 2);
  // CHECK: cu2hip::surf1DLayeredwrite(a + d, s2, x * 4, 1);
  surf1DLayeredwrite(a + d, s2, x * 4, 1);
  // CHECK: cu2hip::surfCubemapwrite(b, s2, x * 4, y, 5);
  surfCubemapwrite(b, s2, x * 4, y, 5);
  // CHECK: cu2hip::surfCubemapLayeredwrite(b + cu2hip::surfCubemapLayeredread<float>(s2, 0, 0, 7), s2, x * 4, y, 11);
  surfCubemapLayeredwrite(b + surfCubemapLayeredread<float>(s2, 0, 0, 7), s2, x * 4, y, 11);
}

// CHECK: __global__ void cube(hipTextureObject_t t, float4 *out) {
__global__ void cube(cudaTextureObject_t t, float4 *out) {
  float u = threadIdx.x * 0.25f - 1.0f;
  // CHECK: out[threadIdx.x] = cu2hip::texCubemap<float4>(t, u, 1.0f, -0.5f);
  out[threadIdx.x] = texCubemap<float4>(t, u, 1.0f, -0.5f);
  // CHECK: out[threadIdx.x].x += cu2hip::texCubemapLayered<float>(t, 0.5f, u, 1.0f, 2);
  out[threadIdx.x].x += texCubemapLayered<float>(t, 0.5f, u, 1.0f, 2);
}

void host(cudaArray_t arr, float *h, int w, int hgt, cudaStream_t st) {
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = arr;
  cudaSurfaceObject_t s;
  // CHECK: cu2hip::create_surface_object(&s, &rd);
  cudaCreateSurfaceObject(&s, &rd);
  // CHECK: cu2hip::memcpy_2d_from_array(h, w * 4, arr, 0, 0, w * 4, hgt, hipMemcpyDeviceToHost);
  cudaMemcpy2DFromArray(h, w * 4, arr, 0, 0, w * 4, hgt, cudaMemcpyDeviceToHost);
  // CHECK: cu2hip::memcpy_2d_from_array_async(h, w * 4, arr, 0, 0, w * 4, hgt, hipMemcpyDeviceToHost, st);
  cudaMemcpy2DFromArrayAsync(h, w * 4, arr, 0, 0, w * 4, hgt, cudaMemcpyDeviceToHost, st);
  // CHECK: cu2hip::memcpy_from_array(h, arr, 0, 0, w * 4, hipMemcpyDeviceToHost);
  cudaMemcpyFromArray(h, arr, 0, 0, w * 4, cudaMemcpyDeviceToHost);
  // CHECK: cu2hip::destroy_surface_object(s);
  cudaDestroySurfaceObject(s);
}
