// --vectorize decides on types and constants as Clang sees them: element
// types through `typedef` and `using` (compared as canonical types, the
// lambda spelled as the kernel spells its output), an `auto` index, and
// counts that are constant expressions (`constexpr`, `static constexpr`).
// RUN: %cu2hip %s -o - --no-summary --vectorize 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// Without the parse nothing is decided: the kernels stay, with one note.
// RUN: %cu2hip %s -o - --no-summary --vectorize --no-semantic 2>%t.noparse | %strip | FileCheck --check-prefix=NOPARSE %s
// RUN: FileCheck --check-prefix=NOPARSE-DIAG %s < %t.noparse
// NOPARSE-NOT: cu2hip::vec_map
// NOPARSE-DIAG: vectorize-ast-aliases.cu:[[@LINE+21]]:1: note: --vectorize rewrites kernels from Clang's parse of the file, and this file was not parsed (no CUDA SDK, --no-semantic, {{.*}}); kernels left scalar [vectorize]
// NOPARSE-DIAG-NOT: note
// CHECK: {{^}}#include <cu2hip/packed.h>
// DIAG-NOT: note: kernel
// DIAG-NOT: error
#include <cuda_runtime.h>
#include <cuda_fp16.h>

typedef float real_t;
using elem_t = __half;
constexpr int kRows = 4;
struct Cfg {
  static constexpr int kN = 1 << 20;
};

// A typedef'd output and a plain float input are one element type; `auto` index.
// CHECK-LABEL: __global__ void td_scale(
// CHECK-NEXT: {{^}}  cu2hip::vec_map_grid_stride(
// CHECK-NEXT: {{^}}      (n) > 0 ? (size_t)(n) : (size_t)0, (size_t)blockIdx.x * blockDim.x + threadIdx.x,
// CHECK-NEXT: {{^}}      (size_t)blockDim.x * gridDim.x, y,
// CHECK-NEXT: {{^}}      [=](real_t x_i) { return s * x_i; }, x);
__global__ void td_scale(real_t *__restrict__ y, const float *__restrict__ x, real_t s, int n) {
  for (auto i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = s * x[i];
}

// `using` for __half; a constexpr factor in the count.
// CHECK-LABEL: __global__ void using_copy(
// CHECK-NEXT: {{^}}  cu2hip::vec_map_grid_stride(
// CHECK-NEXT: {{^}}      (kRows * cols) > 0 ? (size_t)(kRows * cols) : (size_t)0, (size_t)blockIdx.x * blockDim.x + threadIdx.x,
// CHECK-NEXT: {{^}}      (size_t)blockDim.x * gridDim.x, y,
// CHECK-NEXT: {{^}}      [=](elem_t x_i) { return x_i; }, x);
__global__ void using_copy(elem_t *__restrict__ y, const elem_t *__restrict__ x, int cols) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < kRows * cols; i += blockDim.x * gridDim.x)
    y[i] = x[i];
}

// A static constexpr member as the whole count (1 << 20: whole float4 vectors).
// CHECK-LABEL: __global__ void fixed_count(
// CHECK-NEXT: {{^}}  cu2hip::vec_map_grid_stride_whole(
// CHECK-NEXT: {{^}}      (Cfg::kN) > 0 ? (size_t)(Cfg::kN) : (size_t)0, (size_t)blockIdx.x * blockDim.x + threadIdx.x,
// CHECK-NEXT: {{^}}      (size_t)blockDim.x * gridDim.x, y,
// CHECK-NEXT: {{^}}      [=](float x_i) { return x_i + 1.0f; }, x);
__global__ void fixed_count(float *__restrict__ y, const float *__restrict__ x) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < Cfg::kN; i += blockDim.x * gridDim.x)
    y[i] = x[i] + 1.0f;
}

// Single index with an `auto` index over typedef'd arrays; the launch names
// the canonical element type, and a constexpr block size is a name.
// CHECK-LABEL: __global__ void auto_at(
// CHECK-NEXT: {{^}}  size_t cu2hip_t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-NEXT: {{^}}  cu2hip::vec_map_at(cu2hip_t, (size_t)(n), y, [=](real_t x_i) { return x_i * x_i; }, x);
__global__ void auto_at(real_t *__restrict__ y, const real_t *__restrict__ x, unsigned n) {
  auto i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i] * x[i];
}
constexpr int kBlock = 128;
// CHECK: {{^}}void run(real_t *y, const real_t *x, unsigned n) { auto_at<<<(cu2hip::vec_map_at_threads<float>(n, y, x) + kBlock - 1) / kBlock, kBlock>>>(y, x, n); }
void run(real_t *y, const real_t *x, unsigned n) { auto_at<<<(n + kBlock - 1) / kBlock, kBlock>>>(y, x, n); }
