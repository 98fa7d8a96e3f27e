// CUDA's SIMD-within-a-word intrinsics (__v*2/__v*4, __dp4a, __dp2a_lo/hi):
// HIP has none; each call is renamed to cu2hip/simd.h's function of the same
// semantics (included through cu2hip/compat.h), every overload kept.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
// CHECK: #include <cu2hip/compat.h>

// Quantised int8 GEMV: four bytes per word, dot products, packed max.
__global__ void int8_gemv(const int *w, const int *x, int *y, int k) {
  int acc = 0;
  for (int i = threadIdx.x; i < k / 4; i += blockDim.x)
    // CHECK: acc = cu2hip::dp4a(w[blockIdx.x * (k / 4) + i], x[i], acc);
    acc = __dp4a(w[blockIdx.x * (k / 4) + i], x[i], acc);
  atomicAdd(&y[blockIdx.x], acc);
}

__global__ void bytes(const unsigned *a, const unsigned *b, unsigned *o, char4 c4, uchar4 u4,
                      short2 s2, ushort2 us2) {
  unsigned x = a[threadIdx.x], y = b[threadIdx.x];
  // CHECK: o[0] = cu2hip::vsubss4(x, y) ^ cu2hip::vsub4(x, y) ^ cu2hip::vadd4(x, y);
  o[0] = __vsubss4(x, y) ^ __vsub4(x, y) ^ __vadd4(x, y);
  // CHECK: o[1] = cu2hip::vcmpeq4(x, y) | cu2hip::vabsdiffu4(x, y) | cu2hip::vmaxu4(x, y);
  o[1] = __vcmpeq4(x, y) | __vabsdiffu4(x, y) | __vmaxu4(x, y);
  // CHECK: o[2] = cu2hip::vsadu4(x, y) + cu2hip::vavgs2(x, y) + cu2hip::vsetgtu2(x, y) + cu2hip::vnegss4(x);
  o[2] = __vsadu4(x, y) + __vavgs2(x, y) + __vsetgtu2(x, y) + __vnegss4(x);
  // CHECK: o[3] = cu2hip::dp4a(x, y, 7u) + (unsigned)cu2hip::dp4a(c4, c4, 1);
  o[3] = __dp4a(x, y, 7u) + (unsigned)__dp4a(c4, c4, 1);
  // CHECK: o[4] = cu2hip::dp4a(u4, u4, 2u) + (unsigned)cu2hip::dp2a_lo((int)x, (int)y, 3) + cu2hip::dp2a_hi(x, y, 4u);
  o[4] = __dp4a(u4, u4, 2u) + (unsigned)__dp2a_lo((int)x, (int)y, 3) + __dp2a_hi(x, y, 4u);
  // CHECK: o[5] = (unsigned)cu2hip::dp2a_hi(s2, c4, 5) + cu2hip::dp2a_lo(us2, u4, 6u);
  o[5] = (unsigned)__dp2a_hi(s2, c4, 5) + __dp2a_lo(us2, u4, 6u);
}

// DIAG-NOT: names-unsupported
