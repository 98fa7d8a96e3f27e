//===- cu2hip/cg_reduce.h - cooperative_groups::reduce for HIP ------------===//
//
// CUDA's <cooperative_groups/reduce.h> (cg::reduce with cg::plus, cg::less,
// cg::greater, cg::bit_and, cg::bit_or, cg::bit_xor) has no counterpart in
// ROCm <= 7.2 (catalogue row 21). Ported code includes this header instead.
// reduce(tile, v, op) is an all-reduce over the tile with tile.shfl_xor, so
// for thread_block_tile<32> it stays inside the 32-lane logical warp on
// wave64 too (HIP's tile shuffles pass width = tile size).
// Requires a tile whose size() is a power of two.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_CG_REDUCE_H
#define CU2HIP_CG_REDUCE_H

#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

#if !defined(__CU2HIP_EMU__)
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

/// All-reduce of `value` over the threads of `group` with `op`; every
/// thread gets the result (CUDA cg::reduce semantics for tiles).
template <class Group, class T, class Op>
__device__ inline T reduce(const Group &group, T value, Op op) {
  for (unsigned offset = group.size() / 2; offset > 0; offset /= 2)
    value = op(value, group.shfl_xor(value, offset));
  return value;
}

} // namespace cooperative_groups
#endif

#endif // CU2HIP_CG_REDUCE_H
