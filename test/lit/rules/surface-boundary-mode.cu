// Default (--texture=image): HIP's image surface functions (ROCm 7.2
// amd_surface_functions.h) take no boundary mode, where CUDA's take a
// trailing cudaSurfaceBoundaryMode: `surf2Dwrite(v, s, x, y,
// cudaBoundaryModeTrap)` had no matching function. A boundary mode the call
// spells is removed, with a warning; a call that leaves it to the default
// is unchanged; a value-form read (HIP has only the pointer-output form)
// gets a warning. With --texture=software every form keeps its mode
// (texture-software-surface.cu). The output compiles for gfx1100
// (hipcc-check.sh --arch gfx1100; gfx942 has no image instructions) but for
// the value-form read, which HIP lacks (its warning).
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary --cuda-headers=bundled 2>/dev/null | %strip | FileCheck %s
#include <cuda_runtime.h>
// CHECK-NOT: cu2hip/texture.h
#define MODE cudaBoundaryModeClamp

__device__ float mine(float v, cudaSurfaceObject_t s, int x, int y, int m) { return v; }

__global__ void k(const float *in, cudaSurfaceObject_t s, int w) {
  int x = threadIdx.x, y = blockIdx.x;
  // DIAG: [[@LINE+2]]:3: warning: surf2Dwrite: HIP's image surface functions take no boundary mode; {{.*}}the argument is removed [surface-boundary-mode]
  // CHECK: surf2Dwrite(in[y * w + x], s, x * 4, y);
  surf2Dwrite(in[y * w + x], s, x * 4, y, cudaBoundaryModeTrap);
  // DIAG: [[@LINE+2]]:3: warning: surf3Dwrite: {{.*}}the argument is removed [surface-boundary-mode]
  // CHECK: surf3Dwrite<float>(in[x], s, x * 4, y, 0);
  surf3Dwrite<float>(in[x], s, x * 4, y, 0, MODE);
  // CHECK: surf1Dwrite(in[x], s, x * 4);
  surf1Dwrite(in[x], s, x * 4);
  float v;
  // DIAG: [[@LINE+2]]:3: warning: surf2Dread: {{.*}}the argument is removed [surface-boundary-mode]
  // CHECK: surf2Dread(&v, s, x * 4, y);
  surf2Dread(&v, s, x * 4, y, cudaBoundaryModeZero);
  // surf1Dread's pointer form takes (and ignores) a mode in HIP too.
  // CHECK: surf1Dread(&v, s, x * 4, hipBoundaryModeZero);
  surf1Dread(&v, s, x * 4, cudaBoundaryModeZero);
  // DIAG: [[@LINE+2]]:8: warning: surf2Dread<T>(surface, ...): HIP has only the pointer-output form surf2Dread(&value, surface, ...) and no boundary modes [surface-boundary-mode]
  // CHECK: v += surf2Dread<float>(s, 0, 0);
  v += surf2Dread<float>(s, 0, 0);
  // A user's function with a mode argument is not the SDK's.
  // CHECK: v += mine(v, s, x, y, 3);
  v += mine(v, s, x, y, 3);
  // CHECK: surf2DLayeredwrite(v, s, x * 4, y, 1);
  surf2DLayeredwrite(v, s, x * 4, y, 1, cudaBoundaryModeTrap);
}
