// cu2hip CPU SIMT emulator: clang's HIP atomic builtins (__hip_atomic_load,
// _store, _exchange, _compare_exchange_strong/weak, _fetch_add/and/or/xor/
// min/max) and the __HIP_MEMORY_SCOPE_* constants clang predefines for HIP,
// so code that uses them (cu2hip/cuda_atomic.h) runs here as on AMD. The
// host compiler has no such builtins: each is a template over GCC's
// __atomic_* builtins with the call's memory order; the scope (which
// threads must see the effect) is met by any host atomic. Floating-point
// add and min/max are compare-and-swap loops, as __atomic_fetch_add takes
// integers only. Part of the emulator's header set; include
// <hip/hip_runtime.h> instead.
#pragma once

#ifndef __HIP_MEMORY_SCOPE_SINGLETHREAD
#define __HIP_MEMORY_SCOPE_SINGLETHREAD 1
#define __HIP_MEMORY_SCOPE_WAVEFRONT 2
#define __HIP_MEMORY_SCOPE_WORKGROUP 3
#define __HIP_MEMORY_SCOPE_AGENT 4
#define __HIP_MEMORY_SCOPE_SYSTEM 5
#endif

namespace cu2hip_emu {
namespace hip_atomic {
/// A failure order valid for __atomic_compare_exchange (no release parts).
inline int failureOrder(int F) {
  return F == __ATOMIC_RELEASE ? __ATOMIC_RELAXED : F == __ATOMIC_ACQ_REL ? __ATOMIC_ACQUIRE : F;
}
/// *P = Op(*P, V) by compare-and-swap; returns the old value.
template <class T, class F> T rmw(T *P, T V, int Order, F Op) {
  T Old, New;
  __atomic_load(P, &Old, __ATOMIC_RELAXED);
  do {
    New = Op(Old, V);
  } while (!__atomic_compare_exchange(P, &Old, &New, false, Order, failureOrder(Order)));
  return Old;
}
} // namespace hip_atomic
} // namespace cu2hip_emu

template <class T> T __hip_atomic_load(T *P, int Order, int) {
  T R;
  __atomic_load(P, &R, Order == __ATOMIC_RELEASE || Order == __ATOMIC_ACQ_REL ? __ATOMIC_SEQ_CST : Order);
  return R;
}
template <class T, class U> void __hip_atomic_store(T *P, U V, int Order, int) {
  T W = static_cast<T>(V);
  __atomic_store(P, &W, Order == __ATOMIC_ACQUIRE || Order == __ATOMIC_ACQ_REL ? __ATOMIC_SEQ_CST : Order);
}
template <class T, class U> T __hip_atomic_exchange(T *P, U V, int Order, int) {
  T W = static_cast<T>(V), R;
  __atomic_exchange(P, &W, &R, Order);
  return R;
}
template <class T, class U>
bool __hip_atomic_compare_exchange_strong(T *P, T *E, U D, int S, int F, int) {
  T W = static_cast<T>(D);
  return __atomic_compare_exchange(P, E, &W, false, S, cu2hip_emu::hip_atomic::failureOrder(F));
}
template <class T, class U>
bool __hip_atomic_compare_exchange_weak(T *P, T *E, U D, int S, int F, int) {
  // The strong form: a weak exchange may fail spuriously, never must.
  return __hip_atomic_compare_exchange_strong(P, E, D, S, F, 0);
}
template <class T, class U> T __hip_atomic_fetch_add(T *P, U V, int Order, int) {
  return cu2hip_emu::hip_atomic::rmw(P, static_cast<T>(V), Order, [](T A, T B) { return T(A + B); });
}
template <class T, class U> T __hip_atomic_fetch_and(T *P, U V, int Order, int) {
  return __atomic_fetch_and(P, static_cast<T>(V), Order);
}
template <class T, class U> T __hip_atomic_fetch_or(T *P, U V, int Order, int) {
  return __atomic_fetch_or(P, static_cast<T>(V), Order);
}
template <class T, class U> T __hip_atomic_fetch_xor(T *P, U V, int Order, int) {
  return __atomic_fetch_xor(P, static_cast<T>(V), Order);
}
template <class T, class U> T __hip_atomic_fetch_min(T *P, U V, int Order, int) {
  return cu2hip_emu::hip_atomic::rmw(P, static_cast<T>(V), Order,
                                     [](T A, T B) { return B < A ? B : A; });
}
template <class T, class U> T __hip_atomic_fetch_max(T *P, U V, int Order, int) {
  return cu2hip_emu::hip_atomic::rmw(P, static_cast<T>(V), Order,
                                     [](T A, T B) { return A < B ? B : A; });
}
