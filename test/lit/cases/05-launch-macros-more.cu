// Kind of case 05: launches spelled in nested macros, variadic macros,
// multi-line macros and macros that take the configuration as parameters.
// RUN: %cu2hip %s -o - --no-summary --launch=ggl 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: all
#include <cuda_runtime.h>
__global__ void k1(float *p, int n) { if (threadIdx.x < n) p[threadIdx.x] = 1; }
template <typename T, int N> __global__ void k2(T *p) { p[threadIdx.x] = N; }

// CHECK: {{^}}#define INNER(kern, g, b, s, ...) hipLaunchKernelGGL(kern, dim3(g), dim3(b), 0, s, __VA_ARGS__)
#define INNER(kern, g, b, s, ...) kern<<<g, b, 0, s>>>(__VA_ARGS__)
// CHECK: {{^}}#define OUTER(kern, n, ...) INNER(kern, ((n) + 63) / 64, 64, 0, __VA_ARGS__)
#define OUTER(kern, n, ...) INNER(kern, ((n) + 63) / 64, 64, 0, __VA_ARGS__)
// (no backslash at the end of a CHECK line: it would continue the comment)
// CHECK: {{^}}#define LAUNCH_T(T, N, p) {{[\\]}}
// CHECK-NEXT: {{^}}  do { {{[\\]}}
// CHECK-NEXT: {{^}}    hipLaunchKernelGGL(HIP_KERNEL_NAME(k2<T, N>), dim3(1), dim3(64), 0, 0, p); {{[\\]}}
// CHECK-NEXT: {{^}}    hipGetLastError(); {{[\\]}}
#define LAUNCH_T(T, N, p) \
  do { \
    k2<T, N><<<1, 64>>>(p); \
    cudaGetLastError(); \
  } while (0)

void run(float *p, int n, cudaStream_t s) {
  // CHECK: {{^}}  INNER(k1, 1, 64, s, p, n);
  INNER(k1, 1, 64, s, p, n);
  // CHECK: {{^}}  OUTER(k1, n, p, n);
  OUTER(k1, n, p, n);
  // CHECK: {{^}}  LAUNCH_T(float, 3, p);
  LAUNCH_T(float, 3, p);
}
// CHECK-NOT: hipLaunchKernelGGL(hipLaunchKernelGGL
// DIAG-NOT: error
