//===- cu2hip/wave.h - CUDA warp semantics on AMD wavefronts --------------===//
//
// Included by code that cu2hip ported with --wave=logical32 (the default).
// Every CUDA warp becomes a 32-lane group inside the AMD wavefront: the
// lanes [0,32) and [32,64) of a wave64 (CDNA, gfx9) are two logical warps;
// on wave32 (RDNA, gfx10+) and on NVIDIA the helpers are the identity.
// Waves are formed from linearised thread ids, so `__lane_id() & 32` names
// the half, which coincides with CUDA's `threadIdx / 32` warps for every
// block shape (docs/wave64.md, A.3 strategy S1).
//
// Each helper keeps the signature of the CUDA intrinsic it replaces and
// returns 32-bit lane masks relative to the lane's own logical warp:
//   cu2hip::mask64(m)            32-bit CUDA mask -> 64-bit HIP mask in the
//                                lane's half, restricted to the lanes that
//                                execute the call (exited lanes: see mask64;
//                                ROCm >= 6.2 static_asserts a 64-bit mask:
//                                ROCm/hip#3667)
//   cu2hip::ballot_sync32(m, p)  CUDA __ballot_sync (HIP returns 64 bits)
//   cu2hip::activemask32()       CUDA __activemask
//   cu2hip::all_sync32 / any_sync32 / uni_sync32   votes on the logical warp
//   cu2hip::match_any_sync32 / match_all_sync32
//   cu2hip::reduce_{add,min,max,and,or,xor}_sync32
//   cu2hip::shfl{,_up,_down,_xor}_sync_full(m, v, arg, width)   shuffles
//                                of a full warp proven converged by rule
//                                wave-shfl-full: HIP's plain __shfl* on AMD
//   cu2hip::syncwarp(m)          CUDA __syncwarp, also on ROCm < 7
//   cu2hip::lanemask_{lt,le,eq,gt,ge}32(), cu2hip::lane_id32()
//   cu2hip::logical_warp_size    constexpr 32 (CUDA's warpSize)
//   cu2hip::device_wave_size()   constexpr hardware wavefront of the target
//                                (64 on gfx9, 32 on gfx10+ and NVIDIA; in
//                                emulator builds the run-time wave size)
//   cu2hip::native_wave_width(), cu2hip::width_mask(w)   --wave=native output
//   cu2hip::host_wave_size(dev)  host: hipDeviceProp_t::warpSize, cached
//   cu2hip::lane_mask_t          unsigned long long
// It never uses `warpSize` in a constant expression (not constexpr since
// ROCm 7) and never hard-codes 64 for RDNA.
//
// Platforms: HIP on AMD (ROCm 5.2 .. 7.2), HIP on NVIDIA
// (__HIP_PLATFORM_NVIDIA__), and the cu2hip CPU emulator (__CU2HIP_EMU__).
// On HIP < 6.2 (no *_sync intrinsics on AMD) this header also provides
// __shfl*_sync taking a 64-bit mask, implemented with the unsynchronised
// shuffles (AMD lanes run in lockstep). On ROCm 6.2-6.x define
// HIP_ENABLE_WARP_SYNC_BUILTINS when compiling, as HIP itself requires.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_WAVE_H
#define CU2HIP_WAVE_H

#include <hip/hip_runtime.h>

#if defined(__HIP_PLATFORM_NVIDIA__) || defined(__HIP_PLATFORM_NVCC__)
#define CU2HIP_WAVE_NVIDIA 1
#else
#define CU2HIP_WAVE_NVIDIA 0
#endif

#if !CU2HIP_WAVE_NVIDIA && !defined(__CU2HIP_EMU__) && defined(HIP_VERSION) &&      \
    HIP_VERSION < 60200000
#define CU2HIP_WAVE_NEED_SYNC_SHUFFLES 1
#else
#define CU2HIP_WAVE_NEED_SYNC_SHUFFLES 0
#endif

