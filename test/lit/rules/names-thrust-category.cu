// RUN: %cu2hip %s -o %t.hip --no-summary
// RUN: %strip %t.hip | FileCheck %s
// RUN: %cu2hip %s -o - --no-summary --no-semantic 2>/dev/null | %strip | FileCheck --check-prefix=TOKENS %s
// COMPILE-CHECK: rocm72
//
// Thrust's CUDA error category, thrust::cuda_category() (declared in
// thrust::system, with `using system::cuda_category;` in thrust), is
// rocThrust's thrust::hip_category(). Renamed where the qualified chain is
// spelled (also in macro bodies and without a parse) and where the parse
// resolved the name to that function (after a using-declaration). A function of the tree's own named cuda_category is
// kept.
#include <thrust/system/cuda/error.h>
#include <thrust/system_error.h>
#include <cuda_runtime.h>
namespace mine { inline int cuda_category() { return 7; } }
// CHECK: using thrust::system::hip_category;
using thrust::system::cuda_category;
// CHECK: #define CHECK_THRUST(e) if (e != hipSuccess) throw thrust::system_error(e, thrust::hip_category(), #e)
#define CHECK_THRUST(e) if (e != cudaSuccess) throw thrust::system_error(e, thrust::cuda_category(), #e)
int f(cudaError_t e) {
  // CHECK: thrust::system_error(e, thrust::hip_category(), "x");
  // TOKENS: thrust::system_error(e, thrust::hip_category(), "x");
  if (e != cudaSuccess) throw thrust::system_error(e, thrust::cuda_category(), "x");
  // CHECK: thrust::system_error(e, ::thrust::system::hip_category(), "y");
  if (e != cudaSuccess) throw thrust::system_error(e, ::thrust::system::cuda_category(), "y");
  // CHECK: thrust::system_error(e, hip_category(), "w");
  if (e != cudaSuccess) throw thrust::system_error(e, cuda_category(), "w");
  CHECK_THRUST(e);
  // CHECK: return mine::cuda_category();
  return mine::cuda_category();
}
