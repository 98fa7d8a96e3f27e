//===- cu2hip/cg_shfl.h - group shuffles of any trivially copyable type ---===//
//
// CUDA's cooperative-groups shuffles (tile.shfl, shfl_down, shfl_up,
// shfl_xor) take any trivially copyable type (llm.c's `SumMax` struct in
// cg::reduce, cuda-samples shfl_scan's uint4); HIP's forward to __shfl*,
// which has overloads for arithmetic types, __half, __half2 and
// __hip_bfloat16 only ("no matching function for call to '__shfl_down'").
// cu2hip::shfl* take the group and the value: HIP's types go to the group's
// own shuffle, any other type is shuffled as its 32-bit words one by one
// (the same lane pattern for every word, so the value arrives whole). The
// group's shuffle passes width = group size, so a 32-thread tile stays in
// its half of a 64-lane wavefront.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_CG_SHFL_H
#define CU2HIP_CG_SHFL_H

#include <hip/hip_runtime.h>
#include <type_traits>

#if defined(__HIP_PLATFORM_AMD__) || defined(__HIP_PLATFORM_HCC__)
#include <hip/hip_fp16.h>
#include <cu2hip/bf16_config.h>
#if CU2HIP_HIP_BF16 // ROCm >= 6; HIP 5.2 has none
#include <hip/hip_bf16.h>
#define CU2HIP_CG_SHFL_BF16 1
#endif
#endif

namespace cu2hip {
namespace detail {

/// Types HIP's __shfl* take directly (or convert to without loss).
template <class T>
struct HipShuffles
    : std::integral_constant<bool, std::is_arithmetic<T>::value
#if defined(__HIP_PLATFORM_AMD__) || defined(__HIP_PLATFORM_HCC__)
                                       || std::is_same<T, __half>::value ||
                                       std::is_same<T, __half2>::value
#endif
#ifdef CU2HIP_CG_SHFL_BF16
                                       || std::is_same<T, __hip_bfloat16>::value
#endif
                                   > {
};

/// Shuffles `V` word by word with `Op(group, unsigned word)`.
template <class T, class Op> __device__ inline T shuffleWords(const T &V, Op op) {
  // Copied as bytes, as CUDA's shuffles do (CUDA asks for trivially copyable
  // types; HIP 5.2's vector types are plain data but declare their own copy
  // constructors, so the trait is not asserted).
  constexpr unsigned N = (sizeof(T) + sizeof(unsigned) - 1) / sizeof(unsigned);
  unsigned W[N] = {};
  __builtin_memcpy(W, &V, sizeof(T));
  for (unsigned I = 0; I < N; ++I)
    W[I] = op(W[I]);
  T R;
  __builtin_memcpy(&R, W, sizeof(T));
  return R;
}

} // namespace detail

#define CU2HIP_GROUP_SHUFFLE(NAME, ARG)                                                    \
  template <class Group, class T>                                                          \
  __device__ inline typename std::enable_if<detail::HipShuffles<T>::value, T>::type NAME(   \
      const Group &g, T v, ARG a) {                                                        \
    return g.NAME(v, a);                                                                   \
  }                                                                                        \
  template <class Group, class T>                                                          \
  __device__ inline typename std::enable_if<!detail::HipShuffles<T>::value, T>::type NAME(  \
      const Group &g, const T &v, ARG a) {                                                 \
    return detail::shuffleWords(v, [&](unsigned w) { return g.NAME(w, a); });              \
  }
/// cu2hip::shfl(group, v, srcRank), shfl_down(group, v, delta),
/// shfl_up(group, v, delta), shfl_xor(group, v, laneMask).
CU2HIP_GROUP_SHUFFLE(shfl, int)
CU2HIP_GROUP_SHUFFLE(shfl_down, unsigned int)
CU2HIP_GROUP_SHUFFLE(shfl_up, unsigned int)
CU2HIP_GROUP_SHUFFLE(shfl_xor, unsigned int)
#undef CU2HIP_GROUP_SHUFFLE

} // namespace cu2hip

#endif // CU2HIP_CG_SHFL_H