// Emulator builds only (runtime/emu, __CU2HIP_EMU__): helpers whose wave
// operations may run in divergent code take a trailing
// `::cu2hip_emu::Site site = ::cu2hip_emu::Site()` (the caller's file and
// line, captured by the default argument) and pass it to the intrinsics, so
// the emulator tells apart calls of one helper on both sides of a branch
// (docs/emulator.md, Divergence). Elsewhere the macros expand to nothing and
// the signatures are the CUDA intrinsics' own.
#if defined(__CU2HIP_EMU__)
#define CU2HIP_WAVE_SITE_PARAM , ::cu2hip_emu::Site site = ::cu2hip_emu::Site()
#define CU2HIP_WAVE_SITE_PARAM0 ::cu2hip_emu::Site site = ::cu2hip_emu::Site()
#define CU2HIP_WAVE_SITE_ARG , site
#define CU2HIP_WAVE_SITE_ARG0 site
#else
#define CU2HIP_WAVE_SITE_PARAM
#define CU2HIP_WAVE_SITE_PARAM0
#define CU2HIP_WAVE_SITE_ARG
#define CU2HIP_WAVE_SITE_ARG0
#endif

#if CU2HIP_WAVE_NEED_SYNC_SHUFFLES
// HIP < 6.2 has no *_sync shuffles. Same signatures as ROCm >= 6.2 (64-bit
// mask); the mask is not checked: lanes of a wavefront execute in lockstep.
template <typename T>
__device__ inline T __shfl_sync(unsigned long long, T var, int src,
                                int width = __AMDGCN_WAVEFRONT_SIZE) {
  return __shfl(var, src, width);
}
template <typename T>
__device__ inline T __shfl_up_sync(unsigned long long, T var, unsigned int delta,
                                   int width = __AMDGCN_WAVEFRONT_SIZE) {
  return __shfl_up(var, delta, width);
}
template <typename T>
__device__ inline T __shfl_down_sync(unsigned long long, T var, unsigned int delta,
                                     int width = __AMDGCN_WAVEFRONT_SIZE) {
  return __shfl_down(var, delta, width);
}
template <typename T>
__device__ inline T __shfl_xor_sync(unsigned long long, T var, int lane_mask,
                                    int width = __AMDGCN_WAVEFRONT_SIZE) {
  return __shfl_xor(var, lane_mask, width);
}
#endif

namespace cu2hip {

/// A lane mask of a whole wavefront (HIP's 64-bit form).
using lane_mask_t = unsigned long long;

/// CUDA's warp size, which ported logical-32 code keeps (constexpr).
constexpr int logical_warp_size = 32;

/// Hardware wavefront size of the device-compilation target, as a constant:
/// 64 on gfx9 (GCN/CDNA), 32 on gfx10+ (RDNA) and on NVIDIA. In the host
/// pass of a HIP compilation no target is known: use host_wave_size().
#if defined(__CU2HIP_EMU__)
// The emulator's wave size is chosen at run time (CU2HIP_EMU_WAVE): not a
// constant expression there (a constexpr use is a compile error rather than
// a silently wrong 32 at wave 64).
__host__ __device__ inline int device_wave_size() { return ::cu2hip_emu::wave_size(); }
#else
__host__ __device__ constexpr int device_wave_size() {
#if defined(__GFX9__) || defined(__GFX8__) || defined(__GFX7__) || defined(__GFX6__)
  return 64;
#else
  return 32;
#endif
}
#endif

// The device helpers exist where the file compiles as device code: HIP (hipcc's
// host and device passes), CUDA (nvcc with __HIP_PLATFORM_NVIDIA__) and the
// emulator. A host C++ unit (g++, or clang without -x hip; nvcc hands .cpp
// units to the host compiler) that includes a ported header sees only the
// host parts: HIP declares no device builtins (__lane_id, __ballot) there.
#if defined(__HIP__) || defined(__CUDACC__) || defined(__CU2HIP_EMU__)

/// Bit offset of the calling lane's logical warp inside the wavefront:
/// 0 or 32 on wave64, always 0 on wave32 and NVIDIA.
__device__ inline unsigned lane_half_shift() {
#if CU2HIP_WAVE_NVIDIA
  return 0;
#else
  return __lane_id() & 32u;
#endif
}

/// The calling lane's index inside its logical 32-lane warp (CUDA's laneid).
__device__ inline unsigned lane_id32() {
#if CU2HIP_WAVE_NVIDIA
  unsigned l;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(l));
  return l;
#else
  return __lane_id() & 31u;
#endif
}

