//===- cu2hip/cuda_std.h - libcu++'s cuda::std names over the C++ library -===//
//
// ROCm 7.2 ships no libcu++. Ported code that includes one of libcu++'s
// headers whose content the C++ standard library has, usable in device code
// under HIP, includes this header instead (rewriters/maps/overrides/
// shims.yaml): <cuda/std/functional>, <cuda/std/type_traits>,
// <cuda/std/utility>, <cuda/std/limits>, <cuda/std/cstdint>,
// <cuda/std/cstddef>, <cuda/std/climits>, <cuda/std/array>,
// <cuda/std/tuple>. Namespace cuda::std then names the standard library's
// entities (a using-directive, so `cuda::std::plus<int>`,
// `cuda::std::is_same_v<A, B>`, `cuda::std::numeric_limits<float>::max()`
// are std's: the same types and values, and constexpr functions, which HIP
// compiles for the device too), plus the C++20 names libcu++ offers in C++17
// that std lacks there: cuda::std::identity.
// Not here (findings from the maps): <cuda/std/atomic>, <cuda/std/barrier>,
// <cuda/std/semaphore>, <cuda/std/latch> (their scopes need libcu++).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_CUDA_STD_H
#define CU2HIP_CUDA_STD_H

#include <hip/hip_runtime.h>
#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <tuple>
#include <type_traits>
#include <utility>

namespace cuda {
namespace std {
using namespace ::std;

#if __cplusplus < 202002L
/// C++20's std::identity: returns its argument unchanged; transparent, as
/// libcu++'s cuda::std::identity. An lvalue comes back as the same lvalue;
/// an rvalue comes back by value (the same value; libcu++ returns an rvalue
/// reference), so rocThrust's transform_iterator, which takes the result
/// type of a call on its base iterator's reference as its own reference
/// type, gets a value type over counting iterators instead of a reference
/// to a temporary.
struct identity {
  template <class T> __host__ __device__ constexpr T operator()(T &&t) const {
    return static_cast<T &&>(t);
  }
  using is_transparent = void;
};
#else
using ::std::identity;
#endif

} // namespace std
} // namespace cuda

#endif
