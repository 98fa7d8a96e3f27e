// --texture=software: texture objects and their fetches go through
// cu2hip/texture.h's software sampler (CDNA targets have no image
// instructions), decided by the declaration each call resolves to: the
// SDK's fetches on a cudaTextureObject_t, object creation and destruction,
// and the copies into arrays whose mirrors the objects keep. A user's own
// tex2D is left alone. The port compiles for gfx942 and gfx1100.
// RUN: %cu2hip %s -o - --no-summary --texture=software 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG --allow-empty %s < %t.err
// RUN: %cu2hip %s -o - --no-summary --texture=software --cuda-headers=bundled 2>/dev/null | %strip | FileCheck %s
// COMPILE-CHECK: rocm72
// COMPILE-ARGS: --texture=software
// DIAG-NOT: [texture-target]
// DIAG-NOT: parse-sdk
#include <cuda_runtime.h>
#include <cstdio>
// CHECK: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <cu2hip/texture.h>
// A fetch spelled in a macro's body: the definition is edited.
// CHECK: #define LOAD_FLOAT(t, i) cu2hip::tex1Dfetch<float>(t, i)
#define LOAD_FLOAT(t, i) tex1Dfetch<float>(t, i)
#define CHECK_CUDA(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) printf("%d\n", (int)e_); } while (0)

namespace mine {
__device__ float tex2D(int t, float x, float y) { return x + y + t; }
}

template <int R> __device__ float row(float x, float y, cudaTextureObject_t t) {
  // CHECK: return cu2hip::tex2D<float>(t, x + R, y) + row<R - 1>(x, y, t);
  return tex2D<float>(t, x + R, y) + row<R - 1>(x, y, t);
}
template <> __device__ float row<-1>(float, float, cudaTextureObject_t) { return 0; }

// CHECK: __global__ void fetch(hipTextureObject_t t, hipTextureObject_t vol, float4 *out) {
__global__ void fetch(cudaTextureObject_t t, cudaTextureObject_t vol, float4 *out) {
  int i = threadIdx.x;
  // CHECK: float a = cu2hip::tex2D<float>(t, i + 0.5f, 0.5f) + mine::tex2D(1, 2.0f, 3.0f) + row<2>(0.5f, 0.5f, t);
  float a = ::tex2D<float>(t, i + 0.5f, 0.5f) + mine::tex2D(1, 2.0f, 3.0f) + row<2>(0.5f, 0.5f, t);
  // CHECK: float4 b = cu2hip::tex1Dfetch<float4>(t, i);
  float4 b = tex1Dfetch<float4>(t, i);
  // CHECK: uchar4 c = cu2hip::tex2D<uchar4>(t, 0.5f, 0.5f);
  uchar4 c = tex2D<uchar4>(t, 0.5f, 0.5f);
  // CHECK: float d = cu2hip::tex3D<float>(vol, 0.5f, 0.5f, 0.5f) + cu2hip::tex2DLayered<float>(vol, 1.0f, 2.0f, 1);
  float d = tex3D<float>(vol, 0.5f, 0.5f, 0.5f) + tex2DLayered<float>(vol, 1.0f, 2.0f, 1);
  // CHECK: float e = cu2hip::tex1D<float>(t, 0.25f) + cu2hip::tex1DLayered<float>(vol, 0.25f, 0);
  float e = tex1D<float>(t, 0.25f) + tex1DLayered<float>(vol, 0.25f, 0);
  // CHECK: out[i] = make_float4(a + d + e + LOAD_FLOAT(t, i), b.y, c.x, c.w);
  out[i] = make_float4(a + d + e + LOAD_FLOAT(t, i), b.y, c.x, c.w);
}

void make(float *host, int w, int h, cudaStream_t s, cudaMemcpy3DParms *p) {
  cudaArray_t arr;
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
  CHECK_CUDA(cudaMallocArray(&arr, &cd, w, h));
  // CHECK: CHECK_CUDA(cu2hip::memcpy_2d_to_array(arr, 0, 0, host, w * 4, w * 4, h, hipMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy2DToArray(arr, 0, 0, host, w * 4, w * 4, h, cudaMemcpyHostToDevice));
  // CHECK: cu2hip::memcpy_2d_to_array_async(arr, 0, 0, host, w * 4, w * 4, h, hipMemcpyHostToDevice, s);
  cudaMemcpy2DToArrayAsync(arr, 0, 0, host, w * 4, w * 4, h, cudaMemcpyHostToDevice, s);
  // CHECK: cu2hip::memcpy_3d(p);
  cudaMemcpy3D(p);
  // CHECK: cu2hip::memcpy_3d_async(p, s);
  cudaMemcpy3DAsync(p, s);
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = arr;
  cudaTextureDesc td = {};
  td.addressMode[0] = cudaAddressModeMirror;
  td.filterMode = cudaFilterModeLinear;
  td.normalizedCoords = 1;
  cudaTextureObject_t t;
  // CHECK: CHECK_CUDA(cu2hip::create_texture_object(&t, &rd, &td, NULL));
  CHECK_CUDA(cudaCreateTextureObject(&t, &rd, &td, NULL));
  // CHECK: cu2hip::destroy_texture_object(t);
  cudaDestroyTextureObject(t);
  // CHECK: hipFreeArray(arr);
  cudaFreeArray(arr);
}
