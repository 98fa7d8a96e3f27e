//===- cu2hip/vector_init.h - CUDA's aggregate init of vector types on HIP --===//
//
// CUDA's vector types (vector_types.h: `struct float4 { float x, y, z, w; }`)
// are aggregates: `T v = {a, b, c}` leaves the missing members zero. HIP's
// (HIP_vector_type<E, N>, amd_hip_vector_types.h) want exactly N values, or
// one that they broadcast. Rule vector-brace-init pads such lists with
// zeros where the type is known; in a template whose instantiations give
// the list different types (float4 in one, a three-member struct in
// another) it writes the list as cu2hip::brace_init<T>(a, b, c) instead:
//   - T a HIP vector type of N members and 1 <= n < N values: the values,
//     then N - n zeros of the member type (CUDA's aggregate initialisation);
//   - otherwise T{values...}, the list as written.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_VECTOR_INIT_H
#define CU2HIP_VECTOR_INIT_H

#include <hip/hip_runtime.h>
#include <cstddef>
#include <type_traits>
#include <utility>

namespace cu2hip {
namespace detail {
/// Members of HIP vector type T (0 for any other type) and their type.
template <class T> struct hip_vector_rank : std::integral_constant<unsigned, 0> {
  using element = void;
};
template <class E, unsigned N>
struct hip_vector_rank<HIP_vector_type<E, N>> : std::integral_constant<unsigned, N> {
  using element = E;
};
/// T(values..., 0, ..., 0) with one zero per index of the sequence.
template <class T, std::size_t... Z, class... A>
__host__ __device__ constexpr T padded(std::index_sequence<Z...>, A... a) {
  using E = typename hip_vector_rank<T>::element;
  return T(static_cast<E>(a)..., ((void)Z, E(0))...);
}
} // namespace detail

/// `{a...}` initialising T as CUDA does (see the file comment).
template <class T, class... A> __host__ __device__ constexpr T brace_init(A... a) {
  constexpr unsigned N = detail::hip_vector_rank<std::remove_cv_t<T>>::value;
  if constexpr (N > 0 && sizeof...(A) > 0 && sizeof...(A) < N)
    return detail::padded<std::remove_cv_t<T>>(std::make_index_sequence<N - sizeof...(A)>(),
                                               a...);
  else
    return T{a...};
}
} // namespace cu2hip

#endif // CU2HIP_VECTOR_INIT_H
