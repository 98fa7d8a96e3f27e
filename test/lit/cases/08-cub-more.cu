// Kind of case 08: cub:: in every position (typedefs, template arguments,
// nested names, using-declarations, device-wide calls).
// Member names and unrelated namespaces called "cub..." are not touched.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
// CHECK: {{^}}#include <hipcub/hipcub.hpp>
#include <cub/cub.cuh>
// CHECK: {{^}}using hipcub::BlockScan;
using cub::BlockScan;
struct Cfg { int cub; };
// CHECK: {{^}}template <int B, typename R = hipcub::BlockReduce<float, B>>
template <int B, typename R = cub::BlockReduce<float, B>>
__global__ void k(const float *x, float *o, Cfg c) {
  __shared__ typename R::TempStorage t;
  // CHECK: {{^}}  __shared__ typename hipcub::BlockScan<int, B>::TempStorage ts;
  __shared__ typename cub::BlockScan<int, B>::TempStorage ts;
  // CHECK: {{^}}  float m = R(t).Reduce(x[threadIdx.x], hipcub::Max());
  float m = R(t).Reduce(x[threadIdx.x], cub::Max());
  int pre;
  BlockScan<int, B>(ts).ExclusiveSum(1, pre);
  // CHECK: {{^}}  o[threadIdx.x] = m + pre + c.cub;
  o[threadIdx.x] = m + pre + c.cub;
}
void sort(const int *in, int *out, int n, void *tmp, size_t &bytes, cudaStream_t s) {
  // CHECK: {{^}}  hipcub::DeviceRadixSort::SortKeys(tmp, bytes, in, out, n, 0, 32, s);
  cub::DeviceRadixSort::SortKeys(tmp, bytes, in, out, n, 0, 32, s);
}
// DIAG-NOT: error
