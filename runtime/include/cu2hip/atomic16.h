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
// NVIDIA platform and on the cu2hip CPU emulator.
//
//   cu2hip::atomic_add_coarse(p, v)   the same, for memory the caller knows
//                                     to be coarse-grained (cu2hip
//                                     --atomic16=coarse writes it)
//
// uses AMD's packed 16-bit atomic add where the gfx target has it: flat
// pk_add_f16 / pk_add_bf16 on gfx940+ and gfx12 (any address space), global
// pk_add_f16 on gfx90a (global memory; an LDS or private address takes the
// CAS loop), and the CAS loop on every other target and type. The packed
// add is done by the memory's atomic unit, which on fine-grained memory
// (hipHostMalloc, hipMallocManaged, hipExtMallocWithFlags(Finegrained),
// peer memory over PCIe) does not perform it (the update is lost or the
// access faults; AMD's unsafeAtomicAdd carries the same caveat), so it is
// an opt-in. A single __half / bf16 is added as the pair {v, -0.0}: x +
// -0.0 == x for every x, so the neighbouring 16 bits keep their bits
// (+0.0 would turn a -0.0 neighbour into +0.0).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_ATOMIC16_H
#define CU2HIP_ATOMIC16_H

#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <cu2hip/bf16_config.h>
#if CU2HIP_HIP_BF16
#include <hip/hip_bf16.h>
#define CU2HIP_ATOMIC16_BF16 1
#endif
#include <stdint.h>

