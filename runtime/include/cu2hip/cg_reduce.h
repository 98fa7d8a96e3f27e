//===- cu2hip/cg_reduce.h - cooperative_groups::reduce for HIP ------------===//
//
// CUDA's <cooperative_groups/reduce.h> (cg::reduce with cg::plus, cg::less,
// cg::greater, cg::bit_and, cg::bit_or, cg::bit_xor) has no counterpart in
// ROCm <= 7.2 (catalogue row 21). Ported code includes this header instead.
// reduce(group, v, op) is a tree reduction with group.shfl_down that is
// correct for any group size (tiles and coalesced groups), followed by a
// broadcast of rank 0's result (cu2hip/cg_shfl.h: any trivially copyable
// value type, as CUDA); HIP's tile shuffles pass width = tile size,
// so thread_block_tile<32> stays inside the 32-lane logical warp on wave64.
// On HIP's NVIDIA platform CUDA's own header is used.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_CG_REDUCE_H
#define CU2HIP_CG_REDUCE_H

#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

#if defined(__HIP_PLATFORM_NVIDIA__) || defined(__HIP_PLATFORM_NVCC__)
#include <cooperative_groups/reduce.h>
#elif !defined(__CU2HIP_EMU__)
#include <cu2hip/cg_shfl.h>

namespace cooperative_groups {

template <class T> struct plus {
  __host__ __device__ T operator()(const T &a, const T &b) const { return a + b; }
};
template <class T> struct less {
  __host__ __device__ T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};
template <class T> struct greater {
  __host__ __device__ T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
template <class T> struct bit_and {
  __host__ __device__ T operator()(const T &a, const T &b) const { return a & b; }
};
template <class T> struct bit_or {
  __host__ __device__ T operator()(const T &a, const T &b) const { return a | b; }
};
template <class T> struct bit_xor {
  __host__ __device__ T operator()(const T &a, const T &b) const { return a ^ b; }
};

/// Reduction of `value` over the threads of `group` with `op`; every
/// thread gets the result (CUDA cg::reduce semantics), for any group size.
template <class Group, class T, class Op>
__device__ inline T reduce(const Group &group, T value, Op op) {
  const unsigned n = group.size(), rank = group.thread_rank();
  unsigned span = 1;
  while (span < n)
    span <<= 1;
  for (unsigned offset = span / 2; offset > 0; offset /= 2) {
    T other = cu2hip::shfl_down(group, value, offset);
    if (rank + offset < n)
      value = op(value, other);
  }
  return cu2hip::shfl(group, value, 0);
}

} // namespace cooperative_groups
#endif

#endif // CU2HIP_CG_REDUCE_H
