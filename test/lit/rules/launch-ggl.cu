// --launch=ggl turns <<<>>> into hipLaunchKernelGGL; the default keeps <<<>>>.
// RUN: %cu2hip %s -o - --no-summary --launch=ggl 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary | %strip | FileCheck --check-prefix=KEEP %s
// COMPILE-CHECK: all
#include <cuda_runtime.h>

template <typename T, int N> __global__ void tk(T *p, int n) { if (threadIdx.x < n) p[threadIdx.x] = T(N); }
__global__ void k(float *p) { p[threadIdx.x] = 0.f; }
template <typename A, typename B> struct Pair { A a; B b; };
template <typename P> __global__ void pk(P *p) { p->a = 0; }

#define LAUNCH(kern, g, b, ...) kern<<<g, b>>>(__VA_ARGS__)
// CHECK: {{^}}#define LAUNCH(kern, g, b, ...) hipLaunchKernelGGL(kern, dim3(g), dim3(b), 0, 0, __VA_ARGS__)
// KEEP: {{^}}#define LAUNCH(kern, g, b, ...) kern<<<g, b>>>(__VA_ARGS__)

void run(float *f, int *ip, Pair<int, float> *pp, cudaStream_t s, int n) {
  dim3 grid(4, 2);
  // 2-argument configuration, template kernel with a comma.
  // CHECK: {{^}}  hipLaunchKernelGGL(HIP_KERNEL_NAME(tk<float, 4>), dim3(1), dim3(32), 0, 0, f, n);
  // KEEP: {{^}}  tk<float, 4><<<1, 32>>>(f, n);
  tk<float, 4><<<1, 32>>>(f, n);
  // 3-argument configuration, dim3 expressions.
  // CHECK: {{^}}  hipLaunchKernelGGL(HIP_KERNEL_NAME(tk<int, 2>), dim3(2, 2, 1), dim3(8, 4), 64 * sizeof(int), 0, ip, n);
  tk<int, 2><<<dim3(2, 2, 1), dim3(8, 4), 64 * sizeof(int)>>>(ip, n);
  // 4-argument configuration.
  // CHECK: {{^}}  hipLaunchKernelGGL(k, dim3(grid), dim3((n + 31) / 32 * 32), 0, s, f);
  k<<<grid, (n + 31) / 32 * 32, 0, s>>>(f);
  // Template argument that itself holds a comma.
  // CHECK: {{^}}  hipLaunchKernelGGL(HIP_KERNEL_NAME(pk<Pair<int, float>>), dim3(1), dim3(1), 0, s, pp);
  pk<Pair<int, float>><<<1, 1, 0, s>>>(pp);
  // Launch in a macro body: rewritten once, in the body; the use stays.
  // CHECK: {{^}}  LAUNCH(k, n / 32, 32, f);
  LAUNCH(k, n / 32, 32, f);
  // No arguments.
  // CHECK: {{^}}  hipLaunchKernelGGL(k, dim3(1), dim3(1), 0, 0, nullptr);
  k<<<1, 1>>>(nullptr);
}
// DIAG-NOT: error
