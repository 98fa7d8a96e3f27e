//===- cu2hip/cuda_atomic.h - libcu++ scoped atomics on HIP's builtins -----===//
//
// ROCm 7.2 ships no libcu++. Ported code that includes <cuda/atomic>
// includes this header instead; it defines, in namespace cuda:
//   cuda::thread_scope (thread_scope_system/device/block/thread),
//   cuda::memory_order and cuda::memory_order_relaxed ... _seq_cst
//     (std::memory_order, whose values are the __ATOMIC_* constants),
//   cuda::atomic_ref<T, Scope> over an object of integral or floating-point
//     type T of 1, 2, 4 or 8 bytes, and cuda::atomic<T, Scope>, which owns
//     its T: load, store, exchange, compare_exchange_weak/strong,
//     fetch_add/sub (integers and floating point), fetch_and/or/xor
//     (integers), fetch_min/max, the operators (=, T(), ++, --, +=, -=,
//     &=, |=, ^=), wait (spins until the value differs) and notify_one/all
//     (nothing to do for a spinning wait).
// Each operation is one __hip_atomic_* builtin (clang's HIP builtins: the
// memory order of the call and a memory scope) with CUDA's scope mapped to
// the AMD one: thread_scope_block -> __HIP_MEMORY_SCOPE_WORKGROUP,
// thread_scope_device -> __HIP_MEMORY_SCOPE_AGENT, thread_scope_system ->
// __HIP_MEMORY_SCOPE_SYSTEM, thread_scope_thread ->
// __HIP_MEMORY_SCOPE_SINGLETHREAD. A workgroup is the CUDA block and an
// agent the GPU, so the visibility each scope promises is the same.
// Not expressible here (no definition, so the port stops at compile time;
// the includes-partial note says so): cuda::std:: names, pointer
// arithmetic on atomic_ref<T*>, types over 8 bytes (libcu++ uses a lock),
// cuda::atomic_thread_fence / atomic_signal_fence, atomic_flag, and the
// heterogeneous cuda::std::atomic_ref of other scopes.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_CUDA_ATOMIC_H
#define CU2HIP_CUDA_ATOMIC_H

#include <hip/hip_runtime.h>
#include <atomic>
#include <cstddef>
#include <type_traits>

