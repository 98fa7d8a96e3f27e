// --texture=software: fetch forms cu2hip/texture.h does not implement
// (layered and cubemap levels and gradients, gathers, the pointer-output and
// isResident overloads) are left as HIP's, with a warning that they still need
// image instructions. (Surface reads and writes and cubemap fetches have
// software forms: texture-software-surface.cu; tex1DLod/tex2DLod/tex3DLod
// and tex*Grad: texture-software-mipmap.cu.)
// RUN: %cu2hip %s -o - --no-summary --texture=software 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG --implicit-check-not="[texture-software-unsupported]" %s < %t.err
#include <cuda_runtime.h>

__global__ void k(cudaTextureObject_t t, float *out) {
  bool resident;
  float p;
  // CHECK: float a = cu2hip::tex2D<float>(t, 0.5f, 0.5f);
  float a = tex2D<float>(t, 0.5f, 0.5f);
  // CHECK: float b = tex2DLayeredLod<float>(t, 0.5f, 0.5f, 1, 1.0f);
  // DIAG: texture-software-unsupported.cu:[[@LINE+1]]:13: warning: tex2DLayeredLod has no software form in cu2hip/texture.h {{.*}}; the call still needs image instructions [texture-software-unsupported]
  float b = tex2DLayeredLod<float>(t, 0.5f, 0.5f, 1, 1.0f);
  // CHECK: float c = tex2D<float>(t, 0.5f, 0.5f, &resident);
  // DIAG: texture-software-unsupported.cu:[[@LINE+1]]:13: warning: tex2D has no software form {{.*}}[texture-software-unsupported]
  float c = tex2D<float>(t, 0.5f, 0.5f, &resident);
  // CHECK: tex2D(&p, t, 0.5f, 0.5f);
  // DIAG: texture-software-unsupported.cu:[[@LINE+1]]:3: warning: tex2D has no software form {{.*}}[texture-software-unsupported]
  tex2D(&p, t, 0.5f, 0.5f);
  out[0] = a + b + c + p;
}