namespace detail {
/// The lanes of the wavefront executing this call (the EXEC mask).
__device__ inline lane_mask_t active_lanes(CU2HIP_WAVE_SITE_PARAM0) {
  return static_cast<lane_mask_t>(__ballot(1 CU2HIP_WAVE_SITE_ARG));
}
} // namespace detail

/// 32-bit CUDA mask -> 64-bit HIP mask: placed in the lane's logical warp
/// and restricted to the lanes that execute the call.
///
/// Why the restriction is exact. CUDA lets a *_sync mask name exited
/// threads: only the non-exited threads named in the mask must execute the
/// same intrinsic with the same mask (CUDA C++ Programming Guide, Warp
/// Shuffle / Warp Vote Functions). ROCm instead requires that the lanes
/// passing one mask value are exactly the lanes the mask names
/// (__hip_check_mask in amd_warp_sync_functions.h, ROCm 6.2..7.2: it traps
/// unless mask == __ballot(true) among the lanes holding that mask; active
/// unless NDEBUG). So `if (i >= n) return; __shfl_sync(0xffffffff, ...)`, a
/// mask from __ballot_sync/__activemask taken before an exit, or a mask
/// passed into a device function, all trap on AMD in a debug build. In a
/// legal CUDA program every named lane that has not exited reaches the call
/// with the same mask; the lanes of a wavefront that reach one call
/// together are its EXEC mask, so (mask << half) & EXEC names exactly the
/// non-exited named lanes of the caller's logical warp: what CUDA
/// synchronises and what ROCm checks. Lanes outside the mask that also run
/// the call pass their own (disjoint) masks, as ROCm's partition rule
/// requires. On NVIDIA the mask is passed through unchanged (CUDA handles
/// exited lanes itself).
__device__ inline lane_mask_t mask64(unsigned mask CU2HIP_WAVE_SITE_PARAM) {
#if CU2HIP_WAVE_NVIDIA
  return static_cast<lane_mask_t>(mask);
#else
  return (static_cast<lane_mask_t>(mask) << lane_half_shift()) &
         detail::active_lanes(CU2HIP_WAVE_SITE_ARG0);
#endif
}

/// The 32 bits of a wavefront-wide ballot that belong to the caller's
/// logical warp.
__device__ inline unsigned own_half(lane_mask_t wave_bits) {
  return static_cast<unsigned>(wave_bits >> lane_half_shift());
}

namespace detail {
__device__ inline unsigned ballot_raw32(int pred CU2HIP_WAVE_SITE_PARAM) {
#if CU2HIP_WAVE_NVIDIA
  return __ballot_sync(__activemask(), pred);
#else
  return own_half(static_cast<lane_mask_t>(__ballot(pred CU2HIP_WAVE_SITE_ARG)));
#endif
}
} // namespace detail

/// CUDA __activemask(): the active lanes of the caller's logical warp.
__device__ inline unsigned activemask32(CU2HIP_WAVE_SITE_PARAM0) {
#if CU2HIP_WAVE_NVIDIA
  return __activemask();
#else
  return detail::ballot_raw32(1 CU2HIP_WAVE_SITE_ARG);
#endif
}