namespace cuda {

#ifndef CU2HIP_CUDA_THREAD_SCOPE
#define CU2HIP_CUDA_THREAD_SCOPE
/// libcu++'s scopes (the values of its __ATOMIC_SYSTEM ... __ATOMIC_THREAD).
enum thread_scope {
  thread_scope_system = 0,
  thread_scope_device = 1,
  thread_scope_block = 2,
  thread_scope_thread = 3
};
#endif

/// cuda::memory_order is std::memory_order (libcu++: cuda::std::).
using memory_order = std::memory_order;
constexpr memory_order memory_order_relaxed = std::memory_order_relaxed;
constexpr memory_order memory_order_consume = std::memory_order_consume;
constexpr memory_order memory_order_acquire = std::memory_order_acquire;
constexpr memory_order memory_order_release = std::memory_order_release;
constexpr memory_order memory_order_acq_rel = std::memory_order_acq_rel;
constexpr memory_order memory_order_seq_cst = std::memory_order_seq_cst;

// A host C++ unit (clang without -x hip) has clang's scoped atomic builtins
// but not the scope macros HIP compiles predefine (clang's values).
#ifndef __HIP_MEMORY_SCOPE_SYSTEM
#define __HIP_MEMORY_SCOPE_SINGLETHREAD 1
#define __HIP_MEMORY_SCOPE_WAVEFRONT 2
#define __HIP_MEMORY_SCOPE_WORKGROUP 3
#define __HIP_MEMORY_SCOPE_AGENT 4
#define __HIP_MEMORY_SCOPE_SYSTEM 5
#endif

namespace cu2hip_detail {

/// The HIP memory scope of CUDA scope `S`.
template <thread_scope S> struct hip_scope;
template <> struct hip_scope<thread_scope_system> {
  static constexpr int value = __HIP_MEMORY_SCOPE_SYSTEM;
};
template <> struct hip_scope<thread_scope_device> {
  static constexpr int value = __HIP_MEMORY_SCOPE_AGENT;
};
template <> struct hip_scope<thread_scope_block> {
  static constexpr int value = __HIP_MEMORY_SCOPE_WORKGROUP;
};
template <> struct hip_scope<thread_scope_thread> {
  static constexpr int value = __HIP_MEMORY_SCOPE_SINGLETHREAD;
};

/// The __ATOMIC_* constant of `O` (std::memory_order's values are those).
__host__ __device__ constexpr int order(memory_order O) { return static_cast<int>(O); }

/// The failure order C++ derives from a single compare_exchange order:
/// acq_rel -> acquire, release -> relaxed, the others unchanged.
__host__ __device__ constexpr int failure_order(memory_order O) {
  return O == std::memory_order_acq_rel   ? __ATOMIC_ACQUIRE
         : O == std::memory_order_release ? __ATOMIC_RELAXED
                                          : static_cast<int>(O);
}

/// The operations on one object at `P`, in scope `S`; T is integral or
/// floating point, 1 to 8 bytes.
template <class T, thread_scope S> struct ops {
  static_assert(std::is_integral<T>::value || std::is_floating_point<T>::value,
                "cu2hip/cuda_atomic.h: atomics over integral or floating-point types only");
  static_assert(sizeof(T) <= 8, "cu2hip/cuda_atomic.h: atomics of at most 8 bytes");
  static constexpr int Scope = hip_scope<S>::value;
  static constexpr bool Integral = std::is_integral<T>::value;

  __host__ __device__ static T load(T *P, memory_order O) {
    return __hip_atomic_load(P, order(O), Scope);
  }
  __host__ __device__ static void store(T *P, T V, memory_order O) {
    __hip_atomic_store(P, V, order(O), Scope);
  }
  __host__ __device__ static T exchange(T *P, T V, memory_order O) {
    return __hip_atomic_exchange(P, V, order(O), Scope);
  }
  __host__ __device__ static bool cas_strong(T *P, T &E, T D, memory_order S1, memory_order F) {
    return __hip_atomic_compare_exchange_strong(P, &E, D, order(S1), order(F), Scope);
  }
  __host__ __device__ static bool cas_weak(T *P, T &E, T D, memory_order S1, memory_order F) {
    return __hip_atomic_compare_exchange_weak(P, &E, D, order(S1), order(F), Scope);
  }
  __host__ __device__ static T fetch_add(T *P, T V, memory_order O) {
    return __hip_atomic_fetch_add(P, V, order(O), Scope);
  }
  __host__ __device__ static T fetch_sub(T *P, T V, memory_order O) {
    return __hip_atomic_fetch_add(P, static_cast<T>(-V), order(O), Scope);
  }
  __host__ __device__ static T fetch_min(T *P, T V, memory_order O) {
    return __hip_atomic_fetch_min(P, V, order(O), Scope);
  }
  __host__ __device__ static T fetch_max(T *P, T V, memory_order O) {
    return __hip_atomic_fetch_max(P, V, order(O), Scope);
  }
  template <class U = T, class = std::enable_if_t<std::is_integral<U>::value>>
  __host__ __device__ static T fetch_and(T *P, T V, memory_order O) {
    return __hip_atomic_fetch_and(P, V, order(O), Scope);
  }
  template <class U = T, class = std::enable_if_t<std::is_integral<U>::value>>
  __host__ __device__ static T fetch_or(T *P, T V, memory_order O) {
    return __hip_atomic_fetch_or(P, V, order(O), Scope);
  }
  template <class U = T, class = std::enable_if_t<std::is_integral<U>::value>>
  __host__ __device__ static T fetch_xor(T *P, T V, memory_order O) {
    return __hip_atomic_fetch_xor(P, V, order(O), Scope);
  }
};

/// The member functions shared by atomic_ref and atomic (CRTP: `D::ptr()`
/// is the object's address).
template <class D, class T, thread_scope S> class atomic_base {
  using O = ops<T, S>;
  __host__ __device__ T *p() const { return static_cast<const D *>(this)->ptr(); }

public:
  using value_type = T;
  static constexpr bool is_always_lock_free = true;
  __host__ __device__ bool is_lock_free() const { return true; }

  __host__ __device__ T load(memory_order o = memory_order_seq_cst) const { return O::load(p(), o); }
  __host__ __device__ void store(T v, memory_order o = memory_order_seq_cst) const {
    O::store(p(), v, o);
  }
  __host__ __device__ operator T() const { return load(); }
  __host__ __device__ T exchange(T v, memory_order o = memory_order_seq_cst) const {
    return O::exchange(p(), v, o);
  }
  __host__ __device__ bool compare_exchange_strong(T &e, T d, memory_order s,
                                                   memory_order f) const {
    return O::cas_strong(p(), e, d, s, f);
  }
  __host__ __device__ bool compare_exchange_strong(T &e, T d,
                                                   memory_order o = memory_order_seq_cst) const {
    return O::cas_strong(p(), e, d, o, static_cast<memory_order>(failure_order(o)));
  }
  __host__ __device__ bool compare_exchange_weak(T &e, T d, memory_order s, memory_order f) const {
    return O::cas_weak(p(), e, d, s, f);
  }
  __host__ __device__ bool compare_exchange_weak(T &e, T d,
                                                 memory_order o = memory_order_seq_cst) const {
    return O::cas_weak(p(), e, d, o, static_cast<memory_order>(failure_order(o)));
  }
  __host__ __device__ T fetch_add(T v, memory_order o = memory_order_seq_cst) const {
    return O::fetch_add(p(), v, o);
  }
  __host__ __device__ T fetch_sub(T v, memory_order o = memory_order_seq_cst) const {
    return O::fetch_sub(p(), v, o);
  }
  __host__ __device__ T fetch_min(T v, memory_order o = memory_order_seq_cst) const {
    return O::fetch_min(p(), v, o);
  }
  __host__ __device__ T fetch_max(T v, memory_order o = memory_order_seq_cst) const {
    return O::fetch_max(p(), v, o);
  }
  __host__ __device__ T fetch_and(T v, memory_order o = memory_order_seq_cst) const {
    return O::fetch_and(p(), v, o);
  }
  __host__ __device__ T fetch_or(T v, memory_order o = memory_order_seq_cst) const {
    return O::fetch_or(p(), v, o);
  }
  __host__ __device__ T fetch_xor(T v, memory_order o = memory_order_seq_cst) const {
    return O::fetch_xor(p(), v, o);
  }
  __host__ __device__ T operator++() const { return fetch_add(T(1)) + T(1); }
  __host__ __device__ T operator++(int) const { return fetch_add(T(1)); }
  __host__ __device__ T operator--() const { return fetch_sub(T(1)) - T(1); }
  __host__ __device__ T operator--(int) const { return fetch_sub(T(1)); }
  __host__ __device__ T operator+=(T v) const { return fetch_add(v) + v; }
  __host__ __device__ T operator-=(T v) const { return fetch_sub(v) - v; }
  __host__ __device__ T operator&=(T v) const { return fetch_and(v) & v; }
  __host__ __device__ T operator|=(T v) const { return fetch_or(v) | v; }
  __host__ __device__ T operator^=(T v) const { return fetch_xor(v) ^ v; }
  /// Returns once the value differs from `old` (a spin: AMD has no wait
  /// queue for a memory word; notify_* then have nothing to wake).
  __host__ __device__ void wait(T old, memory_order o = memory_order_seq_cst) const {
    while (load(o) == old) {
    }
  }
  __host__ __device__ void notify_one() const {}
  __host__ __device__ void notify_all() const {}
};

} // namespace cu2hip_detail

/// cuda::atomic_ref<T, Scope>: atomic operations on an object it does not
/// own, visible to the threads of `Scope`.
template <class T, thread_scope Scope = thread_scope_system>
class atomic_ref
    : public cu2hip_detail::atomic_base<atomic_ref<T, Scope>, T, Scope> {
  T *P;

public:
  static constexpr std::size_t required_alignment = sizeof(T);
  __host__ __device__ explicit atomic_ref(T &Obj) : P(&Obj) {}
  atomic_ref(const atomic_ref &) = default;
  atomic_ref &operator=(const atomic_ref &) = delete;
  __host__ __device__ T operator=(T v) const {
    this->store(v);
    return v;
  }
  __host__ __device__ T *ptr() const { return P; }
};

/// cuda::atomic<T, Scope>: an atomic object visible to the threads of
/// `Scope`.
template <class T, thread_scope Scope = thread_scope_system>
class atomic : public cu2hip_detail::atomic_base<atomic<T, Scope>, T, Scope> {
  alignas(sizeof(T)) mutable T V;

public:
  atomic() = default;
  __host__ __device__ constexpr atomic(T Init) : V(Init) {}
  atomic(const atomic &) = delete;
  atomic &operator=(const atomic &) = delete;
  __host__ __device__ T operator=(T v) {
    this->store(v);
    return v;
  }
  __host__ __device__ T *ptr() const { return &V; }
};

} // namespace cuda

#endif // CU2HIP_CUDA_ATOMIC_H