// Device code: none of it in a host C++ unit (see cu2hip/wave.h).
#if defined(__HIP__) || defined(__CUDACC__) || defined(__CU2HIP_EMU__)
namespace cu2hip {
namespace detail {

template <typename To, typename From> __host__ __device__ inline To bits_as(From f) {
  static_assert(sizeof(To) == sizeof(From), "bits_as: sizes differ");
  To t;
  __builtin_memcpy(static_cast<void *>(&t), static_cast<const void *>(&f), sizeof(To));
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

namespace detail {

/// The packed 16-bit atomic add instruction on the 32-bit word at `p`
/// (4-byte aligned): both halves added in the 16-bit type, old word
/// returned. `HasPkF16` / `HasPkBf16` say whether the target has it for
/// fp16 / bf16 pairs at every address (flat) or, with `PkGlobalOnly`, at
/// global addresses only. The CPU emulator (__CU2HIP_EMU__) runs the
/// instruction's model (one atomic read-modify-write of the word adding
/// both halves with __hadd2), so its proofs take the same path as gfx942.
#if defined(__CU2HIP_EMU__)
#define CU2HIP_ATOMIC16_PK_F16 1
#define CU2HIP_ATOMIC16_PK_GLOBAL_ONLY 0
__device__ inline unsigned pk_add_f16(unsigned *p, unsigned v) {
  const __half2 x = bits_as<__half2>(v);
  return cu2hip_emu::atomic_update(p, [x](unsigned w) {
    return bits_as<unsigned>(__hadd2(bits_as<__half2>(w), x));
  });
}
#elif defined(__HIP_DEVICE_COMPILE__) && defined(__has_builtin)
#if __has_builtin(__builtin_amdgcn_flat_atomic_fadd_v2f16)
#define CU2HIP_ATOMIC16_PK_F16 1
#define CU2HIP_ATOMIC16_PK_GLOBAL_ONLY 0
typedef _Float16 __attribute__((ext_vector_type(2))) pk_f16x2;
__device__ inline unsigned pk_add_f16(unsigned *p, unsigned v) {
  return bits_as<unsigned>(
      __builtin_amdgcn_flat_atomic_fadd_v2f16(reinterpret_cast<pk_f16x2 *>(p), bits_as<pk_f16x2>(v)));
}
#elif __has_builtin(__builtin_amdgcn_global_atomic_fadd_v2f16)
#define CU2HIP_ATOMIC16_PK_F16 1
#define CU2HIP_ATOMIC16_PK_GLOBAL_ONLY 1
typedef _Float16 __attribute__((ext_vector_type(2))) pk_f16x2;
__device__ inline unsigned pk_add_f16(unsigned *p, unsigned v) {
  typedef __attribute__((address_space(1))) pk_f16x2 global_pk;
  return bits_as<unsigned>(
      __builtin_amdgcn_global_atomic_fadd_v2f16((global_pk *)p, bits_as<pk_f16x2>(v)));
}
#endif
#if __has_builtin(__builtin_amdgcn_flat_atomic_fadd_v2bf16) && defined(CU2HIP_ATOMIC16_BF16)
#define CU2HIP_ATOMIC16_PK_BF16 1
typedef short __attribute__((ext_vector_type(2))) pk_bf16x2;
__device__ inline unsigned pk_add_bf16(unsigned *p, unsigned v) {
  return bits_as<unsigned>(
      __builtin_amdgcn_flat_atomic_fadd_v2bf16(reinterpret_cast<pk_bf16x2 *>(p), bits_as<pk_bf16x2>(v)));
}
#endif
#endif

/// True when the packed instruction may take `p`: always for the flat
/// form; for gfx90a's global-only form, not for an LDS or private address.
__device__ inline bool pk_takes(const void *p) {
#if defined(CU2HIP_ATOMIC16_PK_GLOBAL_ONLY) && CU2HIP_ATOMIC16_PK_GLOBAL_ONLY
  return !__builtin_amdgcn_is_shared(p) && !__builtin_amdgcn_is_private(p);
#else
  (void)p;
  return true;
#endif
}

/// Adds the 16-bit `v` into the 16 bits at `addr` with the packed word add
/// `pk`: the pair {v, -0.0} (or {-0.0, v} for the high half) on the aligned
/// word, so the other half keeps its bits. Returns the old 16-bit value.
template <typename H, typename Pk> __device__ inline H pk_add_half(H *addr, H v, Pk pk) {
  // The aligned word as `addr` minus 0 or 2 bytes (not an integer cast), so
  // the compiler still sees a global pointer and picks the global form.
  const uintptr_t a = reinterpret_cast<uintptr_t>(addr);
  unsigned *word = reinterpret_cast<unsigned *>(reinterpret_cast<char *>(addr) - (a & 2));
  const unsigned shift = (a & 2) ? 16u : 0u;
  const unsigned neg_zero = 0x8000u << (16u - shift); // the other half's -0.0
  unsigned old = pk(word, (static_cast<unsigned>(bits_as<unsigned short>(v)) << shift) | neg_zero);
  return bits_as<H>(static_cast<unsigned short>(old >> shift));
}

} // namespace detail

/// CUDA atomicAdd(__half2*, __half2) on coarse-grained memory: the packed
/// hardware add where the target has it (see the file comment), else
/// atomic_add's CAS loop. Wrong on fine-grained memory on gfx90a/gfx942.
__device__ inline __half2 atomic_add_coarse(__half2 *addr, __half2 v) {
#if defined(CU2HIP_ATOMIC16_PK_F16)
  if (detail::pk_takes(addr))
    return detail::bits_as<__half2>(
        detail::pk_add_f16(reinterpret_cast<unsigned *>(addr), detail::bits_as<unsigned>(v)));
#endif
  return atomic_add(addr, v);
}

/// CUDA atomicAdd(__half*, __half) on coarse-grained memory.
__device__ inline __half atomic_add_coarse(__half *addr, __half v) {
#if defined(CU2HIP_ATOMIC16_PK_F16)
  if (detail::pk_takes(addr))
    return detail::pk_add_half(addr, v, [](unsigned *w, unsigned x) { return detail::pk_add_f16(w, x); });
#endif
  return atomic_add(addr, v);
}

#if defined(CU2HIP_ATOMIC16_BF16) && !defined(__CU2HIP_EMU__)
/// CUDA atomicAdd(__nv_bfloat162*, __nv_bfloat162) on coarse-grained memory.
__device__ inline __hip_bfloat162 atomic_add_coarse(__hip_bfloat162 *addr, __hip_bfloat162 v) {
#if defined(CU2HIP_ATOMIC16_PK_BF16)
  return detail::bits_as<__hip_bfloat162>(
      detail::pk_add_bf16(reinterpret_cast<unsigned *>(addr), detail::bits_as<unsigned>(v)));
#else
  return atomic_add(addr, v);
#endif
}
#endif

#if defined(CU2HIP_ATOMIC16_BF16)
/// CUDA atomicAdd(__nv_bfloat16*, __nv_bfloat16) on coarse-grained memory.
__device__ inline __hip_bfloat16 atomic_add_coarse(__hip_bfloat16 *addr, __hip_bfloat16 v) {
#if defined(CU2HIP_ATOMIC16_PK_BF16)
  return detail::pk_add_half(addr, v, [](unsigned *w, unsigned x) { return detail::pk_add_bf16(w, x); });
#else
  return atomic_add(addr, v);
#endif
}
#endif

/// Every other operand type: exactly ::atomicAdd.
template <typename T, typename V>
__device__ inline auto atomic_add_coarse(T *addr, V v) -> decltype(::atomicAdd(addr, v)) {
  return ::atomicAdd(addr, v);
}

} // namespace cu2hip
#endif // HIP, CUDA or the emulator

#endif // CU2HIP_ATOMIC16_H