/// CUDA __ballot_sync(mask, pred): bit i set iff lane i of the logical
/// warp is in `mask`, active, and has a non-zero predicate.
__device__ inline unsigned ballot_sync32(unsigned mask, int pred CU2HIP_WAVE_SITE_PARAM) {
#if CU2HIP_WAVE_NVIDIA
  return __ballot_sync(mask, pred);
#else
  return detail::ballot_raw32(pred CU2HIP_WAVE_SITE_ARG) & mask;
#endif
}

/// Pre-CUDA-9 __ballot(pred) (all active lanes).
__device__ inline unsigned ballot32(int pred CU2HIP_WAVE_SITE_PARAM) {
  return detail::ballot_raw32(pred CU2HIP_WAVE_SITE_ARG);
}

/// CUDA __all_sync(mask, pred): non-zero iff every active lane of `mask`
/// has a non-zero predicate (on the logical warp, not the wavefront).
__device__ inline int all_sync32(unsigned mask, int pred CU2HIP_WAVE_SITE_PARAM) {
  unsigned members = activemask32(CU2HIP_WAVE_SITE_ARG0) & mask;
  return (detail::ballot_raw32(pred CU2HIP_WAVE_SITE_ARG) & members) == members;
}

/// CUDA __any_sync(mask, pred).
__device__ inline int any_sync32(unsigned mask, int pred CU2HIP_WAVE_SITE_PARAM) {
  return (detail::ballot_raw32(pred CU2HIP_WAVE_SITE_ARG) & mask) != 0;
}

/// CUDA __uni_sync(mask, pred): all or none of the lanes agree.
__device__ inline int uni_sync32(unsigned mask, int pred CU2HIP_WAVE_SITE_PARAM) {
  unsigned members = activemask32(CU2HIP_WAVE_SITE_ARG0) & mask;
  unsigned b = detail::ballot_raw32(pred CU2HIP_WAVE_SITE_ARG) & members;
  return b == 0 || b == members;
}

/// Pre-CUDA-9 __all(pred) / __any(pred).
__device__ inline int all32(int pred CU2HIP_WAVE_SITE_PARAM) {
  return all_sync32(0xffffffffu, pred CU2HIP_WAVE_SITE_ARG);
}
__device__ inline int any32(int pred CU2HIP_WAVE_SITE_PARAM) {
  return any_sync32(0xffffffffu, pred CU2HIP_WAVE_SITE_ARG);
}

/// CUDA __syncwarp(mask): orders memory among the lanes of the logical warp.
/// On AMD the lanes of a wavefront run in lockstep; this is a wavefront
/// barrier with release/acquire fences (ROCm < 7 has no __syncwarp).
__device__ inline void syncwarp(unsigned mask = 0xffffffffu CU2HIP_WAVE_SITE_PARAM) {
#if CU2HIP_WAVE_NVIDIA
  __syncwarp(mask);
#elif defined(__CU2HIP_EMU__)
  __syncwarp(mask64(mask, site), site);
#else
  (void)mask;
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
#endif
}

/// Lane masks relative to the caller's logical warp (CUDA %lanemask_*).
__device__ inline unsigned lanemask_eq32() { return 1u << lane_id32(); }
__device__ inline unsigned lanemask_lt32() { return lanemask_eq32() - 1u; }
__device__ inline unsigned lanemask_le32() { return lanemask_lt32() | lanemask_eq32(); }
__device__ inline unsigned lanemask_gt32() { return ~lanemask_le32(); }
__device__ inline unsigned lanemask_ge32() { return ~lanemask_lt32(); }

namespace detail {
template <typename T> __device__ inline T shfl32(T v, int src CU2HIP_WAVE_SITE_PARAM) {
#if CU2HIP_WAVE_NVIDIA
  return __shfl_sync(__activemask(), v, src, 32);
#else
  return __shfl(v, src, 32 CU2HIP_WAVE_SITE_ARG);
#endif
}
} // namespace detail

