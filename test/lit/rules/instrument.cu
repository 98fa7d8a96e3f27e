// --instrument: every kernel launch records its grid, block and pointer
// arguments through <cu2hip/krec.h>; each argument is evaluated once (the
// wrappers return it), single literals and braced lists stay as written, and
// with --launch=ggl the wrappers end up inside hipLaunchKernelGGL.
// RUN: %cu2hip %s -o - --no-summary --instrument | %strip | FileCheck %s
// RUN: %cu2hip %s -o - --no-summary --instrument --launch=ggl | %strip | FileCheck --check-prefix=GGL %s
// RUN: %cu2hip %s -o - --no-summary | %strip | FileCheck --check-prefix=OFF %s
// COMPILE-ARGS: --instrument
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>

// CHECK: {{^}}#include <cu2hip/krec.h>
// OFF: #include <hip/hip_runtime.h>
// OFF-NOT: cu2hip::krec

__global__ void scale(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i];
}

template <int N> __global__ void fill(int *p) { p[threadIdx.x] = N; }

// A launch in a macro body is instrumented there.
// CHECK: {{^}}#define LAUNCH_FILL(ptr) (fill<4><<<::cu2hip::krec::grid(1 ), ::cu2hip::krec::block(32 )>>>(::cu2hip::krec::arg(0, ptr )), ::cu2hip::krec::after("fill<4>", "instrument.cu", [[@LINE+1]]))
#define LAUNCH_FILL(ptr) fill<4><<<1, 32>>>(ptr)

void run(float *y, const float *x, int *p, int n, cudaStream_t s) {
  // CHECK: {{^}}  (scale<<<::cu2hip::krec::grid((n + 255) / 256 ), ::cu2hip::krec::block(256 ), 0, s>>>(::cu2hip::krec::arg(0, y ), ::cu2hip::krec::arg(1, x ), 2.0f, ::cu2hip::krec::arg(3, n )), ::cu2hip::krec::after("scale", "instrument.cu", [[@LINE+3]]));
  // GGL: {{^}}  (hipLaunchKernelGGL(scale, ::cu2hip::krec::grid(dim3((n + 255) / 256 )), ::cu2hip::krec::block(dim3(256 )), 0, s, ::cu2hip::krec::arg(0, y ), ::cu2hip::krec::arg(1, x ), 2.0f, ::cu2hip::krec::arg(3, n )), ::cu2hip::krec::after("scale", "instrument.cu", [[@LINE+2]]));
  // OFF: {{^}}  scale<<<(n + 255) / 256, 256, 0, s>>>(y, x, 2.0f, n);
  scale<<<(n + 255) / 256, 256, 0, s>>>(y, x, 2.0f, n);
  // A template kernel; a literal null pointer stays a null pointer constant.
  // CHECK: {{^}}  (fill<8><<<::cu2hip::krec::grid(1 ), ::cu2hip::krec::block(32 )>>>(nullptr), ::cu2hip::krec::after("fill<8>", "instrument.cu", [[@LINE+1]]));
  fill<8><<<1, 32>>>(nullptr);
  LAUNCH_FILL(p);
}
