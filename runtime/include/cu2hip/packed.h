//===- cu2hip/packed.h - 128-bit packed loads, cache hints, vector loops --===//
//
// What ported code includes for vectorized memory access:
//
//  * cu2hip::VecSplit / cu2hip::vec_split: where an elementwise loop over n
//    elements splits into a scalar head (until the pointers are 16-byte
//    aligned), a body of 128-bit vectors and a scalar tail. Pure arithmetic,
//    usable on the host (and tested there).
//  * cu2hip::Packed128<T>: 16 bytes of T; load128 / store128 (+ the
//    streaming forms load128cs / store128cs / store128cg), each with a
//    debug-build alignment assertion: AMD GPUs do not fault on a misaligned
//    16-byte access as NVIDIA GPUs do, so the port would lose that check.
//  * cu2hip::ldcs / ldcg / ldca / ldlu / ldcv / ldg and stcs / stcg / stwb /
//    stwt for any 2-, 4-, 8- or 16-byte type (float, float2, float4, int4,
//    __half, __half2, bf16, ...): CUDA's cache-hint intrinsics on NVIDIA,
//    __builtin_nontemporal_load/store or plain accesses on AMD. The porter
//    rewrites `__ldcs(p)` to `cu2hip::ldcs(p)`, which never clashes with
//    what a HIP version declares itself.
//  * On AMD, unless CU2HIP_NO_GLOBAL_CACHE_HINTS is defined, global
//    `__ldcs(...)` & co. for float/int vector types that HIP lacks, so
//    hand-written code compiles unchanged (HIP 5.2 declares __ldg for all of
//    them and __ldcs/__ldcg/__ldca only for __half/__half2; the half and
//    bf16 forms are left to HIP).
//  * cu2hip::vec_map_grid_stride (+ _whole for counts that are whole
//    vectors) / cu2hip::vec_map_at: the vectorized
//    elementwise skeleton the porter's --vectorize emits (docs/vectorize.md);
//    cu2hip::vec_map_at_threads: the thread count for a rewritten launch of
//    the single-index form.
//  * In the CPU emulator (runtime/emu, __CU2HIP_EMU__) vectors are plain
//    16-byte structs and every access is a plain one, so ported kernels run
//    there unchanged.
//
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_PACKED_H
#define CU2HIP_PACKED_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#if defined(__HIPCC__) || defined(__HIP__) ||                                 \
    (defined(__HIP_PLATFORM_NVIDIA__) && defined(__CUDACC__))
#include <hip/hip_runtime.h>
#endif

// The AMD forms use clang builtins and vector types: a host C++ unit built
// with GCC gets the host-only declarations (as on a CPU).
#if (defined(__HIP_PLATFORM_AMD__) || defined(__HIP_PLATFORM_HCC__)) &&                       \
    (defined(__clang__) || defined(__CU2HIP_EMU__))
#define CU2HIP_PACKED_AMD 1
#elif defined(__CUDACC__)
#define CU2HIP_PACKED_NVIDIA 1
#endif

#if defined(CU2HIP_PACKED_AMD) || defined(CU2HIP_PACKED_NVIDIA)
#define CU2HIP_PACKED_GPU 1
#define CU2HIP_HD __host__ __device__
#define CU2HIP_DEV __device__
#define CU2HIP_INLINE __forceinline__
#else
#define CU2HIP_HD
#define CU2HIP_DEV
#define CU2HIP_INLINE inline
#endif

// Alignment checks: on in debug builds (no NDEBUG), or when
// CU2HIP_CHECK_ALIGNMENT=1; CU2HIP_CHECK_ALIGNMENT=0 turns them off.
#ifndef CU2HIP_CHECK_ALIGNMENT
#ifdef NDEBUG
#define CU2HIP_CHECK_ALIGNMENT 0
#else
#define CU2HIP_CHECK_ALIGNMENT 1
#endif
#endif
#if CU2HIP_CHECK_ALIGNMENT
#include <cassert>
#define CU2HIP_ASSERT_ALIGNED(p, n)                                           \
  assert((reinterpret_cast<uintptr_t>(p) % (n)) == 0 &&                       \
         "cu2hip: misaligned vector access (NVIDIA faults here, AMD does not)")
#else
#define CU2HIP_ASSERT_ALIGNED(p, n) ((void)0)
#endif

