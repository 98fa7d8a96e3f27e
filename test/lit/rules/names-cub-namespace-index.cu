// The cub namespace is renamed to hipcub wherever the typed index says a
// name refers to it, however it is spelled: a namespace alias of ::cub, a
// using-directive of ::cub, a using-declaration, an alias template, a
// qualifier.
// Without a parse (--no-semantic) and in macro bodies the decision is made
// from spelling (qualifier, namespace or using directive, alias target),
// which misses `using namespace ::cub;`.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: %cu2hip %s -o - --no-summary --no-semantic 2>%t.err | %strip | FileCheck --check-prefix=TOKENS %s
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
#include <cub/cub.cuh>
// CHECK: {{^}}namespace cb = ::hipcub;
// TOKENS: {{^}}namespace cb = ::hipcub;
namespace cb = ::cub;
// CHECK: {{^}}using namespace ::hipcub;
// TOKENS: {{^}}using namespace ::cub;
using namespace ::cub;
// CHECK: {{^}}using hipcub::BlockReduce;
using cub::BlockReduce;
// CHECK: {{^}}template <typename T> using WarpSum = cb::WarpReduce<T, 32>;
template <typename T> using WarpSum = cb::WarpReduce<T>;
// CHECK: {{^}}#define BLOCK_SUM(T) hipcub::BlockReduce<T, 128>
// TOKENS: {{^}}#define BLOCK_SUM(T) hipcub::BlockReduce<T, 128>
#define BLOCK_SUM(T) cub::BlockReduce<T, 128>
__global__ void k(const float *x, float *out) {
  __shared__ typename WarpSum<float>::TempStorage t;
  __shared__ typename BLOCK_SUM(float)::TempStorage b;
  float w = WarpSum<float>(t).Sum(x[threadIdx.x]);
  // CHECK: {{^}}  float s = BLOCK_SUM(float)(b).Sum(w);
  float s = BLOCK_SUM(float)(b).Sum(w);
  if (threadIdx.x == 0) out[0] = s;
}
