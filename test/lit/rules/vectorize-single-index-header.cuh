// --vectorize: a single-index kernel in a header stays scalar even when the
// header launches it itself: other files that include the header may launch
// it too, and the porter cannot see (or rewrite) those launches. Its
// grid-stride neighbour is rewritten (that form keeps every launch as is).
// The kernels are decided on the parse of a translation unit including the
// header, so the header is ported together with such a file.
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo '#include "%s"' > %t/use.cu
// RUN: %cu2hip %t/use.cu %s --out-root %t/out --no-summary --vectorize 2>%t.err
// RUN: %strip < %t/out/vectorize-single-index-header.cuh | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// Ported alone (no translation unit parsed) the header keeps its kernels,
// with one note saying why.
// RUN: %cu2hip %s -o - --no-summary --vectorize 2>%t.alone | %strip | FileCheck --check-prefix=ALONE %s
// RUN: FileCheck --check-prefix=ALONE-DIAG %s < %t.alone
// ALONE-NOT: vec_map
// ALONE-DIAG: vectorize-single-index-header.cuh:[[@LINE+10]]:1: note: --vectorize rewrites kernels from Clang's parse of the file, and this file was not parsed {{.*}}; kernels left scalar [vectorize]
// ALONE-DIAG-NOT: note
// COMPILE-ARGS: --vectorize
// COMPILE-CHECK: all
#pragma once
#include <cuda_runtime.h>

// DIAG: vectorize-single-index-header.cuh:[[@LINE+3]]:{{[0-9]+}}: note: kernel 'scale' not vectorized: single-index form (one element per thread): emitted only when every use of the kernel is a launch whose grid the porter rewrites (cu2hip::vec_map_at_threads), but the kernel is in a header, so its launches in other files are not visible; left scalar [vectorize]
// CHECK: {{^}}  int i = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-NEXT: {{^}}  if (i < n) y[i] = s * x[i];
__global__ void scale(float *__restrict__ y, const float *__restrict__ x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = s * x[i];
}

// CHECK: {{^}}  cu2hip::vec_map_grid_stride(
__global__ void scale_gs(float *__restrict__ y, const float *__restrict__ x, float s, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = s * x[i];
}

// CHECK: {{^}}inline void run_scale(float *y, const float *x, float s, int n) { scale<<<(n + 255) / 256, 256>>>(y, x, s, n); }
inline void run_scale(float *y, const float *x, float s, int n) { scale<<<(n + 255) / 256, 256>>>(y, x, s, n); }
// DIAG-NOT: note: kernel
