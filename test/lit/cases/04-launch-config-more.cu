// Kind of case 04: launch configurations with nested parentheses, dim3
// temporaries, braces, conditional expressions and casts, in both modes.
// RUN: %cu2hip %s -o - --no-summary --launch=ggl 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: all
#include <cuda_runtime.h>
__global__ void k(int *d, int n) { if (threadIdx.x < n) d[threadIdx.x] = n; }
template <int B> __global__ void kb(int *d) { d[threadIdx.x] = B; }
void run(int *d, int n, cudaStream_t s, bool big) {
  // CHECK: {{^}}  hipLaunchKernelGGL(k, dim3(dim3{2u, 1u, 1u}), dim3(64, 2), 0, 0, d, n);
  k<<<dim3{2u, 1u, 1u}, dim3(64, 2)>>>(d, n);
  // CHECK: {{^}}  hipLaunchKernelGGL(k, dim3(big ? 8 : 1), dim3((unsigned)(n > 0 ? n : 1)), (size_t)n * sizeof(int), s, d, (n > 1 ? n : 1));
  k<<<big ? 8 : 1, (unsigned)(n > 0 ? n : 1), (size_t)n * sizeof(int), s>>>(d, (n > 1 ? n : 1));
  // A launch the token rule cannot delimit is left as <<<>>> (valid HIP),
  // with a warning, never garbled.
  // DIAG: 04-launch-config-more.cu:[[@LINE+2]]:25: warning: kernel launch not recognised; left as <<<>>> (valid HIP) [launch-ggl]
  // CHECK: {{^}}  kb<(4 > 2) ? 128 : 64><<<1, 64, 0, s>>>(d);
  kb<(4 > 2) ? 128 : 64><<<1, 64, 0, s>>>(d);
}
// DIAG-NOT: error