namespace cu2hip {

// ---------------------------------------------------------------------------
// The split of [0, n) into scalar head, 128-bit body and scalar tail.
// ---------------------------------------------------------------------------

/// Elements [0, head) and [tail, n) are done one at a time; vector v in
/// [0, nvec) covers elements [head + v*W, head + (v+1)*W), W = 16/sizeof(T).
/// head + nvec*W == tail. nvec == 0 when the pointers cannot all be aligned
/// together (their addresses differ modulo 16, or one is not even aligned to
/// its element size): then the whole range is the head.
struct VecSplit {
  size_t head;
  size_t nvec;
  size_t tail;
};

/// first: address of element 0 of the first array; mismatch: OR over the
/// other arrays of ((address ^ first) & (VecBytes-1)).
CU2HIP_HD CU2HIP_INLINE constexpr VecSplit
vec_split_raw(size_t n, size_t elem, size_t vec, uintptr_t first,
              uintptr_t mismatch) {
  if (mismatch != 0 || first % elem != 0)
    return VecSplit{n, 0, n};
  size_t h = ((vec - first % vec) % vec) / elem;
  if (h > n)
    h = n;
  size_t w = vec / elem;
  size_t nv = (n - h) / w;
  return VecSplit{h, nv, h + nv * w};
}

namespace detail {
template <size_t Vec>
CU2HIP_HD CU2HIP_INLINE constexpr uintptr_t mismatch_of(uintptr_t) {
  return 0;
}
template <size_t Vec, class P, class... Ps>
CU2HIP_HD CU2HIP_INLINE constexpr uintptr_t
mismatch_of(uintptr_t first, const P *p, const Ps *...ps) {
  return ((reinterpret_cast<uintptr_t>(p) ^ first) & (Vec - 1)) |
         mismatch_of<Vec>(first, ps...);
}
} // namespace detail

/// The split for arrays of T accessed at the same indices [0, n).
template <class T, size_t VecBytes = 16, class P0, class... Ps>
CU2HIP_HD CU2HIP_INLINE VecSplit vec_split(size_t n, const P0 *p0,
                                           const Ps *...ps) {
  static_assert(VecBytes % sizeof(T) == 0, "vector must hold whole elements");
  uintptr_t first = reinterpret_cast<uintptr_t>(p0);
  return vec_split_raw(n, sizeof(T), VecBytes, first,
                       detail::mismatch_of<VecBytes>(first, ps...));
}

/// Threads vec_map_at needs for n elements: one per vector plus one per head
/// and tail element (<= n); 0 when n <= 0. The result has the type of `+n`
/// (n's type after integral promotion; an unscoped enumeration's promoted
/// type), so the launch the porter rewrites, ceil(n / block) blocks to
/// ceil(vec_map_at_threads<T>(n, y, x...) / block), computes in the same type
/// as before. The pointers must be those the kernel passes to vec_map_at
/// (output first), for the same split; anything that converts to `const T *`
/// (a buffer class with a conversion operator) is accepted. The original
/// launch also stays correct (the extra threads do nothing).
template <class T, size_t VecBytes = 16, class N, class P0, class... Ps>
CU2HIP_HD CU2HIP_INLINE auto vec_map_at_threads(N n, const P0 &p0, const Ps &...ps)
    -> decltype(+n) {
  using C = decltype(+n);
  static_assert(std::is_integral<C>::value,
                "the element count must be an integer or an unscoped enumeration");
  const C c = +n;
  if (!(c > C(0)))
    return C(0);
  const size_t m = static_cast<size_t>(c);
  VecSplit s = vec_split<T, VecBytes>(m, static_cast<const T *>(p0), static_cast<const T *>(ps)...);
  return static_cast<C>(s.nvec + s.head + (m - s.tail));
}

/// Host-side check (PyTorch-style dispatch): can all pointers be used with
/// 128-bit accesses from element 0, and is n a multiple of the width?
template <class T, class... Ps>
inline bool can_vectorize128(size_t n, const Ps *...ps) {
  bool ok = true;
  ((ok = ok && reinterpret_cast<uintptr_t>(ps) % 16 == 0), ...);
  return ok && n % (16 / sizeof(T)) == 0;
}

// ---------------------------------------------------------------------------
// Packed128
// ---------------------------------------------------------------------------

template <class T> struct alignas(16) Packed128 {
  static constexpr int size = static_cast<int>(16 / sizeof(T));
  static_assert(16 % sizeof(T) == 0, "element size must divide 16");
  T v[size];
  CU2HIP_HD CU2HIP_INLINE T &operator[](int i) { return v[i]; }
  CU2HIP_HD CU2HIP_INLINE const T &operator[](int i) const { return v[i]; }
};

#if defined(CU2HIP_PACKED_GPU)

namespace detail {
// 8- and 16-byte raw words: plain aligned structs in the CPU emulator (host
// compiler), clang vectors on AMD, CUDA's uint2/uint4 on NVIDIA.
#if defined(__CU2HIP_EMU__)
struct alignas(8) u32x2 { unsigned int v[2]; };
struct alignas(16) u32x4 { unsigned int v[4]; };
#elif defined(CU2HIP_PACKED_AMD)
typedef unsigned int u32x2 __attribute__((ext_vector_type(2)));
typedef unsigned int u32x4 __attribute__((ext_vector_type(4)));
#else
using u32x2 = uint2;
using u32x4 = uint4;
#endif
template <size_t N> struct Raw;
template <> struct Raw<1> { using type = unsigned char; };
template <> struct Raw<2> { using type = unsigned short; };
template <> struct Raw<4> { using type = unsigned int; };
template <> struct Raw<8> { using type = u32x2; };
template <> struct Raw<16> { using type = u32x4; };
template <class T> using raw_t = typename Raw<sizeof(T)>::type;

template <class To, class From>
CU2HIP_DEV CU2HIP_INLINE To bits(const From &f) {
  static_assert(sizeof(To) == sizeof(From), "size mismatch");
  To t;
#if defined(__clang__)
  __builtin_memcpy(&t, &f, sizeof(To));
#else
  memcpy(&t, &f, sizeof(To));
#endif
  return t;
}

enum class Ld { plain, stream, global, lastuse, isvolatile };
/// Store cache hints. `vec` is a plain store that nvcc must emit as one
/// 128-bit st.global (__stwb, whose write-back is the default policy): in
/// vec_group's unrolled stores nvcc otherwise splits a uint4 copy into four
/// 32-bit stores.
enum class St { plain, stream, global, writethrough, vec };

template <Ld H, class T> CU2HIP_DEV CU2HIP_INLINE T load(const T *p) {
  using R = raw_t<T>;
  CU2HIP_ASSERT_ALIGNED(p, sizeof(T) > 16 ? 16 : sizeof(T));
  const R *q = reinterpret_cast<const R *>(p);
  R r;
#if defined(__CU2HIP_EMU__)
  if constexpr (H == Ld::isvolatile && std::is_scalar<R>::value)
    r = *reinterpret_cast<const volatile R *>(q);
  else
    r = *q;
#elif defined(CU2HIP_PACKED_AMD)
  if constexpr (H == Ld::stream || H == Ld::lastuse)
    r = __builtin_nontemporal_load(q);
  else if constexpr (H == Ld::isvolatile)
    r = *reinterpret_cast<const volatile R *>(q);
  else
    r = *q;
#else
  if constexpr (sizeof(T) == 1)
    r = *q;
  else if constexpr (H == Ld::stream)
    r = __ldcs(q);
  else if constexpr (H == Ld::global)
    r = __ldcg(q);
  else if constexpr (H == Ld::lastuse)
    r = __ldlu(q);
  else if constexpr (H == Ld::isvolatile)
    r = __ldcv(q);
  else
    r = *q;
#endif
  return bits<T>(r);
}

template <St H, class T> CU2HIP_DEV CU2HIP_INLINE void store(T *p, const T &v) {
  using R = raw_t<T>;
  CU2HIP_ASSERT_ALIGNED(p, sizeof(T) > 16 ? 16 : sizeof(T));
  R *q = reinterpret_cast<R *>(p);
  R r = bits<R>(v);
#if defined(__CU2HIP_EMU__)
  *q = r;
#elif defined(CU2HIP_PACKED_AMD)
  if constexpr (H == St::stream)
    __builtin_nontemporal_store(r, q);
  else
    *q = r;
#else
  if constexpr (sizeof(T) == 1)
    *q = r;
  else if constexpr (H == St::stream)
    __stcs(q, r);
  else if constexpr (H == St::global)
    __stcg(q, r);
  else if constexpr (H == St::writethrough)
    __stwt(q, r);
  else if constexpr (H == St::vec && sizeof(T) == 16)
    __stwb(q, r);
  else
    *q = r;
#endif
}
} // namespace detail

// CUDA cache-hint loads/stores under names that never clash with HIP's.
// AMD: cs (streaming) and lu (last use) are non-temporal; cv is a volatile
// load; cg, ca and ldg are plain loads; stcs is a non-temporal store, the
// other stores are plain.
template <class T> CU2HIP_DEV CU2HIP_INLINE T ldg(const T *p) { return detail::load<detail::Ld::plain>(p); }
template <class T> CU2HIP_DEV CU2HIP_INLINE T ldca(const T *p) { return detail::load<detail::Ld::plain>(p); }
template <class T> CU2HIP_DEV CU2HIP_INLINE T ldcg(const T *p) { return detail::load<detail::Ld::global>(p); }
template <class T> CU2HIP_DEV CU2HIP_INLINE T ldcs(const T *p) { return detail::load<detail::Ld::stream>(p); }
template <class T> CU2HIP_DEV CU2HIP_INLINE T ldlu(const T *p) { return detail::load<detail::Ld::lastuse>(p); }
template <class T> CU2HIP_DEV CU2HIP_INLINE T ldcv(const T *p) { return detail::load<detail::Ld::isvolatile>(p); }
template <class T> CU2HIP_DEV CU2HIP_INLINE void stwb(T *p, T v) { detail::store<detail::St::plain>(p, v); }
template <class T> CU2HIP_DEV CU2HIP_INLINE void stcg(T *p, T v) { detail::store<detail::St::global>(p, v); }
template <class T> CU2HIP_DEV CU2HIP_INLINE void stcs(T *p, T v) { detail::store<detail::St::stream>(p, v); }
template <class T> CU2HIP_DEV CU2HIP_INLINE void stwt(T *p, T v) { detail::store<detail::St::writethrough>(p, v); }

// 128-bit packed access. The pointer must be 16-byte aligned.
template <class T> CU2HIP_DEV CU2HIP_INLINE Packed128<T> load128(const T *p) {
  CU2HIP_ASSERT_ALIGNED(p, 16);
  return detail::load<detail::Ld::plain>(reinterpret_cast<const Packed128<T> *>(p));
}
template <class T> CU2HIP_DEV CU2HIP_INLINE Packed128<T> load128cs(const T *p) {
  CU2HIP_ASSERT_ALIGNED(p, 16);
  return detail::load<detail::Ld::stream>(reinterpret_cast<const Packed128<T> *>(p));
}
template <class T> CU2HIP_DEV CU2HIP_INLINE void store128(T *p, const Packed128<T> &v) {
  CU2HIP_ASSERT_ALIGNED(p, 16);
  detail::store<detail::St::plain>(reinterpret_cast<Packed128<T> *>(p), v);
}
template <class T> CU2HIP_DEV CU2HIP_INLINE void store128cs(T *p, const Packed128<T> &v) {
  CU2HIP_ASSERT_ALIGNED(p, 16);
  detail::store<detail::St::stream>(reinterpret_cast<Packed128<T> *>(p), v);
}
template <class T> CU2HIP_DEV CU2HIP_INLINE void store128cg(T *p, const Packed128<T> &v) {
  CU2HIP_ASSERT_ALIGNED(p, 16);
  detail::store<detail::St::global>(reinterpret_cast<Packed128<T> *>(p), v);
}

// ---------------------------------------------------------------------------
// The vectorized elementwise skeleton: y[i] = f(x0[i], x1[i], ...).
// All arrays hold T; f maps sizeof...(x) values of T to a T and must not
// depend on i. The results are those of the scalar loop, element for element.
// ---------------------------------------------------------------------------

namespace detail {
template <class T, class F, size_t... K, class... In>
CU2HIP_DEV CU2HIP_INLINE void vec_one(T *__restrict__ y, size_t base, F &f,
                                      std::index_sequence<K...>,
                                      const In *__restrict__... x) {
  constexpr int W = Packed128<T>::size;
  Packed128<T> in[sizeof...(x) ? sizeof...(x) : 1] = {load128(x + base)...};
  Packed128<T> out;
#pragma unroll
  for (int k = 0; k < W; ++k)
    out.v[k] = f(in[K].v[k]...);
  store128(y + base, out);
}

/// U vectors of one grid-stride thread, at element offsets base, base +
/// step, ..., base + (U-1)*step: every load first, then every result, so
/// that U independent 128-bit loads per input are in flight (a loop of
/// vec_one has one: the next load waits for the loop test after the
/// store). The inputs do not overlap y (__restrict__), so the order of the
/// loads and stores does not change a result.
template <int U, class T, class F, size_t... K, class... In>
CU2HIP_DEV CU2HIP_INLINE void vec_group(T *__restrict__ y, size_t base, size_t step, F &f,
                                        std::index_sequence<K...>,
                                        const In *__restrict__... x) {
  constexpr int W = Packed128<T>::size;
  constexpr size_t NX = sizeof...(x) ? sizeof...(x) : 1;
  Packed128<T> in[U][NX];
#pragma unroll
  for (int u = 0; u < U; ++u) {
    const Packed128<T> v[NX] = {load128(x + base + u * step)...};
#pragma unroll
    for (size_t k = 0; k < NX; ++k)
      in[u][k] = v[k];
  }
#pragma unroll
  for (int u = 0; u < U; ++u) {
    Packed128<T> out;
#pragma unroll
    for (int k = 0; k < W; ++k)
      out.v[k] = f(in[u][K].v[k]...);
    T *p = y + base + u * step;
    CU2HIP_ASSERT_ALIGNED(p, 16);
    store<St::vec>(reinterpret_cast<Packed128<T> *>(p), out);
  }
}
} // namespace detail

/// Vectors per group in vec_map_grid_stride (1 = one vector per iteration).
#ifndef CU2HIP_VEC_GROUP
#define CU2HIP_VEC_GROUP 4
#endif

/// Grid-stride form: thread `tid` of `nthreads` (blockIdx.x*blockDim.x +
/// threadIdx.x and blockDim.x*gridDim.x in the original loop).
template <class T, class F, class... In>
CU2HIP_DEV CU2HIP_INLINE void
vec_map_grid_stride(size_t n, size_t tid, size_t nthreads, T *__restrict__ y,
                    F f, const In *__restrict__... x) {
  static_assert(sizeof...(In) >= 1, "at least one input");
  constexpr int W = Packed128<T>::size;
  const VecSplit s = vec_split<T>(n, y, x...);
  for (size_t i = tid; i < s.head; i += nthreads)
    y[i] = f(x[i]...);
  // Whole groups of U vectors (a thread's v, v + nthreads, ...) with one
  // bound test per group, then at most U-1 single vectors.
  constexpr size_t U = CU2HIP_VEC_GROUP;
  size_t v = tid;
  if (U > 1 && s.nvec > (U - 1) * nthreads)
    for (; v < s.nvec - (U - 1) * nthreads; v += U * nthreads)
      detail::vec_group<int(U), T>(y, s.head + v * W, nthreads * W, f,
                                   std::index_sequence_for<In...>{}, x...);
  for (; v < s.nvec; v += nthreads)
    detail::vec_one<T>(y, s.head + v * W, f,
                       std::index_sequence_for<In...>{}, x...);
  for (size_t i = s.tail + tid; i < n; i += nthreads)
    y[i] = f(x[i]...);
}

namespace detail {
/// One vector of y = f(x...) at element `base`, every array known to be
/// 16-byte aligned there (the caller tested it): raw 128-bit accesses,
/// without load128/store128's per-access alignment assertion.
template <class T, class F, size_t... K, class... In>
CU2HIP_DEV CU2HIP_INLINE void vec_one_aligned(T *__restrict__ y, size_t base, F &f,
                                              std::index_sequence<K...>,
                                              const In *__restrict__... x) {
  constexpr int W = Packed128<T>::size;
  const Packed128<T> in[sizeof...(x)] = {
      bits<Packed128<T>>(*reinterpret_cast<const u32x4 *>(x + base))...};
  Packed128<T> out;
#pragma unroll
  for (int k = 0; k < W; ++k)
    out.v[k] = f(in[K].v[k]...);
  u32x4 *q = reinterpret_cast<u32x4 *>(y + base);
#if defined(__CU2HIP_EMU__) || defined(CU2HIP_PACKED_AMD)
  *q = bits<u32x4>(out);
#else
  __stwb(q, bits<u32x4>(out)); // one 128-bit st.global (see St::vec)
#endif
}
} // namespace detail

/// Grid-stride form for an element count the porter proved a multiple of
/// the vector width W = 16/sizeof(T) (a constant, or a product with such a
/// factor; docs/vectorize.md): when every array is 16-byte aligned the split
/// has no scalar head or tail, and thread `tid` does vectors tid, tid +
/// nthreads, ... one per iteration (no group loop: fewer VGPRs); otherwise
/// (an array not 16-byte aligned, or n not a multiple of W after all) the
/// original scalar loop. Either way y[i] = f(x[i]...) for every i < n, as
/// in the scalar loop.
template <class T, class F, class... In>
CU2HIP_DEV CU2HIP_INLINE void
vec_map_grid_stride_whole(size_t n, size_t tid, size_t nthreads, T *__restrict__ y, F f,
                          const In *__restrict__... x) {
  static_assert(sizeof...(In) >= 1, "at least one input");
  constexpr int W = Packed128<T>::size;
  const VecSplit s = vec_split<T>(n, y, x...);
  if (s.head == 0 && s.tail == n) {
    for (size_t v = tid; v < s.nvec; v += nthreads)
      detail::vec_one_aligned<T>(y, v * W, f, std::index_sequence_for<In...>{}, x...);
    return;
  }
  for (size_t i = tid; i < n; i += nthreads)
    y[i] = f(x[i]...);
}

/// Single-index form: the original kernel did `if (t < n) y[t] = f(x[t])`
/// with one thread per element. Thread t now does vector t, and threads
/// nvec .. nvec+head+(n-tail)-1 do the scalar head and tail, the rest
/// nothing. vec_map_at_threads<T>(n, y, x...) threads are needed (about n/4
/// for floats): the porter rewrites the launch to that many; the original
/// launch of n threads stays correct, but is slower than the scalar kernel.
template <class T, class F, class... In>
CU2HIP_DEV CU2HIP_INLINE void vec_map_at(size_t t, size_t n, T *__restrict__ y,
                                         F f, const In *__restrict__... x) {
  static_assert(sizeof...(In) >= 1, "at least one input");
  constexpr int W = Packed128<T>::size;
  const VecSplit s = vec_split<T>(n, y, x...);
  if (t < s.nvec) {
    detail::vec_one<T>(y, s.head + t * W, f, std::index_sequence_for<In...>{},
                       x...);
    return;
  }
  size_t r = t - s.nvec;
  size_t i = r < s.head ? r : s.tail + (r - s.head);
  if (i < n)
    y[i] = f(x[i]...);
}

#endif // CU2HIP_PACKED_GPU

/// Host mirror of vec_map_at's index mapping (for tests): which element
/// range thread t covers; returns the count (0, 1 or W) and the first index.
inline size_t vec_map_at_range(size_t t, size_t n, size_t w, VecSplit s,
                               size_t *first) {
  if (t < s.nvec) {
    *first = s.head + t * w;
    return w;
  }
  size_t r = t - s.nvec;
  size_t i = r < s.head ? r : s.tail + (r - s.head);
  *first = i;
  return i < n ? 1 : 0;
}

} // namespace cu2hip

