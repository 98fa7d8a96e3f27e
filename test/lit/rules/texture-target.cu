// Default (--texture=image): texture objects stay HIP's, whose fetches need
// image instructions that CDNA targets (gfx90a, gfx942, gfx950) lack. Each
// fetch on a cudaTextureObject_t and each object creation gets a
// texture-target warning naming --texture=software; a user's own tex2D
// does not, nor does the code change.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG --implicit-check-not="[texture-target]" %s < %t.err
// RUN: %cu2hip %s -o - --no-summary --cuda-headers=bundled 2>&1 >/dev/null | FileCheck --check-prefix=DIAG --implicit-check-not="[texture-target]" %s
#include <cuda_runtime.h>
// CHECK: #include <hip/hip_runtime.h>
// CHECK-NOT: cu2hip/texture.h

namespace mine {
__device__ float tex1Dfetch(const float *p, int i) { return p[i]; }
}

__global__ void blur(cudaTextureObject_t t, const float *p, float *out) {
  int i = threadIdx.x;
  // CHECK: float v = tex2D<float>(t, i + 0.5f, 0.5f) + mine::tex1Dfetch(p, i);
  // DIAG: texture-target.cu:[[@LINE+2]]:13: warning: texture fetch tex2D: HIP samples textures with image instructions, which CDNA targets (gfx90a, gfx942, gfx950) lack, so this unit compiles for RDNA (gfx10+) only [texture-target]
  // DIAG-NEXT: note: fix: port with --texture=software
  float v = tex2D<float>(t, i + 0.5f, 0.5f) + mine::tex1Dfetch(p, i);
  // DIAG: texture-target.cu:[[@LINE+1]]:16: warning: texture fetch tex1Dfetch: {{.*}}[texture-target]
  out[i] = v + tex1Dfetch<float>(t, i);
}

cudaTextureObject_t make(float *d, size_t n) {
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = d;
  rd.res.linear.desc = cudaCreateChannelDesc<float>();
  rd.res.linear.sizeInBytes = n * sizeof(float);
  cudaTextureDesc td = {};
  cudaTextureObject_t t = 0;
  // CHECK: hipCreateTextureObject(&t, &rd, &td, nullptr);
  // DIAG: texture-target.cu:[[@LINE+1]]:3: warning: texture object created here: {{.*}}[texture-target]
  cudaCreateTextureObject(&t, &rd, &td, nullptr);
  return t;
}
