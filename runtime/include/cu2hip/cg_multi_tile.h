//===- cu2hip/cg_multi_tile.h - multi-warp tiles and block_tile_memory ----===//
//
// CUDA's thread_block_tile<N> with N = 64, 128, 256 or 512 of a thread block
// spans N / 32 warps; cg::block_tile_memory<MaxBlockSize> is the shared
// memory a block hands to this_thread_block(scratch) for their collectives
// (CUDA >= sm_80 uses reserved shared memory instead, so a plain
// this_thread_block() parent is valid there too). HIP's tiles stop at the
// wavefront (static_assert "Tiled partition with size > wavefront size").
//
// This header defines, in namespace cu2hip (rule cg-multi-tile rewrites the
// CUDA names to these):
//   block_tile_memory<MaxBlockSize = 1024>  LDS: one 8-byte slot per CUDA
//                                warp of the largest block (MaxBlockSize/32)
//   this_thread_block(scratch)   tile_block<MaxBlockSize>: HIP's
//                                thread_block carrying the scratch
//   tiled_partition<N>(block)    N > 32: multi_warp_tile<N> (the block's
//                                scratch, or a 256-byte LDS array of the
//                                kernel for a plain thread_block); N <= 32:
//                                HIP's thread_block_tile<N>
//   multi_warp_tile<N>           size/num_threads, thread_rank,
//                                meta_group_rank, meta_group_size, sync,
//                                shfl (by rank), any, all
//   cooperative_groups::reduce(tile, v, op), cooperative_groups::sync(tile)
// Values of collectives are at most 8 bytes (CUDA's limit for these tiles).
//
// Combination order of reduce (CUDA's shfl_xor butterfly, so float results
// equal CUDA's shuffle path): each 32-lane logical warp (cu2hip/wave.h: a
// half of a wave64, a whole wave32) runs v = op(v, shfl_xor(v, m)) for
// m = 16, 8, 4, 2, 1; its rank-0 lane stores the warp's value in the
// warp's slot; then every thread runs the same butterfly over the W = N/32
// slot values p[0..W) (p[i] = op(p[i], p[i ^ m]) for m = W/2 .. 1) and
// returns p[its warp]. Integers (and min/max of floats) are exact.
//
// Limit: gfx9 and gfx11 have no barrier for a subset of a workgroup's
// waves, so sync, shfl, any, all and reduce of a multi-warp tile use the
// block barrier (__syncthreads): correct when every thread of the block
// reaches the call (every tile together, as cuda-samples' reduction does);
// a tile calling alone deadlocks or races. The rule reports this at each
// rewritten tiled_partition. On HIP's NVIDIA platform CUDA's own types
// and functions are used.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_CG_MULTI_TILE_H
#define CU2HIP_CG_MULTI_TILE_H

#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

#if defined(__HIP_PLATFORM_NVIDIA__) || defined(__HIP_PLATFORM_NVCC__)
namespace cu2hip {
template <unsigned MaxBlockSize = 1024>
using block_tile_memory = cooperative_groups::block_tile_memory<MaxBlockSize>;
using cooperative_groups::this_thread_block;
using cooperative_groups::tiled_partition;
} // namespace cu2hip

// Device code, AMD and the emulator only: none of it in a host C++ unit.
#elif defined(__HIP__) || defined(__CU2HIP_EMU__)
#include <cu2hip/cg_shfl.h>
#include <type_traits>

