// libcu++ headers (ROCm 7.2 has no libcu++) and texture fetches (no image
// instructions on CDNA: gfx90a, gfx94x, gfx950): findings that say what the
// port cannot express and what to use instead.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
// DIAG: libcu-texture-findings.cu:[[@LINE+1]]:10: note: header <cuda/atomic> -> <cu2hip/cuda_atomic.h> covers part of it: libcu++ is not in ROCm 7.2{{.*}}[includes-partial]
#include <cuda/atomic>
// DIAG: libcu-texture-findings.cu:[[@LINE+1]]:10: warning: header <cuda/std/atomic> has no HIP equivalent{{.*}}[includes-unsupported]
#include <cuda/std/atomic>

// CHECK: __global__ void sample(hipTextureObject_t tex, float *out, int w) {
// DIAG: libcu-texture-findings.cu:[[@LINE+1]]:24: note: 'cudaTextureObject_t' -> 'hipTextureObject_t' differs in behaviour: texture fetches (tex1Dfetch, tex2D, ...) need image instructions, which gfx90a/gfx94x/gfx950 lack{{.*}}[names-partial]
__global__ void sample(cudaTextureObject_t tex, float *out, int w) {
  int x = threadIdx.x, y = blockIdx.x;
  // CHECK: out[y * w + x] = tex2D<float>(tex, x + 0.5f, y + 0.5f);
  out[y * w + x] = tex2D<float>(tex, x + 0.5f, y + 0.5f);
  out[x] += tex1Dfetch<float>(tex, x);
}
