//===- cu2hip/atomic_scope.h - CUDA's block- and system-scope atomics -----===//
//
// Included by code that cu2hip ported (maps: atomic*_block, atomicInc_system,
// atomicDec_system). CUDA 13 declares every integer atomic also with a
// `_block` scope (sm_60_atomic_functions.h: visible to the thread block) and
// a `_system` scope (visible to the host and peer devices). ROCm 7.2's HIP
// has the `_system` forms except atomicInc/atomicDec, and no `_block` form
// (amd_hip_atomic.h). These are the same read-modify-writes with clang's
// scoped HIP atomic builtins (__hip_atomic_*, relaxed order like CUDA's
// atomics): workgroup scope for `_block`, system scope for `_system`.
// A narrower scope than CUDA's is never used, so results are CUDA's.
//
// atomicInc(p, v): old = *p; *p = old >= v ? 0 : old + 1; returns old.
// atomicDec(p, v): old = *p; *p = (old == 0 || old > v) ? v : old - 1.
// (CUDA C++ Programming Guide, "Atomic Functions"); compare-and-swap loops
// at the given scope. Every function returns the old value.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_ATOMIC_SCOPE_H
#define CU2HIP_ATOMIC_SCOPE_H

#include <hip/hip_runtime.h>

// Device code: none of it in a host C++ unit (see cu2hip/wave.h).
#if defined(__HIP__) || defined(__CUDACC__) || defined(__CU2HIP_EMU__)
namespace cu2hip {
namespace atomic_detail {

/// Compare-and-swap at `Scope`; returns the value found at `p`.
template <int Scope, class T> __device__ inline T cas(T *p, T cmp, T v) {
  __hip_atomic_compare_exchange_strong(p, &cmp, v, __ATOMIC_RELAXED, __ATOMIC_RELAXED, Scope);
  return cmp;
}

/// *p = next(*p) by compare-and-swap at `Scope`; returns the old value.
template <int Scope, class T, class F> __device__ inline T update(T *p, F next) {
  T old = __hip_atomic_load(p, __ATOMIC_RELAXED, Scope);
  while (!__hip_atomic_compare_exchange_strong(p, &old, next(old), __ATOMIC_RELAXED,
                                               __ATOMIC_RELAXED, Scope)) {
  }
  return old;
}

template <int Scope> __device__ inline unsigned inc(unsigned *p, unsigned v) {
  return update<Scope>(p, [v](unsigned old) { return old >= v ? 0u : old + 1u; });
}

template <int Scope> __device__ inline unsigned dec(unsigned *p, unsigned v) {
  return update<Scope>(p, [v](unsigned old) { return (old == 0u || old > v) ? v : old - 1u; });
}

} // namespace atomic_detail

#define CU2HIP_BLOCK __HIP_MEMORY_SCOPE_WORKGROUP

template <class T> __device__ inline T atomicAdd_block(T *p, T v) {
  return __hip_atomic_fetch_add(p, v, __ATOMIC_RELAXED, CU2HIP_BLOCK);
}
template <class T> __device__ inline T atomicSub_block(T *p, T v) {
  return __hip_atomic_fetch_add(p, static_cast<T>(T(0) - v), __ATOMIC_RELAXED, CU2HIP_BLOCK);
}
template <class T> __device__ inline T atomicExch_block(T *p, T v) {
  return __hip_atomic_exchange(p, v, __ATOMIC_RELAXED, CU2HIP_BLOCK);
}
template <class T> __device__ inline T atomicMin_block(T *p, T v) {
  return __hip_atomic_fetch_min(p, v, __ATOMIC_RELAXED, CU2HIP_BLOCK);
}
template <class T> __device__ inline T atomicMax_block(T *p, T v) {
  return __hip_atomic_fetch_max(p, v, __ATOMIC_RELAXED, CU2HIP_BLOCK);
}
template <class T> __device__ inline T atomicAnd_block(T *p, T v) {
  return __hip_atomic_fetch_and(p, v, __ATOMIC_RELAXED, CU2HIP_BLOCK);
}
template <class T> __device__ inline T atomicOr_block(T *p, T v) {
  return __hip_atomic_fetch_or(p, v, __ATOMIC_RELAXED, CU2HIP_BLOCK);
}
template <class T> __device__ inline T atomicXor_block(T *p, T v) {
  return __hip_atomic_fetch_xor(p, v, __ATOMIC_RELAXED, CU2HIP_BLOCK);
}
template <class T> __device__ inline T atomicCAS_block(T *p, T cmp, T v) {
  return atomic_detail::cas<CU2HIP_BLOCK>(p, cmp, v);
}
__device__ inline unsigned atomicInc_block(unsigned *p, unsigned v) {
  return atomic_detail::inc<CU2HIP_BLOCK>(p, v);
}
__device__ inline unsigned atomicDec_block(unsigned *p, unsigned v) {
  return atomic_detail::dec<CU2HIP_BLOCK>(p, v);
}
__device__ inline unsigned atomicInc_system(unsigned *p, unsigned v) {
  return atomic_detail::inc<__HIP_MEMORY_SCOPE_SYSTEM>(p, v);
}
__device__ inline unsigned atomicDec_system(unsigned *p, unsigned v) {
  return atomic_detail::dec<__HIP_MEMORY_SCOPE_SYSTEM>(p, v);
}

#undef CU2HIP_BLOCK

} // namespace cu2hip
#endif // HIP, CUDA or the emulator

#endif // CU2HIP_ATOMIC_SCOPE_H