namespace cu2hip {

/// LDS scratch of a block's multi-warp tiles: one 8-byte slot per CUDA warp
/// of a block of up to `MaxBlockSize` threads (a multiple of 32, <= 1024).
template <unsigned MaxBlockSize = 1024> struct alignas(8) block_tile_memory {
  static_assert(MaxBlockSize >= 32 && MaxBlockSize <= 1024 && MaxBlockSize % 32 == 0,
                "block_tile_memory<MaxBlockSize>: a multiple of 32, at most 1024");
  unsigned long long slots[MaxBlockSize / 32];
};

namespace detail {
/// Slots for blocks that pass no block_tile_memory (CUDA >= sm_80 keeps
/// them in reserved shared memory): 32 slots, blocks of up to 1024 threads.
__device__ inline unsigned long long *reserved_tile_scratch() {
  __shared__ unsigned long long Slots[32];
  return Slots;
}
/// Linear rank of the caller in its block.
__device__ inline unsigned block_rank() {
  return cooperative_groups::this_thread_block().thread_rank();
}
} // namespace detail

/// A thread block with the scratch of this_thread_block(scratch); it is a
/// HIP thread_block for everything else (sync, thread_rank, size, ...).
template <unsigned MaxBlockSize> class tile_block : public cooperative_groups::thread_block {
  unsigned long long *Scratch;

public:
  __device__ explicit tile_block(block_tile_memory<MaxBlockSize> &M)
      : cooperative_groups::thread_block(cooperative_groups::this_thread_block()),
        Scratch(M.slots) {}
  /// The block's slots (MaxBlockSize / 32 of them).
  __device__ unsigned long long *tile_scratch() const { return Scratch; }
};

/// CUDA this_thread_block(scratch). The block must have at most
/// `MaxBlockSize` threads (as CUDA, which traps otherwise).
template <unsigned MaxBlockSize>
__device__ inline tile_block<MaxBlockSize> this_thread_block(block_tile_memory<MaxBlockSize> &M) {
  return tile_block<MaxBlockSize>(M);
}

/// N consecutive threads (linear rank) of a block, N = 64, 128, 256 or 512:
/// N / 32 CUDA warps, each a 32-lane logical warp. Collectives use the block
/// barrier (see the file comment).
template <unsigned N> class multi_warp_tile {
  static_assert(N == 64 || N == 128 || N == 256 || N == 512,
                "multi-warp tiles have 64, 128, 256 or 512 threads (as CUDA)");
  unsigned long long *Slots; // the block's slots; this tile's are [Warps*mgr, +Warps)

public:
  static constexpr unsigned Warps = N / 32;
  __device__ explicit multi_warp_tile(unsigned long long *BlockSlots) : Slots(BlockSlots) {}
  static constexpr unsigned num_threads() { return N; }
  static constexpr unsigned size() { return N; }
  __device__ unsigned thread_rank() const { return detail::block_rank() % N; }
  __device__ unsigned meta_group_rank() const { return detail::block_rank() / N; }
  __device__ unsigned meta_group_size() const {
    return (cooperative_groups::this_thread_block().size() + N - 1) / N;
  }
  /// The block barrier: every thread of the block must call it.
  __device__ void sync() const { __syncthreads(); }
  /// This tile's slots, one per warp of the tile.
  __device__ unsigned long long *tile_slots() const { return Slots + meta_group_rank() * Warps; }

  /// `V` of the thread of rank `Src` (CUDA: values of at most 8 bytes).
  template <class T> __device__ T shfl(T V, unsigned Src) const {
    static_assert(sizeof(T) <= 8, "multi-warp tile collectives take values of at most 8 bytes");
    unsigned long long *S = tile_slots();
    __syncthreads(); // earlier readers of the slots are done
    if (thread_rank() == Src % N)
      __builtin_memcpy(S, &V, sizeof(T));
    __syncthreads();
    T R;
    __builtin_memcpy(&R, S, sizeof(T));
    return R;
  }
  __device__ int any(int Pred) const;
  __device__ int all(int Pred) const;
};

/// CUDA tiled_partition<N>(block) of the block of this_thread_block(scratch).
template <unsigned N, unsigned MaxBlockSize>
__device__ inline typename std::enable_if<(N > 32), multi_warp_tile<N>>::type
tiled_partition(const tile_block<MaxBlockSize> &B) {
  static_assert(N <= MaxBlockSize, "tiled_partition<N>: N exceeds the scratch's MaxBlockSize");
  return multi_warp_tile<N>(B.tile_scratch());
}
/// CUDA tiled_partition<N>(block) of a plain block (CUDA >= sm_80 form).
template <unsigned N>
__device__ inline typename std::enable_if<(N > 32), multi_warp_tile<N>>::type
tiled_partition(const cooperative_groups::thread_block &) {
  return multi_warp_tile<N>(detail::reserved_tile_scratch());
}
/// Tiles of at most 32 threads: HIP's own (a template parameter N of a
/// kernel may be 32 in one instantiation and 256 in another).
template <unsigned N, class Parent>
__device__ inline auto tiled_partition(const Parent &P)
    -> decltype(cooperative_groups::tiled_partition<N>(
        static_cast<const cooperative_groups::thread_block &>(P))) {
  static_assert(N <= 32, "tiled_partition<N>: N > 32 needs a thread block parent");
  return cooperative_groups::tiled_partition<N>(
      static_cast<const cooperative_groups::thread_block &>(P));
}

namespace detail {
/// The butterfly of the file comment over `P[0..W)`, in place.
template <unsigned W, class T, class Op> __device__ inline void butterfly(T (&P)[W], Op &op) {
  for (unsigned M = W / 2; M > 0; M /= 2) {
    T Q[W];
    for (unsigned I = 0; I < W; ++I)
      Q[I] = op(P[I], P[I ^ M]);
    for (unsigned I = 0; I < W; ++I)
      P[I] = Q[I];
  }
}
} // namespace detail

/// cg::reduce over a multi-warp tile (order: the file comment). Every
/// thread of the block must call it.
template <unsigned N, class T, class Op>
__device__ inline T multi_warp_reduce(const multi_warp_tile<N> &G, T V, Op op) {
  static_assert(sizeof(T) <= 8, "multi-warp tile collectives take values of at most 8 bytes");
  constexpr unsigned W = N / 32;
  auto Warp = cooperative_groups::tiled_partition<32>(cooperative_groups::this_thread_block());
  for (unsigned M = 16; M > 0; M /= 2)
    V = op(V, ::cu2hip::shfl_xor(Warp, V, M));
  unsigned long long *S = G.tile_slots();
  unsigned Rank = G.thread_rank();
  __syncthreads(); // earlier readers of the slots are done
  if (Rank % 32 == 0)
    __builtin_memcpy(&S[Rank / 32], &V, sizeof(T));
  __syncthreads();
  T P[W];
  for (unsigned I = 0; I < W; ++I)
    __builtin_memcpy(&P[I], &S[I], sizeof(T));
  detail::butterfly(P, op);
  return P[Rank / 32];
}

template <unsigned N> __device__ inline int multi_warp_tile<N>::any(int Pred) const {
  return multi_warp_reduce(*this, Pred ? 1 : 0, [](int A, int B) { return A | B; });
}
template <unsigned N> __device__ inline int multi_warp_tile<N>::all(int Pred) const {
  return multi_warp_reduce(*this, Pred ? 1 : 0, [](int A, int B) { return A & B; });
}

} // namespace cu2hip

namespace cooperative_groups {

/// cg::reduce(tile, v, op) of a multi-warp tile: cu2hip::multi_warp_reduce.
template <unsigned N, class T, class Op>
__device__ inline T reduce(const ::cu2hip::multi_warp_tile<N> &G, T V, Op op) {
  return ::cu2hip::multi_warp_reduce(G, V, op);
}
/// cg::sync(tile): the block barrier.
template <unsigned N> __device__ inline void sync(const ::cu2hip::multi_warp_tile<N> &G) {
  G.sync();
}
/// cg::tiled_partition<N> of a block with scratch, any N (a call the port
/// kept, e.g. a tile of 32 of that block).
template <unsigned N, unsigned MaxBlockSize>
__device__ inline auto tiled_partition(const ::cu2hip::tile_block<MaxBlockSize> &B)
    -> decltype(::cu2hip::tiled_partition<N>(B)) {
  return ::cu2hip::tiled_partition<N>(B);
}

} // namespace cooperative_groups

#endif // AMD device code
#endif // CU2HIP_CG_MULTI_TILE_H
