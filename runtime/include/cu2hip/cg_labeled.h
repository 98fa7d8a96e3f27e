//===- cu2hip/cg_labeled.h - cooperative_groups::labeled_partition -------===//
//
// CUDA's cg::labeled_partition(group, label) splits a tile or coalesced
// group into the groups of threads that passed the same label (a match
// over the group's lanes, __match_any_sync). ROCm <= 7.2 has no
// labeled_partition. This header defines it for tiles of at most 32 threads
// (thread_block_tile<N>, N <= 32) and coalesced groups, with CUDA's
// semantics inside the 32-lane logical warp (cu2hip/wave.h: on wave64 the
// lanes [0,32) and [32,64) are two CUDA warps), so a tile<32> stays one
// CUDA warp. The result, cu2hip::labeled_group, has the coalesced_group
// calls labeled groups use: size/num_threads, thread_rank, sync, shfl (by
// rank), shfl_down/shfl_up (by rank, the caller's own value out of range,
// as CUDA; so cg::reduce and the scans of cu2hip/cg_reduce.h and
// cg_scan.h take labeled groups), ballot (bits in rank order, as CUDA),
// any, all. Rule
// cg-labeled-partition requests the header where a unit calls
// labeled_partition. On HIP's NVIDIA platform CUDA's own function is used.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_CG_LABELED_H
#define CU2HIP_CG_LABELED_H

#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#include <cu2hip/wave.h>

// Device code, AMD only: none of it in a host C++ unit (see cu2hip/wave.h).
#if !defined(__HIP_PLATFORM_NVIDIA__) && !defined(__HIP_PLATFORM_NVCC__) &&                \
    (defined(__HIP__) || defined(__CU2HIP_EMU__))

#if defined(__CU2HIP_EMU__)
#define CU2HIP_CGL_SITE_PARAM , ::cu2hip_emu::Site site = ::cu2hip_emu::Site()
#define CU2HIP_CGL_SITE_PARAM0 ::cu2hip_emu::Site site = ::cu2hip_emu::Site()
#define CU2HIP_CGL_SITE_ARG , site
#define CU2HIP_CGL_SITE_ARG0 site
#else
#define CU2HIP_CGL_SITE_PARAM
#define CU2HIP_CGL_SITE_PARAM0
#define CU2HIP_CGL_SITE_ARG
#define CU2HIP_CGL_SITE_ARG0
#endif

namespace cu2hip {

/// The threads of one label: a set of lanes of the caller's 32-lane
/// logical warp (bit i = lane i of that warp).
class labeled_group {
  unsigned Mask;

  /// Logical-warp lane of the member of rank `Rank` (0 when out of range).
  __device__ int laneOfRank(unsigned Rank) const {
    unsigned M = Mask;
    for (unsigned R = 0; M; ++R, M &= M - 1)
      if (R == Rank)
        return __ffs(static_cast<int>(M)) - 1;
    return 0;
  }

public:
  __device__ explicit labeled_group(unsigned MemberMask) : Mask(MemberMask) {}
  __device__ unsigned size() const { return __popc(Mask); }
  __device__ unsigned num_threads() const { return size(); }
  __device__ unsigned thread_rank() const { return __popc(Mask & lanemask_lt32()); }
  /// The member lanes (bits of the logical warp).
  __device__ unsigned member_mask() const { return Mask; }
  __device__ void sync(CU2HIP_CGL_SITE_PARAM0) const { syncwarp(Mask CU2HIP_CGL_SITE_ARG); }
  /// `V` of the member of rank `Rank`.
  template <class T> __device__ T shfl(T V, unsigned Rank CU2HIP_CGL_SITE_PARAM) const {
    return detail::shfl32(V, laneOfRank(Rank) CU2HIP_CGL_SITE_ARG);
  }
  /// `V` of the member of rank thread_rank() + `Delta`; the caller's own
  /// `V` when there is none (CUDA's coalesced_group::shfl_down).
  template <class T> __device__ T shfl_down(T V, unsigned Delta CU2HIP_CGL_SITE_PARAM) const {
    unsigned R = thread_rank() + Delta;
    int Lane = R < size() && R >= Delta ? laneOfRank(R) : static_cast<int>(lane_id32());
    return detail::shfl32(V, Lane CU2HIP_CGL_SITE_ARG);
  }
  /// `V` of the member of rank thread_rank() - `Delta`; the caller's own
  /// `V` when there is none (CUDA's coalesced_group::shfl_up).
  template <class T> __device__ T shfl_up(T V, unsigned Delta CU2HIP_CGL_SITE_PARAM) const {
    unsigned R = thread_rank();
    int Lane = Delta <= R ? laneOfRank(R - Delta) : static_cast<int>(lane_id32());
    return detail::shfl32(V, Lane CU2HIP_CGL_SITE_ARG);
  }
  /// Bit r set when the member of rank r passed a nonzero `Pred`.
  __device__ unsigned ballot(int Pred CU2HIP_CGL_SITE_PARAM) const {
    unsigned B = ballot_sync32(Mask, Pred CU2HIP_CGL_SITE_ARG) & Mask, R = 0, Bit = 0;
    for (unsigned M = Mask; M; M &= M - 1, ++Bit)
      if (B & (M & (~M + 1)))
        R |= 1u << Bit;
    return R;
  }
  __device__ bool any(int Pred CU2HIP_CGL_SITE_PARAM) const {
    return (ballot_sync32(Mask, Pred CU2HIP_CGL_SITE_ARG) & Mask) != 0;
  }
  __device__ bool all(int Pred CU2HIP_CGL_SITE_PARAM) const {
    return (ballot_sync32(Mask, Pred CU2HIP_CGL_SITE_ARG) & Mask) == Mask;
  }
};

} // namespace cu2hip

namespace cooperative_groups {

/// CUDA labeled_partition of a tile of `Tile.size()` <= 32 threads: the
/// tile's lanes (an aligned segment of the logical warp) with the caller's
/// `Label`.
template <class Tile>
__device__ auto labeled_partition(const Tile &T, unsigned Label CU2HIP_CGL_SITE_PARAM)
    -> decltype(T.meta_group_rank(), ::cu2hip::labeled_group(0u)) {
  unsigned N = T.size();
  unsigned Lane = ::cu2hip::lane_id32();
  unsigned Segment = N >= 32 ? 0xffffffffu : ((1u << N) - 1u) << (Lane & ~(N - 1u));
  return ::cu2hip::labeled_group(
      ::cu2hip::match_any_sync32(Segment, Label CU2HIP_CGL_SITE_ARG));
}
/// CUDA labeled_partition of a coalesced group: its members are the lanes
/// that call (every member must, as in CUDA).
__device__ inline ::cu2hip::labeled_group labeled_partition(const coalesced_group &,
                                                            unsigned Label
                                                                CU2HIP_CGL_SITE_PARAM) {
  return ::cu2hip::labeled_group(::cu2hip::match_any_sync32(
      ::cu2hip::activemask32(CU2HIP_CGL_SITE_ARG0), Label CU2HIP_CGL_SITE_ARG));
}

} // namespace cooperative_groups

#undef CU2HIP_CGL_SITE_PARAM
#undef CU2HIP_CGL_SITE_PARAM0
#undef CU2HIP_CGL_SITE_ARG
#undef CU2HIP_CGL_SITE_ARG0

#endif // AMD device code
#endif // CU2HIP_CG_LABELED_H
