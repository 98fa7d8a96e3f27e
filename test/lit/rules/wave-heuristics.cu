// Warp-32 assumptions that need a person (catalogue rows 22-25, 27, 30):
// findings only; the code is kept.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
// DIAG: wave-heuristics.cu:[[@LINE+2]]:9: warning: 'WARP_SIZE' fixes the wavefront at 64 lanes{{.*}}[wave-hardcoded-64]
// CHECK: {{^}}#define WARP_SIZE 64
#define WARP_SIZE 64
// DIAG-NOT: wave-heuristics.cu:[[@LINE+1]]:{{.*}}[wave-hardcoded-64]
#define TILE 64

__global__ void vred(float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  if (threadIdx.x < 32) {
    // DIAG: wave-heuristics.cu:[[@LINE+1]]:5: note: warp-synchronous volatile shared-memory reduction{{.*}}[wave-volatile-sync]
    volatile float *v = s;
    v[threadIdx.x] += v[threadIdx.x + 32];
    v[threadIdx.x] += v[threadIdx.x + 16];
  }
  if (threadIdx.x == 0) out[0] = s[0];
}
__device__ void spin(volatile int *flag) {
  // DIAG: wave-heuristics.cu:[[@LINE+1]]:3: warning: spin wait in device code{{.*}}[wave-spin-wait]
  while (*flag == 0) { }
}
__device__ void lock(int *m) {
  // DIAG: wave-heuristics.cu:[[@LINE+1]]:3: warning: lock loop on an atomic{{.*}}[wave-spin-lock]
  while (atomicCAS(m, 0, 1) != 0) { }
  atomicExch(m, 0);
}
__global__ void k(float *p) { p[0] = 0; }
void run(float *p, int nw) {
  // DIAG: wave-heuristics.cu:[[@LINE+2]]:10: note: blocks of 32 threads{{.*}}[wave-block-size]
  // CHECK: {{^}}  k<<<1, 32>>>(p);
  k<<<1, 32>>>(p);
  // DIAG: wave-heuristics.cu:[[@LINE+1]]:10: note: {{.*}}[wave-block-size]
  k<<<1, 32 * nw>>>(p);
  // DIAG-NOT: wave-heuristics.cu:[[@LINE+1]]:{{.*}}[wave-block-size]
  k<<<1, 256>>>(p);
  cudaDeviceProp pr;
  cudaGetDeviceProperties(&pr, 0);
  // DIAG: wave-heuristics.cu:[[@LINE+1]]:14: note: occupancy arithmetic from per-multiprocessor limits{{.*}}[wave-occupancy]
  int w = pr.maxThreadsPerMultiProcessor / 32;
  (void)w;
}
