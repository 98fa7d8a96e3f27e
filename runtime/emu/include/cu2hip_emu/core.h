// cu2hip CPU SIMT emulator: execution core (launch, thread indices, barriers,
// wave operations). Part of the emulator's header set; include
// <hip/hip_runtime.h> instead. See docs/emulator.md for the execution model.
#pragma once

#include "cu2hip_emu/types.h"

#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>

// Every GPU thread is a fiber; the fibers of one block run on one OS thread,
// so the per-OS-thread copies below are the current GPU thread's values (the
// scheduler rewrites threadIdx before it resumes a fiber).
extern thread_local uint3 threadIdx;
extern thread_local uint3 blockIdx;
extern thread_local uint3 blockDim;
extern thread_local uint3 gridDim;

namespace cu2hip_emu {

// Source position of a wave operation's call: lanes of a wave that wait at
// the same position form one wave op (see docs/emulator.md, "Divergence").
struct Site {
  const char* file;
  int line;
  int col;
#if defined(__clang__)
  constexpr Site(const char* f = __builtin_FILE(), int l = __builtin_LINE(),
                 int c = __builtin_COLUMN())
      : file(f), line(l), col(c) {}
#else
  constexpr Site(const char* f = __builtin_FILE(), int l = __builtin_LINE())
      : file(f), line(l), col(0) {}
#endif
};

enum class Op : unsigned char {
  Shfl,
  ShflUp,
  ShflDown,
  ShflXor,
  Ballot,
  Any,
  All,
  ActiveMask,
  SyncWarp,
  MatchAny,
  MatchAll,
  Collective,
};

struct WaveOp;
// Op::Collective: computes every lane's result of a wave-wide primitive
// (hipCUB's WarpReduce/WarpScan) once the lanes waiting at one position have
// all arrived. ops[i] belongs to lane lanes[i] (ascending) of wave `wave` of
// the block; returns null, or a message with *bad = the index of the lane it
// concerns.
using CollectiveFn = const char* (*)(WaveOp* const* ops, const unsigned* lanes,
                                     unsigned n, unsigned wave_size, unsigned wave,
                                     unsigned* bad);

// One lane's part of a wave operation. Filled by the intrinsic, completed by
// the scheduler once the wave's active lanes have all arrived.
struct WaveOp {
  Op op;
  bool has_mask;    // a *_sync form: mask is checked as ROCm does
  unsigned char size;  // bytes of val (shuffles, match)
  int arg;          // source lane / delta / xor mask
  int width;
  int pred;
  unsigned long long mask;
  alignas(16) unsigned char val[16];
  alignas(16) unsigned char out[16];
  unsigned long long result;  // ballot, vote, activemask, match
  const char* name;
  Site site;
  CollectiveFn coll_fn;  // Op::Collective only
  void* coll_args;       // the lane's arguments (on its stack), for coll_fn
};

// Public part of the per-GPU-thread state.
struct LaneInfo {
  unsigned linear;  // linearised thread id in the block (x fastest)
  unsigned wave;    // wave index in the block
  unsigned wlane;   // lane index in the wave
};
extern thread_local LaneInfo* tl_lane;  // null outside kernels

int wave_size();  // 32 or 64, from CU2HIP_EMU_WAVE (default 64)
void wave_op(WaveOp& op);
// Block barrier; returns the number of threads that took part (live threads),
// *count = how many of them passed a non-zero pred.
int sync_block(const char* name, int pred, int* count, Site site);
void* dynamic_shared();
// Identifies the block now running on this OS thread: distinct for every
// block of every launch (0 outside kernels).
unsigned long long block_serial();
[[noreturn]] void fatal_in_kernel(Site site, const char* fmt, ...)
    __attribute__((format(printf, 2, 3)));
[[noreturn]] void unsupported(const char* construct, Site site = Site());

inline LaneInfo& lane(const char* what, Site site) {
  if (!tl_lane) fatal_in_kernel(site, "%s called outside a kernel", what);
  return *tl_lane;
}

// ---------------------------------------------------------------------------
// Launch
// ---------------------------------------------------------------------------
struct KernelThunk {
  void (*invoke)(void* fn, void* args);
  void* fn;
  void* args;
  // The launch's pointer arguments (null for the others), checked against the
  // memory of the launching device when several devices are emulated.
  const void* const* ptrs = nullptr;
  unsigned nptrs = 0;
};

template <class T>
inline const void* arg_pointer(const T& a) {
  if constexpr (std::is_pointer<T>::value &&
                std::is_object<std::remove_pointer_t<T>>::value)
    return static_cast<const void*>(a);
  else
    return nullptr;
}

void launch(const char* name, const KernelThunk& k, dim3 grid, dim3 block,
            size_t smem, hipStream_t stream);

inline dim3 to_dim3(dim3 d) { return d; }
inline dim3 to_dim3(uint3 d) { return dim3(d); }
template <class I, class = std::enable_if_t<std::is_integral<I>::value>>
inline dim3 to_dim3(I n) { return dim3((unsigned)n); }

template <class... P, class... A>
void launch_ggl(const char* name, void (*kernel)(P...), dim3 grid, dim3 block,
                size_t smem, hipStream_t stream, A&&... a) {
  static_assert(sizeof...(P) == sizeof...(A),
                "cu2hip-emu: hipLaunchKernelGGL: wrong number of kernel "
                "arguments");
  using Tuple = std::tuple<std::decay_t<P>...>;
  Tuple args(static_cast<std::decay_t<P>>(std::forward<A>(a))...);
  KernelThunk k{
      [](void* fn, void* targs) {
        Tuple copy = *static_cast<Tuple*>(targs);  // per-thread parameters
        std::apply(reinterpret_cast<void (*)(P...)>(fn), copy);
      },
      reinterpret_cast<void*>(kernel), &args};
  const void* ptrs[sizeof...(P) + 1] = {};
  std::apply(
      [&ptrs](const auto&... v) {
        unsigned i = 0;
        ((ptrs[i++] = arg_pointer(v)), ...);
      },
      args);
  k.ptrs = ptrs;
  k.nptrs = sizeof...(P);
  launch(name, k, grid, block, smem, stream);
}

// ---------------------------------------------------------------------------
// Dynamic shared memory: HIP_DYNAMIC_SHARED(T, name) declares `name`, usable
// as a T* (index, arithmetic, conversion to any pointer type) at function or
// namespace scope; it always refers to the current block's buffer.
// ---------------------------------------------------------------------------
template <class T>
struct DynShared {
  T* get() const { return static_cast<T*>(dynamic_shared()); }
  operator T*() const { return get(); }
  template <class U, class = std::enable_if_t<!std::is_same<U, T>::value>>
  explicit operator U*() const { return reinterpret_cast<U*>(get()); }
  T& operator[](ptrdiff_t i) const { return get()[i]; }
  T* operator+(ptrdiff_t i) const { return get() + i; }
  T& operator*() const { return *get(); }
};

// ---------------------------------------------------------------------------
// Wave operations
// ---------------------------------------------------------------------------
template <class T>
inline void check_shfl_type() {
  static_assert(std::is_trivially_copyable<T>::value && sizeof(T) <= 16,
                "cu2hip-emu: shuffle operand must be trivially copyable and "
                "at most 16 bytes");
}

template <class T>
inline T shuffle(Op op, const char* name, T var, int arg, int width, bool has_mask,
                 unsigned long long mask, Site site) {
  check_shfl_type<T>();
  WaveOp w;
  w.op = op;
  w.has_mask = has_mask;
  w.size = sizeof(T);
  w.arg = arg;
  w.width = width;
  w.pred = 0;
  w.mask = mask;
  std::memcpy(w.val, &var, sizeof(T));
  w.name = name;
  w.site = site;
  wave_op(w);
  T r;
  std::memcpy(&r, w.out, sizeof(T));
  return r;
}

inline unsigned long long vote(Op op, const char* name, int pred, bool has_mask,
                               unsigned long long mask, Site site) {
  WaveOp w;
  w.op = op;
  w.has_mask = has_mask;
  w.size = 0;
  w.arg = 0;
  w.width = 0;
  w.pred = pred;
  w.mask = mask;
  w.name = name;
  w.site = site;
  wave_op(w);
  return w.result;
}

template <class M>
constexpr void check_mask_type() {
  static_assert(std::is_integral<M>::value && sizeof(M) == 8,
                "cu2hip-emu: the mask of a *_sync wave intrinsic must be a "
                "64-bit integer (as ROCm >= 7 requires); implicitly widening "
                "a 32-bit CUDA mask is almost always a wave64 bug");
}

}  // namespace cu2hip_emu

