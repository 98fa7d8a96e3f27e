// wave-cub-width through `using cub::WarpReduce;`, an alias template, and
// `auto`: the using-declaration names CUB's primitive, so the unqualified
// WarpReduce gets the logical width 32 (by the typed index); a
// specialization already given a width keeps it.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
#include <cub/cub.cuh>
using cub::WarpReduce;
// CHECK: {{^}}template <typename T> using Reduce = WarpReduce<T, 32>;
template <typename T> using Reduce = WarpReduce<T>;
__global__ void k(const float *x, float *out) {
  // CHECK: {{^}}  using WR = WarpReduce<float, 32>;
  using WR = WarpReduce<float>;
  // CHECK: {{^}}  using WR16 = WarpReduce<float, 16>;
  using WR16 = WarpReduce<float, 16>;
  __shared__ typename WR::TempStorage tmp;
  __shared__ typename WR16::TempStorage tmp16;
  auto r = WR(tmp);
  out[threadIdx.x / 32] = r.Sum(x[threadIdx.x]) + WR16(tmp16).Sum(x[threadIdx.x]);
}
// DIAG-NOT: wave-cub-width
