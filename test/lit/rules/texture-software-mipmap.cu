// --texture=software: mipmapped arrays and the level-of-detail fetches go
// through cu2hip/texture.h (software mipmapped arrays of
// cu2hip/texture_mipmap.h: levels in linear memory), decided by the SDK
// declaration each call resolves to: cudaMallocMipmappedArray,
// cudaGetMipmappedArrayLevel, cudaFreeMipmappedArray, cudaArrayGetInfo
// (which answers for a level), tex1DLod/tex2DLod/tex3DLod and
// tex1DGrad/tex2DGrad/tex3DGrad. A user function named like one of them is
// left alone. The port compiles for gfx942 and gfx1100 (bindlessTexture's
// pattern: surfaces over levels, a texture over the mipmapped array).
// RUN: %cu2hip %s -o - --no-summary --texture=software 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG --allow-empty %s < %t.err
// RUN: %cu2hip %s -o - --no-summary 2>/dev/null | %strip | FileCheck --check-prefix=IMAGE %s
// COMPILE-CHECK: rocm72
// COMPILE-ARGS: --texture=software
// DIAG-NOT: [texture-software-unsupported]
// DIAG-NOT: [texture-target]
#include <cuda_runtime.h>
// CHECK: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <cu2hip/texture.h>

namespace user {
// A tree's own function of an SDK name: not the SDK's, not rewritten.
inline int cudaArrayGetInfo(int x) { return x; }
}

// CHECK: __global__ void fetch(float4 *out, hipTextureObject_t t, float lod) {
__global__ void fetch(float4 *out, cudaTextureObject_t t, float lod) {
  float u = threadIdx.x / 32.0f;
  // CHECK: out[0] = cu2hip::tex2DLod<float4>(t, u, 1 - u, lod);
  out[0] = tex2DLod<float4>(t, u, 1 - u, lod);
  // CHECK: out[1].x = cu2hip::tex1DLod<float>(t, u, lod) + cu2hip::tex3DLod<float>(t, u, u, u, lod);
  out[1].x = tex1DLod<float>(t, u, lod) + tex3DLod<float>(t, u, u, u, lod);
  // CHECK: out[2] = cu2hip::tex2DGrad<float4>(t, u, u, make_float2(0.1f, 0.0f), make_float2(0.0f, 0.1f));
  out[2] = tex2DGrad<float4>(t, u, u, make_float2(0.1f, 0.0f), make_float2(0.0f, 0.1f));
  // CHECK: out[3].x = cu2hip::tex1DGrad<float>(t, u, 0.1f, 0.1f);
  out[3].x = tex1DGrad<float>(t, u, 0.1f, 0.1f);
  // CHECK: out[3].y = cu2hip::tex3DGrad<float>(t, u, u, u, make_float4(0.1f, 0, 0, 0), make_float4(0, 0.1f, 0, 0));
  out[3].y = tex3DGrad<float>(t, u, u, u, make_float4(0.1f, 0, 0, 0), make_float4(0, 0.1f, 0, 0));
  // CHECK: uchar4 raw = cu2hip::tex2DLod<uchar4>(t, u, u, lod);
  uchar4 raw = tex2DLod<uchar4>(t, u, u, lod);
  out[4].x = raw.x;
}

__global__ void down(cudaSurfaceObject_t dst, cudaTextureObject_t src, int w, int h) {
  int x = threadIdx.x, y = blockIdx.x;
  if (x < w && y < h)
    // CHECK: cu2hip::surf2Dwrite(make_uchar4(255, 0, 0, 255), dst, x * 4, y);
    surf2Dwrite(make_uchar4(255, 0, 0, 255), dst, x * 4, y);
}

int build(const uchar4 *h_img, int w, int h, float4 *out) {
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<uchar4>();
  cudaMipmappedArray_t mip;
  // CHECK: cu2hip::malloc_mipmapped_array(&mip, &desc, make_hipExtent(w, h, 0), 4);
  // IMAGE: hipMallocMipmappedArray(&mip, &desc, make_hipExtent(w, h, 0), 4);
  cudaMallocMipmappedArray(&mip, &desc, make_cudaExtent(w, h, 0), 4);
  cudaArray_t level0, level1;
  // CHECK: cu2hip::get_mipmapped_array_level(&level0, mip, 0);
  // IMAGE: hipGetMipmappedArrayLevel(&level0, mip, 0);
  cudaGetMipmappedArrayLevel(&level0, mip, 0);
  cudaGetMipmappedArrayLevel(&level1, mip, 1);
  cudaExtent ext;
  // CHECK: cu2hip::array_get_info(NULL, &ext, NULL, level1);
  // IMAGE: hipArrayGetInfo(NULL, &ext, NULL, level1);
  cudaArrayGetInfo(NULL, &ext, NULL, level1);
  // CHECK: int n = user::cudaArrayGetInfo(3);
  int n = user::cudaArrayGetInfo(3);
  cudaMemcpy3DParms cp = {0};
  cp.srcPtr = make_cudaPitchedPtr((void *)h_img, w * sizeof(uchar4), w, h);
  cp.dstArray = level0;
  cp.extent = make_cudaExtent(w, h, 1);
  cp.kind = cudaMemcpyHostToDevice;
  // CHECK: cu2hip::memcpy_3d(&cp);
  cudaMemcpy3D(&cp);

  cudaResourceDesc lr = {};
  lr.resType = cudaResourceTypeArray;
  lr.res.array.array = level1;
  cudaSurfaceObject_t s;
  // CHECK: cu2hip::create_surface_object(&s, &lr);
  cudaCreateSurfaceObject(&s, &lr);

  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeMipmappedArray;
  res.res.mipmap.mipmap = mip;
  cudaTextureDesc td = {};
  td.normalizedCoords = 1;
  td.filterMode = cudaFilterModeLinear;
  td.mipmapFilterMode = cudaFilterModeLinear;
  td.maxMipmapLevelClamp = 3.0f;
  td.readMode = cudaReadModeNormalizedFloat;
  cudaTextureObject_t t;
  // CHECK: cu2hip::create_texture_object(&t, &res, &td, NULL);
  cudaCreateTextureObject(&t, &res, &td, NULL);
  down<<<h / 2, w / 2>>>(s, t, w / 2, h / 2);
  fetch<<<1, 32>>>(out, t, 1.5f);
  cudaDestroySurfaceObject(s);
  cudaDestroyTextureObject(t);
  // CHECK: cu2hip::free_mipmapped_array(mip);
  // IMAGE: hipFreeMipmappedArray(mip);
  cudaFreeMipmappedArray(mip);
  return n + (int)ext.width;
}