// ---------------------------------------------------------------------------
// warpSize: a run-time value (as on ROCm 7, not a constant expression).
// ---------------------------------------------------------------------------
struct cu2hip_emu_warp_size_t {
  operator int() const { return cu2hip_emu::wave_size(); }
};
static constexpr cu2hip_emu_warp_size_t warpSize{};

#define CU2HIP_EMU_SITE ::cu2hip_emu::Site site = ::cu2hip_emu::Site()

inline unsigned __lane_id() { return cu2hip_emu::lane("__lane_id", {}).wlane; }

// ---- shuffles (HIP's AMD semantics; default width = wave size) ----
template <class T>
inline T __shfl(T var, int src_lane, int width = warpSize, CU2HIP_EMU_SITE) {
  return cu2hip_emu::shuffle(cu2hip_emu::Op::Shfl, "__shfl", var, src_lane, width,
                             false, 0, site);
}
template <class T>
inline T __shfl_up(T var, unsigned int delta, int width = warpSize, CU2HIP_EMU_SITE) {
  return cu2hip_emu::shuffle(cu2hip_emu::Op::ShflUp, "__shfl_up", var, (int)delta,
                             width, false, 0, site);
}
template <class T>
inline T __shfl_down(T var, unsigned int delta, int width = warpSize,
                     CU2HIP_EMU_SITE) {
  return cu2hip_emu::shuffle(cu2hip_emu::Op::ShflDown, "__shfl_down", var, (int)delta,
                             width, false, 0, site);
}
template <class T>
inline T __shfl_xor(T var, int lane_mask, int width = warpSize, CU2HIP_EMU_SITE) {
  return cu2hip_emu::shuffle(cu2hip_emu::Op::ShflXor, "__shfl_xor", var, lane_mask,
                             width, false, 0, site);
}
template <class M, class T>
inline T __shfl_sync(M mask, T var, int src_lane, int width = warpSize,
                     CU2HIP_EMU_SITE) {
  cu2hip_emu::check_mask_type<M>();
  return cu2hip_emu::shuffle(cu2hip_emu::Op::Shfl, "__shfl_sync", var, src_lane,
                             width, true, (unsigned long long)mask, site);
}
template <class M, class T>
inline T __shfl_up_sync(M mask, T var, unsigned int delta, int width = warpSize,
                        CU2HIP_EMU_SITE) {
  cu2hip_emu::check_mask_type<M>();
  return cu2hip_emu::shuffle(cu2hip_emu::Op::ShflUp, "__shfl_up_sync", var,
                             (int)delta, width, true, (unsigned long long)mask,
                             site);
}
template <class M, class T>
inline T __shfl_down_sync(M mask, T var, unsigned int delta, int width = warpSize,
                          CU2HIP_EMU_SITE) {
  cu2hip_emu::check_mask_type<M>();
  return cu2hip_emu::shuffle(cu2hip_emu::Op::ShflDown, "__shfl_down_sync", var,
                             (int)delta, width, true, (unsigned long long)mask,
                             site);
}
template <class M, class T>
inline T __shfl_xor_sync(M mask, T var, int lane_mask, int width = warpSize,
                         CU2HIP_EMU_SITE) {
  cu2hip_emu::check_mask_type<M>();
  return cu2hip_emu::shuffle(cu2hip_emu::Op::ShflXor, "__shfl_xor_sync", var,
                             lane_mask, width, true, (unsigned long long)mask,
                             site);
}

