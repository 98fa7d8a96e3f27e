//===- cu2hip/atomic_bf16.h - atomicAdd on bfloat16 for HIP ---------------===//
//
// CUDA has atomicAdd(__nv_bfloat16 *, __nv_bfloat16) and
// atomicAdd(__nv_bfloat162 *, __nv_bfloat162) (sm_80+); ROCm 7.2 has no
// atomic on __hip_bfloat16 or __hip_bfloat162 ("no matching function for
// call to 'atomicAdd'"). The rule `atomic-bf16` renames those calls to
// cu2hip::atomicAddBf16, defined here: a 32-bit compare-and-swap loop on the
// aligned word holding the value, adding with __hadd/__hadd2 (the sum rounded
// to bfloat16 once per add, as CUDA's atomics do), returning the old value.
// Other argument types are forwarded to ::atomicAdd unchanged, so a call the
// rule renamed in a template instantiated with float, or in code it could
// not type, is exact. The helper has its own name, not an atomicAdd
// overload, so it cannot collide with one a later ROCm adds.
// On HIP's NVIDIA platform CUDA's atomicAdd is used.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_ATOMIC_BF16_H
#define CU2HIP_ATOMIC_BF16_H

#include <hip/hip_runtime.h>
#include <hip/hip_bf16.h>
#include <stdint.h>

namespace cu2hip {

/// Any type but bfloat16: HIP's own atomicAdd.
template <class T, class V>
__device__ inline auto atomicAddBf16(T *address, V value) -> decltype(::atomicAdd(address, value)) {
  return ::atomicAdd(address, value);
}

#if defined(__HIP_PLATFORM_NVIDIA__) || defined(__HIP_PLATFORM_NVCC__)
__device__ inline __hip_bfloat162 atomicAddBf16(__hip_bfloat162 *address, __hip_bfloat162 value) {
  return ::atomicAdd(address, value);
}
__device__ inline __hip_bfloat16 atomicAddBf16(__hip_bfloat16 *address, __hip_bfloat16 value) {
  return ::atomicAdd(address, value);
}
#else
namespace detail {
template <class To, class From> __device__ inline To bitCast(const From &F) {
  static_assert(sizeof(To) == sizeof(From), "bit cast between types of one size");
  To T;
  __builtin_memcpy(&T, &F, sizeof(To));
  return T;
}
} // namespace detail

/// Adds `value` to both halves of `*address` (4-byte aligned, as CUDA
/// requires); returns the previous pair.
__device__ inline __hip_bfloat162 atomicAddBf16(__hip_bfloat162 *address, __hip_bfloat162 value) {
  unsigned int *word = reinterpret_cast<unsigned int *>(address);
  unsigned int old = __atomic_load_n(word, __ATOMIC_RELAXED), assumed;
  do {
    assumed = old;
    __hip_bfloat162 sum = __hadd2(detail::bitCast<__hip_bfloat162>(assumed), value);
    old = atomicCAS(word, assumed, detail::bitCast<unsigned int>(sum));
  } while (old != assumed);
  return detail::bitCast<__hip_bfloat162>(old);
}

/// Adds `value` to `*address` (2-byte aligned) through the 32-bit word that
/// holds it; the other half of the word is left as it is. Returns the
/// previous value.
__device__ inline __hip_bfloat16 atomicAddBf16(__hip_bfloat16 *address, __hip_bfloat16 value) {
  uintptr_t at = reinterpret_cast<uintptr_t>(address);
  unsigned int *word = reinterpret_cast<unsigned int *>(at & ~uintptr_t(3));
  const unsigned shift = (at & 2) ? 16u : 0u;
  unsigned int old = __atomic_load_n(word, __ATOMIC_RELAXED), assumed;
  do {
    assumed = old;
    __hip_bfloat16 cur = __ushort_as_bfloat16(static_cast<unsigned short>(assumed >> shift));
    unsigned int sum = __bfloat16_as_ushort(__hadd(cur, value));
    old = atomicCAS(word, assumed, (assumed & ~(0xffffu << shift)) | (sum << shift));
  } while (old != assumed);
  return __ushort_as_bfloat16(static_cast<unsigned short>(old >> shift));
}
#endif

} // namespace cu2hip

#endif // CU2HIP_ATOMIC_BF16_H
