// cub::WarpReduce/WarpScan without a width get logical width 32 (hipCUB's
// default is the 64-lane wavefront on CDNA); explicit widths stay.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary --wave=keep 2>/dev/null | %strip | FileCheck --check-prefix=KEEP %s
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
#include <cub/cub.cuh>

template <typename T> __global__ void k(const T *x, T *out) {
  // CHECK: {{^}}  using WR = hipcub::WarpReduce<T, 32>;
  // KEEP: {{^}}  using WR = hipcub::WarpReduce<T>;
  using WR = cub::WarpReduce<T>;
  // CHECK: {{^}}  typedef hipcub::WarpScan<int, 32> WS;
  typedef cub::WarpScan<int> WS;
  // CHECK: {{^}}  using WR16 = hipcub::WarpReduce<float, 16>;
  using WR16 = cub::WarpReduce<float, 16>;
  __shared__ typename WR::TempStorage tmp[4];
  T s = WR(tmp[threadIdx.x / 32]).Sum(x[threadIdx.x]);
  if (threadIdx.x % 32 == 0) out[threadIdx.x / 32] = s;
}
template __global__ void k<float>(const float *, float *);
// DIAG-NOT: warning
