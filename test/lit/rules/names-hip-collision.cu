// RUN: %cu2hip %s -o %t.hip 2>%t.err
// RUN: %strip %t.hip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
//
// A tree's own definitions of device functions HIP defines too: a CAS-loop
// atomicMax(float*, float) (ROCm 7.2 defines it: "redefinition of
// 'atomicMax'") and a pre-CUDA-9 shuffle wrapper. Each is renamed with the
// uses the parse resolved to it; calls of the SDK's function (atomicMax on
// int) keep the name, and the wrapper's parameter list is never edited as if
// it were a call.
#include <cuda_runtime.h>

// CHECK: template <class T> __device__ T cu2hip_own___shfl_down(T var, int delta) {
// CHECK-NEXT: return cu2hip::shfl_down_sync_full(0xffffffff, var, delta, 32);
// DIAG: names-hip-collision.cu:[[@LINE+1]]:{{[0-9]+}}: note: the tree defines its own '__shfl_down'{{.*}}[names-hip-collision]
template <class T> __device__ T __shfl_down(T var, int delta) {
  return __shfl_down_sync(0xffffffff, var, delta);
}

// CHECK: __device__ float cu2hip_own_atomicMax(float *addr, float v) {
// DIAG: names-hip-collision.cu:[[@LINE+1]]:{{[0-9]+}}: note: the tree defines its own 'atomicMax'
__device__ float atomicMax(float *addr, float v) {
  int *a = (int *)addr;
  int old = *a, assumed;
  do {
    assumed = old;
    old = atomicCAS(a, assumed, __float_as_int(fmaxf(v, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}

// A macro body is not covered by the parse: kept, with a warning.
// CHECK: #define WRAP_SHFL(v, d) __shfl_down(v, d, 32)
// DIAG: names-hip-collision.cu:[[@LINE+1]]:{{[0-9]+}}: warning: '__shfl_down' here {{.*}}[names-hip-collision-unresolved]
#define WRAP_SHFL(v, d) __shfl_down(v, d)

__global__ void reduce_max(float *best, const float *x, int *m) {
  float s = x[threadIdx.x];
  // CHECK: for (int o = 16; o > 0; o /= 2) s += cu2hip_own___shfl_down(s, o);
  for (int o = 16; o > 0; o /= 2) s += __shfl_down(s, o);
  // CHECK: cu2hip_own_atomicMax(best, s);
  atomicMax(best, s);
  // CHECK: atomicMax(m, (int)s);
  atomicMax(m, (int)s);
}
