// __launch_bounds__(MAX, MIN_BLOCKS): HIP reads the 2nd argument as minimum
// waves per EU; it is dropped with a warning. One argument stays.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: all
#include <cuda_runtime.h>
#define THREADS 256
// CHECK: {{^}}__global__ void __launch_bounds__(256) k1(float *p) { p[threadIdx.x] = 0; }
// DIAG: wave-launch-bounds.cu:[[@LINE+1]]:17: warning: dropped the minimum-blocks argument '2'{{.*}}[wave-launch-bounds]
__global__ void __launch_bounds__(256, 2) k1(float *p) { p[threadIdx.x] = 0; }
// CHECK: {{^}}__global__ void __launch_bounds__(THREADS) k2(float *p) { p[threadIdx.x] = 0; }
__global__ void __launch_bounds__(THREADS, 4 / 2) k2(float *p) { p[threadIdx.x] = 0; }
// CHECK: {{^}}__global__ void __launch_bounds__(128) k3(float *p) { p[threadIdx.x] = 0; }
__global__ void __launch_bounds__(128) k3(float *p) { p[threadIdx.x] = 0; }
// DIAG-NOT: wave-launch-bounds.cu:[[@LINE-1]]:{{.*}}[wave-launch-bounds]