namespace detail {
#if defined(__CU2HIP_EMU__)
/// Emulator only: the lanes of the caller's logical warp that exist in its
/// block (all 32 but in a partial last warp), from the linearised thread id.
__device__ inline unsigned present_lanes32() {
  unsigned n = blockDim.x * blockDim.y * blockDim.z;
  unsigned lin = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned left = n - (lin & ~31u);
  return left >= 32u ? 0xffffffffu : (1u << left) - 1u;
}
/// Emulator only: checks what rule wave-shfl-full proved for a call of a
/// shfl_*_sync_full helper: the mask is CUDA's full warp and every lane of
/// the logical warp that exists executes the call (none has exited). A
/// violation is a wrong proof: the run stops there.
__device__ inline void check_full_warp(unsigned mask, const char *name,
                                       ::cu2hip_emu::Site site) {
  unsigned active = ballot_raw32(1, site);
  if (mask != 0xffffffffu || active != present_lanes32())
    ::cu2hip_emu::fatal_in_kernel(site,
                                  "%s: mask 0x%08x, lanes 0x%08x execute the call, 0x%08x "
                                  "exist: not the converged full warp its port assumes",
                                  name, mask, active, present_lanes32());
}
#define CU2HIP_WAVE_FULL_SHFL(NAME, SYNC, PLAIN)                                      \
  template <typename T>                                                               \
  __device__ inline T NAME(unsigned mask, T var, int arg, int width,                  \
                           ::cu2hip_emu::Site site = ::cu2hip_emu::Site()) {          \
    detail::check_full_warp(mask, #NAME, site);                                       \
    return SYNC(mask64(mask, site), var, arg, width, site);                           \
  }
#elif CU2HIP_WAVE_NVIDIA
#define CU2HIP_WAVE_FULL_SHFL(NAME, SYNC, PLAIN)                                      \
  template <typename T>                                                               \
  __device__ inline T NAME(unsigned mask, T var, int arg, int width) {                \
    return SYNC(mask, var, arg, width);                                               \
  }
#else
#define CU2HIP_WAVE_FULL_SHFL(NAME, SYNC, PLAIN)                                      \
  template <typename T>                                                               \
  __device__ inline T NAME(unsigned, T var, int arg, int width) {                     \
    return PLAIN(var, arg, width);                                                    \
  }
#endif
} // namespace detail

/// Shuffles of the full logical warp at a converged call (rule
/// wave-shfl-full, docs/rules.md): the port passes these where the parse
/// proves that the mask is CUDA's 0xffffffff and that no lane of the warp can
/// have exited before the call (no return on any path from the kernel's
/// entry to the call). Then every lane of each 32-lane group executes the
/// shuffle, which is what HIP's plain __shfl*(var, arg, width) does on AMD:
/// no mask to place (mask64's ballot) and no check loop over mask values
/// (HIP's *_sync forms). Same arguments as CUDA's *_sync forms plus the
/// width the port makes explicit. On NVIDIA: CUDA's *_sync form; in the
/// emulator: the mask64 form after checking the proof (check_full_warp).
CU2HIP_WAVE_FULL_SHFL(shfl_sync_full, __shfl_sync, __shfl)
CU2HIP_WAVE_FULL_SHFL(shfl_up_sync_full, __shfl_up_sync, __shfl_up)
CU2HIP_WAVE_FULL_SHFL(shfl_down_sync_full, __shfl_down_sync, __shfl_down)
CU2HIP_WAVE_FULL_SHFL(shfl_xor_sync_full, __shfl_xor_sync, __shfl_xor)
#undef CU2HIP_WAVE_FULL_SHFL

/// CUDA __match_any_sync(mask, value): the lanes of `mask` (in the logical
/// warp) whose `value` equals the caller's.
template <typename T>
__device__ inline unsigned match_any_sync32(unsigned mask, T value CU2HIP_WAVE_SITE_PARAM) {
  unsigned remaining = activemask32(CU2HIP_WAVE_SITE_ARG0) & mask;
  unsigned result = 0;
  while (remaining) {
    int leader = __ffs(static_cast<int>(remaining)) - 1;
    T lv = detail::shfl32(value, leader CU2HIP_WAVE_SITE_ARG);
    unsigned same = detail::ballot_raw32(value == lv CU2HIP_WAVE_SITE_ARG) & remaining;
    if (value == lv)
      result = same;
    remaining &= ~same;
  }
  return result;
}

/// CUDA __match_all_sync(mask, value, &pred): `mask`'s active lanes if all
/// hold the same value (pred = 1), else 0 (pred = 0).
template <typename T>
__device__ inline unsigned match_all_sync32(unsigned mask, T value,
                                          int *pred CU2HIP_WAVE_SITE_PARAM) {
  unsigned members = activemask32(CU2HIP_WAVE_SITE_ARG0) & mask;
  int leader = members ? __ffs(static_cast<int>(members)) - 1 : 0;
  T lv = detail::shfl32(value, leader CU2HIP_WAVE_SITE_ARG);
  int all = all_sync32(mask, value == lv CU2HIP_WAVE_SITE_ARG);
  if (pred)
    *pred = all;
  return all ? members : 0u;
}

namespace detail {
/// `op` over `v` of the lanes of `mask` that execute the call. With all 32
/// lanes of the logical warp active: a butterfly (lanes outside `mask`
/// contribute `identity`). With lanes exited or inactive, a butterfly would
/// read them (CUDA: undefined values), so the members' values are folded
/// one by one, reading active lanes only, in lane order (exact for the
/// integer operations CUDA defines __reduce_*_sync for).
template <typename T, typename Op>
__device__ inline T reduce32(unsigned mask, T v, T identity, Op op CU2HIP_WAVE_SITE_PARAM) {
  unsigned active = ballot_raw32(1 CU2HIP_WAVE_SITE_ARG);
  if (active == 0xffffffffu) {
    T x = (mask >> lane_id32()) & 1u ? v : identity;
    for (int off = 16; off > 0; off >>= 1)
      x = op(x, shfl32(x, static_cast<int>(lane_id32() ^ off) CU2HIP_WAVE_SITE_ARG));
    return x;
  }
  T x = identity;
  for (unsigned rest = active & mask; rest; rest &= rest - 1u)
    x = op(x, shfl32(v, __ffs(static_cast<int>(rest)) - 1 CU2HIP_WAVE_SITE_ARG));
  return x;
}
} // namespace detail

/// CUDA __reduce_*_sync(mask, value) (sm_80) on the logical warp: the
/// reduction over the lanes of `mask` that have not exited.
__device__ inline unsigned reduce_add_sync32(unsigned mask, unsigned v CU2HIP_WAVE_SITE_PARAM) {
  return detail::reduce32(mask, v, 0u,
                          [](unsigned a, unsigned b) { return a + b; } CU2HIP_WAVE_SITE_ARG);
}
__device__ inline int reduce_add_sync32(unsigned mask, int v CU2HIP_WAVE_SITE_PARAM) {
  return detail::reduce32(mask, v, 0, [](int a, int b) { return a + b; } CU2HIP_WAVE_SITE_ARG);
}
__device__ inline unsigned reduce_min_sync32(unsigned mask, unsigned v CU2HIP_WAVE_SITE_PARAM) {
  return detail::reduce32(mask, v, 0xffffffffu,
                          [](unsigned a, unsigned b) { return a < b ? a : b; }
                          CU2HIP_WAVE_SITE_ARG);
}
__device__ inline int reduce_min_sync32(unsigned mask, int v CU2HIP_WAVE_SITE_PARAM) {
  return detail::reduce32(mask, v, 0x7fffffff,
                          [](int a, int b) { return a < b ? a : b; } CU2HIP_WAVE_SITE_ARG);
}
__device__ inline unsigned reduce_max_sync32(unsigned mask, unsigned v CU2HIP_WAVE_SITE_PARAM) {
  return detail::reduce32(mask, v, 0u,
                          [](unsigned a, unsigned b) { return a > b ? a : b; }
                          CU2HIP_WAVE_SITE_ARG);
}
__device__ inline int reduce_max_sync32(unsigned mask, int v CU2HIP_WAVE_SITE_PARAM) {
  return detail::reduce32(mask, v, static_cast<int>(0x80000000u),
                          [](int a, int b) { return a > b ? a : b; } CU2HIP_WAVE_SITE_ARG);
}
__device__ inline unsigned reduce_and_sync32(unsigned mask, unsigned v CU2HIP_WAVE_SITE_PARAM) {
  return detail::reduce32(mask, v, 0xffffffffu,
                          [](unsigned a, unsigned b) { return a & b; } CU2HIP_WAVE_SITE_ARG);
}
__device__ inline unsigned reduce_or_sync32(unsigned mask, unsigned v CU2HIP_WAVE_SITE_PARAM) {
  return detail::reduce32(mask, v, 0u,
                          [](unsigned a, unsigned b) { return a | b; } CU2HIP_WAVE_SITE_ARG);
}
__device__ inline unsigned reduce_xor_sync32(unsigned mask, unsigned v CU2HIP_WAVE_SITE_PARAM) {
  return detail::reduce32(mask, v, 0u,
                          [](unsigned a, unsigned b) { return a ^ b; } CU2HIP_WAVE_SITE_ARG);
}

/// --wave=native: the width a rewritten block reduction uses (rule
/// wave-native, docs/wave64.md). The hardware wavefront when the block is
/// one-dimensional and a whole number of wavefronts, so that
/// `threadIdx.x / width` is the wavefront index and every wavefront is full;
/// otherwise 32, CUDA's own geometry (a partial wave64 would shuffle from
/// lanes that do not exist). Uniform across the block; 32 on wave32 targets
/// and NVIDIA.
__device__ inline int native_wave_width() {
  const int w = device_wave_size();
  return (blockDim.y == 1 && blockDim.z == 1 && blockDim.x % w == 0) ? w : logical_warp_size;
}

/// --wave=native: the mask for a full-group shuffle of `width` lanes
/// (32 or the wavefront size): every lane of the wavefront when `width` is
/// the wavefront, else the caller's logical warp (mask64(0xffffffff)).
__device__ inline lane_mask_t width_mask(int width CU2HIP_WAVE_SITE_PARAM) {
  if (width < device_wave_size())
    return mask64(0xffffffffu CU2HIP_WAVE_SITE_ARG);
#if CU2HIP_WAVE_NVIDIA
  return 0xffffffffull;
#else
  // The whole wavefront, restricted to the lanes executing the call (see
  // mask64 for why that is exact).
  return (device_wave_size() == 64 ? ~0ull : 0xffffffffull) &
         detail::active_lanes(CU2HIP_WAVE_SITE_ARG0);
#endif
}

#endif // HIP, CUDA or the emulator

/// Host: the wavefront size of device `dev` (64 on CDNA, 32 on RDNA and
/// NVIDIA), from hipDeviceProp_t::warpSize; cached for devices 0..63.
/// Returns 0 when the device cannot be queried.
inline int host_wave_size(int dev = -1) {
  if (dev < 0 && hipGetDevice(&dev) != hipSuccess)
    return 0;
  static int cache[64] = {0};
  if (dev < 64 && cache[dev])
    return cache[dev];
  int ws = 0;
  if (hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, dev) != hipSuccess)
    return 0;
  if (dev < 64)
    cache[dev] = ws;
  return ws;
}

} // namespace cu2hip

#undef CU2HIP_WAVE_SITE_PARAM
#undef CU2HIP_WAVE_SITE_PARAM0
#undef CU2HIP_WAVE_SITE_ARG
#undef CU2HIP_WAVE_SITE_ARG0

#endif // CU2HIP_WAVE_H