// ---- votes ----
inline unsigned long long __ballot(int pred, CU2HIP_EMU_SITE) {
  return cu2hip_emu::vote(cu2hip_emu::Op::Ballot, "__ballot", pred, false, 0, site);
}
inline int __any(int pred, CU2HIP_EMU_SITE) {
  return (int)cu2hip_emu::vote(cu2hip_emu::Op::Any, "__any", pred, false, 0, site);
}
inline int __all(int pred, CU2HIP_EMU_SITE) {
  return (int)cu2hip_emu::vote(cu2hip_emu::Op::All, "__all", pred, false, 0, site);
}
inline unsigned long long __activemask(CU2HIP_EMU_SITE) {
  return cu2hip_emu::vote(cu2hip_emu::Op::ActiveMask, "__activemask", 0, false, 0,
                          site);
}
template <class M>
inline unsigned long long __ballot_sync(M mask, int pred, CU2HIP_EMU_SITE) {
  cu2hip_emu::check_mask_type<M>();
  return cu2hip_emu::vote(cu2hip_emu::Op::Ballot, "__ballot_sync", pred, true,
                          (unsigned long long)mask, site);
}
template <class M>
inline int __any_sync(M mask, int pred, CU2HIP_EMU_SITE) {
  cu2hip_emu::check_mask_type<M>();
  return (int)cu2hip_emu::vote(cu2hip_emu::Op::Any, "__any_sync", pred, true,
                               (unsigned long long)mask, site);
}
template <class M>
inline int __all_sync(M mask, int pred, CU2HIP_EMU_SITE) {
  cu2hip_emu::check_mask_type<M>();
  return (int)cu2hip_emu::vote(cu2hip_emu::Op::All, "__all_sync", pred, true,
                               (unsigned long long)mask, site);
}
inline void __syncwarp(CU2HIP_EMU_SITE) {
  cu2hip_emu::vote(cu2hip_emu::Op::SyncWarp, "__syncwarp", 0, false, 0, site);
}
template <class M>
inline void __syncwarp(M mask, CU2HIP_EMU_SITE) {
  cu2hip_emu::check_mask_type<M>();
  cu2hip_emu::vote(cu2hip_emu::Op::SyncWarp, "__syncwarp", 0, true,
                   (unsigned long long)mask, site);
}

