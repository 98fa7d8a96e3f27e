//===- cu2hip/cg_memcpy_async.h - cooperative_groups::memcpy_async, wait --===//
//
// ROCm 7.2's cooperative groups have no memcpy_async. Ported code that
// includes <cooperative_groups/memcpy_async.h> includes this header instead
// (rewriters/maps/overrides/shims.yaml). CUDA's semantics
// (cooperative_groups/details/async.h):
//   memcpy_async(group, dst, src, bytes)            bytes: size_t or
//                                                   cuda::aligned_size_t<N>
//   memcpy_async(group, dst, dstCount, src, srcCount)  min(dstCount, srcCount)
//                                                   elements of TyElem
//   wait(group), wait_prior<N>(group)               the copies are complete,
//                                                   then group.sync()
// Every thread of the group calls them (as in CUDA). Here the group's
// threads copy at once (byte i by the thread of rank i mod size; AMD has no
// asynchronous global-to-LDS copy in HIP), so every copy is complete when
// any wait starts: a schedule CUDA allows too, and wait's group.sync() makes
// the data visible to the whole group, as in CUDA. wait_prior<N> waits for
// all copies (CUDA allows N newer batches in flight; none is here).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_CG_MEMCPY_ASYNC_H
#define CU2HIP_CG_MEMCPY_ASYNC_H

#include <hip/hip_cooperative_groups.h>
#include <hip/hip_runtime.h>
#include <cstddef>

namespace cooperative_groups {
namespace cu2hip_detail {
/// The group's threads copy `bytes` bytes from `src` to `dst` together.
template <class TyGroup>
__device__ void group_copy(const TyGroup &group, void *dst, const void *src, std::size_t bytes) {
  auto *d = static_cast<unsigned char *>(dst);
  const auto *s = static_cast<const unsigned char *>(src);
  for (std::size_t i = group.thread_rank(); i < bytes; i += group.size())
    d[i] = s[i];
}
} // namespace cu2hip_detail

/// cg::memcpy_async(group, dst, src, count): `count` bytes (a size_t or a
/// cuda::aligned_size_t), copied by the group's threads together.
template <class TyGroup, class TyElem, class TySize>
__device__ void memcpy_async(const TyGroup &group, TyElem *dst, const TyElem *src,
                             const TySize &count) {
  cu2hip_detail::group_copy(group, dst, src, static_cast<std::size_t>(count));
}

/// cg::memcpy_async(group, dst, dstCount, src, srcCount): the smaller count
/// of TyElem elements.
template <class TyGroup, class TyElem, class DstLayout, class SrcLayout>
__device__ void memcpy_async(const TyGroup &group, TyElem *dst, const DstLayout &dstCount,
                             const TyElem *src, const SrcLayout &srcCount) {
  std::size_t n = static_cast<std::size_t>(dstCount), m = static_cast<std::size_t>(srcCount);
  cu2hip_detail::group_copy(group, dst, src, (n < m ? n : m) * sizeof(TyElem));
}

/// cg::wait(group): every copy complete, then the group synchronises.
template <class TyGroup> __device__ void wait(const TyGroup &group) { group.sync(); }

/// cg::wait_prior<N>(group): as wait (no copy is left in flight).
template <unsigned int Stage, class TyGroup> __device__ void wait_prior(const TyGroup &group) {
  group.sync();
}

} // namespace cooperative_groups

#endif
