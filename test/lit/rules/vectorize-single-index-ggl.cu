// --vectorize with --launch=ggl: the launch rule turns the <<<>>> launches of
// single-index kernels into hipLaunchKernelGGL and wraps the grid in dim3(...)
// around the vectorize rule's vec_map_at_threads insertions (insertions only,
// so the two rules never conflict). A port already in HIP (here: this file
// ported with --launch=ggl alone) is not parsed as CUDA, so --vectorize
// leaves its kernels and says why, once.
// RUN: %cu2hip %s -o - --no-summary --vectorize --launch=ggl 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o %t.ggl.hip --no-summary --launch=ggl
// RUN: %cu2hip %t.ggl.hip -o - --no-summary --vectorize 2>%t.err2 | %strip | FileCheck --check-prefix=HIPIN %s
// RUN: FileCheck --check-prefix=HIPIN-DIAG %s < %t.err2
// HIPIN-NOT: cu2hip::vec_map
// HIPIN: {{^}}  hipLaunchKernelGGL(scale, dim3((n + 255) / 256), dim3(256), 0, 0, y, x, s, n);
// HIPIN-DIAG: note: --vectorize rewrites kernels from Clang's parse of the file, and this file was not parsed {{.*}}; kernels left scalar [vectorize]
// HIPIN-DIAG-NOT: note
// COMPILE-ARGS: --vectorize --launch=ggl
// COMPILE-CHECK: all
// DIAG-NOT: note: kernel
// DIAG-NOT: error
// CHECK: {{^}}#include <cu2hip/packed.h>
#include <cuda_runtime.h>

#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))

// CHECK-LABEL: __global__ void scale(
// CHECK-NEXT: {{^}}  size_t cu2hip_t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-NEXT: {{^}}  cu2hip::vec_map_at(cu2hip_t, (n) > 0 ? (size_t)(n) : (size_t)0, y, [=](float x_i) { return s * x_i; }, x);
__global__ void scale(float *__restrict__ y, const float *__restrict__ x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = s * x[i];
}

// CHECK-LABEL: __global__ void add(
// CHECK: {{^}}  cu2hip::vec_map_at(cu2hip_t, (size_t)(n), y, [=](float a_i, float b_i) { return a_i + b_i; }, a, b);
__global__ void add(float *__restrict__ y, const float *__restrict__ a,
                    const float *__restrict__ b, size_t n) {
  size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  y[i] = a[i] + b[i];
}

void run(float *y, const float *x, const float *z, float s, int n, size_t m, int threads,
         cudaStream_t stream) {
  // CHECK: {{^}}  hipLaunchKernelGGL(scale, dim3((cu2hip::vec_map_at_threads<float>(n, y, x) + 255) / 256), dim3(256), 0, 0, y, x, s, n);
  scale<<<(n + 255) / 256, 256>>>(y, x, s, n);
  // CHECK-NEXT: {{^}}  hipLaunchKernelGGL(scale, dim3((cu2hip::vec_map_at_threads<float>(n, y + 2, x + 2) + threads - 1) / threads), dim3(threads), 0, stream, y + 2, x + 2, s, n);
  scale<<<(n + threads - 1) / threads, threads, 0, stream>>>(y + 2, x + 2, s, n);
  // CHECK-NEXT: {{^}}  hipLaunchKernelGGL(add, dim3(CEIL_DIV(cu2hip::vec_map_at_threads<float>(m, y, x, z), 512)), dim3(512), 0, stream, y, x, z, m);
  add<<<CEIL_DIV(m, 512), 512, 0, stream>>>(y, x, z, m);
  // CHECK-NEXT: {{^}}  hipLaunchKernelGGL(add, dim3((cu2hip::vec_map_at_threads<float>(m, y, x, z) + 63) / 64), dim3(64), 0, 0, y, x, z, m);
  add<<<dim3((m + 63) / 64), dim3(64)>>>(y, x, z, m);
}
