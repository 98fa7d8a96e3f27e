//===- cu2hip/cg_scan.h - cooperative_groups scans for HIP ----------------===//
//
// CUDA's <cooperative_groups/scan.h> (cg::inclusive_scan, cg::exclusive_scan,
// with cg::plus by default or any associative operator) has no counterpart
// in ROCm <= 7.2. Ported code includes this header instead. Each scan is a
// Hillis-Steele scan over group.shfl_up, correct for any group size (tiles
// and coalesced groups); HIP's tile shuffles pass width = tile size, so a
// thread_block_tile<32> (the logical 32-lane warp) stays inside its half of
// a 64-lane wavefront. Any trivially copyable value type, as CUDA
// (cu2hip/cg_shfl.h). exclusive_scan gives rank 0 a value-initialised T
// (0 for cg::plus; CUDA leaves it undefined for other operators).
// The operators come from <cu2hip/cg_reduce.h>. On HIP's NVIDIA platform
// CUDA's own header is used.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_CG_SCAN_H
#define CU2HIP_CG_SCAN_H

#include <cu2hip/cg_reduce.h>

#if defined(__HIP_PLATFORM_NVIDIA__) || defined(__HIP_PLATFORM_NVCC__)
#include <cooperative_groups/scan.h>
#elif !defined(__CU2HIP_EMU__)
#include <type_traits>

namespace cooperative_groups {

/// Inclusive prefix of `value` over the threads of `group` in rank order:
/// thread r gets op(v0, ..., vr).
template <class Group, class T, class Op>
__device__ inline std::decay_t<T> inclusive_scan(const Group &group, T &&value, Op &&op) {
  using V = std::decay_t<T>;
  V acc = value;
  const unsigned n = group.size(), rank = group.thread_rank();
  for (unsigned offset = 1; offset < n; offset <<= 1) {
    V other = cu2hip::shfl_up(group, acc, offset);
    if (rank >= offset)
      acc = op(other, acc);
  }
  return acc;
}

template <class Group, class T>
__device__ inline std::decay_t<T> inclusive_scan(const Group &group, T &&value) {
  return inclusive_scan(group, static_cast<T &&>(value), plus<std::decay_t<T>>());
}

/// Exclusive prefix: thread r gets op(v0, ..., v(r-1)); rank 0 gets T().
template <class Group, class T, class Op>
__device__ inline std::decay_t<T> exclusive_scan(const Group &group, T &&value, Op &&op) {
  using V = std::decay_t<T>;
  V inc = inclusive_scan(group, static_cast<T &&>(value), static_cast<Op &&>(op));
  V prev = cu2hip::shfl_up(group, inc, 1u);
  return group.thread_rank() == 0 ? V() : prev;
}

template <class Group, class T>
__device__ inline std::decay_t<T> exclusive_scan(const Group &group, T &&value) {
  return exclusive_scan(group, static_cast<T &&>(value), plus<std::decay_t<T>>());
}

} // namespace cooperative_groups
#endif

#endif // CU2HIP_CG_SCAN_H
