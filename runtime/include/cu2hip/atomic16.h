//===- cu2hip/atomic16.h - atomicAdd on 16-bit floating types -------------===//
//
// Included by code that cu2hip ported (rule atomic16): CUDA's
// atomicAdd(__half2*, __half2), atomicAdd(__half*, __half) and the bf16
// forms (__nv_bfloat162, __nv_bfloat16) have no overload in HIP up to ROCm
// 7.2 (ROCm/hip#3573, #3589), and a project's own `atomicAdd` shim becomes
// ambiguous once a newer ROCm adds native overloads (vllm#57494). So the
// port calls a differently named helper:
//
//   cu2hip::atomic_add(p, v)   CUDA atomicAdd(p, v): returns the old value
//
// Overloads for __half2*, __half*, and (where <hip/hip_bf16.h> exists,
// ROCm >= 6; the emulator has the scalar only) __hip_bfloat162*,
// __hip_bfloat16*: a compare-and-swap loop on
// the aligned 32-bit word holding the value, adding as CUDA does (in the
// 16-bit type, round to nearest). Every other type is forwarded to
// ::atomicAdd, so a call in a template or macro body that also sees int or
// float operands stays what it was. Each 16-bit lane of a __half2 /
// bf16x2 word is added atomically together (CUDA guarantees atomicity per
// element; a whole-word CAS is stronger). Works on every ROCm, on HIP's
// NVIDIA platform and on the cu2hip CPU emulator. On gfx90a/gfx942 with
// coarse-grained memory unsafeAtomicAdd(__half2*, __half2) is a faster
// hardware path; it is not taken here because it is wrong on fine-grained
// memory.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_ATOMIC16_H
#define CU2HIP_ATOMIC16_H

#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#if defined(__has_include)
#if __has_include(<hip/hip_bf16.h>)
#include <hip/hip_bf16.h>
#define CU2HIP_ATOMIC16_BF16 1
#endif
#endif
#include <stdint.h>

namespace cu2hip {
namespace detail {

template <typename To, typename From> __host__ __device__ inline To bits_as(From f) {
  static_assert(sizeof(To) == sizeof(From), "bits_as: sizes differ");
  To t;
  __builtin_memcpy(&t, &f, sizeof(To));
  return t;
}

/// Atomically replaces the 32-bit word at `p` by `op(word)`; returns the old
/// word. `op` must be a pure function of its argument.
template <typename Op> __device__ inline unsigned cas_word(unsigned *p, Op op) {
  unsigned old = *reinterpret_cast<volatile unsigned *>(p), assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, op(assumed));
  } while (assumed != old);
  return old;
}

/// Adds a 16-bit value `H` (a 2-byte type) with `add` into the 16 bits at
/// `addr`, which CUDA requires to be 2-byte aligned: a CAS on the aligned
/// 32-bit word holding them, other half untouched. Returns the old value.
template <typename H, typename Add> __device__ inline H add_half_word(H *addr, H v, Add add) {
  static_assert(sizeof(H) == 2, "add_half_word: 16-bit types only");
  uintptr_t a = reinterpret_cast<uintptr_t>(addr);
  unsigned *word = reinterpret_cast<unsigned *>(a & ~uintptr_t(3));
  const unsigned shift = (a & 2) ? 16u : 0u;
  unsigned old = cas_word(word, [&](unsigned w) {
    H cur = bits_as<H>(static_cast<unsigned short>(w >> shift));
    unsigned short sum = bits_as<unsigned short>(add(cur, v));
    return (w & ~(0xffffu << shift)) | (static_cast<unsigned>(sum) << shift);
  });
  return bits_as<H>(static_cast<unsigned short>(old >> shift));
}

/// Adds a 2 x 16-bit value (4 bytes, 4-byte aligned as CUDA requires).
template <typename H2, typename Add> __device__ inline H2 add_pair_word(H2 *addr, H2 v, Add add) {
  static_assert(sizeof(H2) == 4, "add_pair_word: 32-bit pairs only");
  unsigned old = cas_word(reinterpret_cast<unsigned *>(addr), [&](unsigned w) {
    return bits_as<unsigned>(add(bits_as<H2>(w), v));
  });
  return bits_as<H2>(old);
}

} // namespace detail

/// CUDA atomicAdd(__half2*, __half2): both halves added, old value returned.
__device__ inline __half2 atomic_add(__half2 *addr, __half2 v) {
  return detail::add_pair_word(addr, v, [](__half2 a, __half2 b) { return __hadd2(a, b); });
}

/// CUDA atomicAdd(__half*, __half).
__device__ inline __half atomic_add(__half *addr, __half v) {
  return detail::add_half_word(addr, v, [](__half a, __half b) { return __hadd(a, b); });
}

#if defined(CU2HIP_ATOMIC16_BF16) && !defined(__CU2HIP_EMU__)
/// CUDA atomicAdd(__nv_bfloat162*, __nv_bfloat162). The sum is formed in
/// float and rounded once to bf16: exact for two bf16 operands except where
/// their exponents differ by more than 16, where both round to the larger.
__device__ inline __hip_bfloat162 atomic_add(__hip_bfloat162 *addr, __hip_bfloat162 v) {
  return detail::add_pair_word(addr, v, [](__hip_bfloat162 a, __hip_bfloat162 b) {
    __hip_bfloat162 r = a;
    r.x = __float2bfloat16(__bfloat162float(a.x) + __bfloat162float(b.x));
    r.y = __float2bfloat16(__bfloat162float(a.y) + __bfloat162float(b.y));
    return r;
  });
}
#endif

#if defined(CU2HIP_ATOMIC16_BF16)
/// CUDA atomicAdd(__nv_bfloat16*, __nv_bfloat16).
__device__ inline __hip_bfloat16 atomic_add(__hip_bfloat16 *addr, __hip_bfloat16 v) {
  return detail::add_half_word(addr, v, [](__hip_bfloat16 a, __hip_bfloat16 b) {
    return __float2bfloat16(__bfloat162float(a) + __bfloat162float(b));
  });
}
#endif

/// Every other operand type: exactly ::atomicAdd (the overloads above are
/// exact matches and win over this template for the 16-bit types).
template <typename T, typename V>
__device__ inline auto atomic_add(T *addr, V v) -> decltype(::atomicAdd(addr, v)) {
  return ::atomicAdd(addr, v);
}

} // namespace cu2hip

#endif // CU2HIP_ATOMIC16_H