// ---- match ----
template <class T>
inline unsigned long long __match_any(T value, CU2HIP_EMU_SITE) {
  static_assert((std::is_integral<T>::value || std::is_floating_point<T>::value) &&
                    (sizeof(T) == 4 || sizeof(T) == 8),
                "__match_any: T must be a 32- or 64-bit integer or float");
  cu2hip_emu::WaveOp w{};
  w.op = cu2hip_emu::Op::MatchAny;
  w.size = sizeof(T);
  std::memcpy(w.val, &value, sizeof(T));
  w.name = "__match_any";
  w.site = site;
  cu2hip_emu::wave_op(w);
  return w.result;
}
template <class M, class T>
inline unsigned long long __match_any_sync(M mask, T value, CU2HIP_EMU_SITE) {
  cu2hip_emu::check_mask_type<M>();
  cu2hip_emu::WaveOp w{};
  w.op = cu2hip_emu::Op::MatchAny;
  w.has_mask = true;
  w.mask = (unsigned long long)mask;
  w.size = sizeof(T);
  std::memcpy(w.val, &value, sizeof(T));
  w.name = "__match_any_sync";
  w.site = site;
  cu2hip_emu::wave_op(w);
  return w.result;
}
template <class T>
inline unsigned long long __match_all(T value, int* pred, CU2HIP_EMU_SITE) {
  cu2hip_emu::WaveOp w{};
  w.op = cu2hip_emu::Op::MatchAll;
  w.size = sizeof(T);
  std::memcpy(w.val, &value, sizeof(T));
  w.name = "__match_all";
  w.site = site;
  cu2hip_emu::wave_op(w);
  *pred = w.pred;
  return w.result;
}
template <class M, class T>
inline unsigned long long __match_all_sync(M mask, T value, int* pred,
                                           CU2HIP_EMU_SITE) {
  cu2hip_emu::check_mask_type<M>();
  cu2hip_emu::WaveOp w{};
  w.op = cu2hip_emu::Op::MatchAll;
  w.has_mask = true;
  w.mask = (unsigned long long)mask;
  w.size = sizeof(T);
  std::memcpy(w.val, &value, sizeof(T));
  w.name = "__match_all_sync";
  w.site = site;
  cu2hip_emu::wave_op(w);
  *pred = w.pred;
  return w.result;
}

// ---- lane masks (64-bit, as HIP) ----
inline unsigned long long __lanemask_lt() {
  return (1ull << __lane_id()) - 1ull;
}
inline unsigned long long __lanemask_le() {
  unsigned l = __lane_id();
  return l == 63 ? ~0ull : (2ull << l) - 1ull;
}
inline unsigned long long __lanemask_gt() { return ~__lanemask_le() &
    (cu2hip_emu::wave_size() == 64 ? ~0ull : 0xffffffffull); }
inline unsigned long long __lanemask_ge() { return ~__lanemask_lt() &
    (cu2hip_emu::wave_size() == 64 ? ~0ull : 0xffffffffull); }
inline unsigned long long __lanemask_eq() { return 1ull << __lane_id(); }

// ---- block barrier ----
inline void __syncthreads(CU2HIP_EMU_SITE) {
  cu2hip_emu::sync_block("__syncthreads", 0, nullptr, site);
}
inline int __syncthreads_count(int pred, CU2HIP_EMU_SITE) {
  int c = 0;
  cu2hip_emu::sync_block("__syncthreads_count", pred != 0, &c, site);
  return c;
}
inline int __syncthreads_and(int pred, CU2HIP_EMU_SITE) {
  int c = 0;
  int n = cu2hip_emu::sync_block("__syncthreads_and", pred != 0, &c, site);
  return c == n ? 1 : 0;
}
inline int __syncthreads_or(int pred, CU2HIP_EMU_SITE) {
  int c = 0;
  cu2hip_emu::sync_block("__syncthreads_or", pred != 0, &c, site);
  return c != 0;
}

// ---- fences (one shared memory: a C++ fence is enough) ----
inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_system() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
