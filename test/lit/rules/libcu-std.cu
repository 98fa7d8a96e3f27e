// libcu++'s cuda::std headers whose content the C++ library has (ROCm 7.2
// has no libcu++): the include becomes cu2hip/cuda_std.h, where cuda::std
// names std's entities and adds C++20's cuda::std::identity; the uses stay
// as written and compile for the device on gfx942 and gfx1100.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG --allow-empty %s < %t.err
// COMPILE-CHECK: rocm72
// DIAG-NOT: cuda/std/{{functional|type_traits|limits}}
#include <cuda_runtime.h>
// CHECK: #include <cu2hip/cuda_std.h>
#include <cuda/std/functional>
// CHECK-NEXT: #include <cu2hip/cuda_std.h>
#include <cuda/std/type_traits>
// CHECK-NEXT: #include <cu2hip/cuda_std.h>
#include <cuda/std/limits>
// CHECK-NOT: cuda/std/

template <class Op>
__global__ void apply(const int *in, int *out, float *lim, Op op) {
  int i = threadIdx.x;
  // CHECK: out[i] = op(in[i]) + cuda::std::plus<int>()(in[i], 1);
  out[i] = op(in[i]) + cuda::std::plus<int>()(in[i], 1);
  static_assert(cuda::std::is_same_v<cuda::std::remove_cv_t<const int>, int>, "");
  // identity: an lvalue back as itself, an rvalue by value (rocThrust's
  // transform_iterator over counting iterators needs a value type).
  static_assert(cuda::std::is_same_v<decltype(cuda::std::identity()(i)), int &>, "");
  static_assert(cuda::std::is_same_v<decltype(cuda::std::identity()(1u)), unsigned>, "");
  lim[i] = cuda::std::numeric_limits<float>::max() + (float)cuda::std::min(i, 3);
}

void run(const int *in, int *out, float *lim) {
  // CHECK: apply<<<1, 64>>>(in, out, lim, cuda::std::identity());
  apply<<<1, 64>>>(in, out, lim, cuda::std::identity());
}