// ---------------------------------------------------------------------------
// Global CUDA names on AMD for types HIP does not cover.
// ---------------------------------------------------------------------------
#if defined(CU2HIP_PACKED_AMD) && !defined(CU2HIP_NO_GLOBAL_CACHE_HINTS) &&         \
    !defined(__CU2HIP_EMU__)
#define CU2HIP_GLOBAL_HINTS_(T)                                               \
  __device__ inline T __ldcs(const T *p) { return cu2hip::ldcs(p); }          \
  __device__ inline T __ldcg(const T *p) { return cu2hip::ldcg(p); }          \
  __device__ inline T __ldca(const T *p) { return cu2hip::ldca(p); }          \
  __device__ inline T __ldlu(const T *p) { return cu2hip::ldlu(p); }          \
  __device__ inline T __ldcv(const T *p) { return cu2hip::ldcv(p); }          \
  __device__ inline void __stcs(T *p, T v) { cu2hip::stcs(p, v); }            \
  __device__ inline void __stcg(T *p, T v) { cu2hip::stcg(p, v); }            \
  __device__ inline void __stwb(T *p, T v) { cu2hip::stwb(p, v); }            \
  __device__ inline void __stwt(T *p, T v) { cu2hip::stwt(p, v); }
CU2HIP_GLOBAL_HINTS_(float)
CU2HIP_GLOBAL_HINTS_(float2)
CU2HIP_GLOBAL_HINTS_(float4)
CU2HIP_GLOBAL_HINTS_(double)
CU2HIP_GLOBAL_HINTS_(double2)
CU2HIP_GLOBAL_HINTS_(int)
CU2HIP_GLOBAL_HINTS_(int2)
CU2HIP_GLOBAL_HINTS_(int4)
CU2HIP_GLOBAL_HINTS_(unsigned int)
CU2HIP_GLOBAL_HINTS_(uint2)
CU2HIP_GLOBAL_HINTS_(uint4)
#undef CU2HIP_GLOBAL_HINTS_
#endif

#endif // CU2HIP_PACKED_H
