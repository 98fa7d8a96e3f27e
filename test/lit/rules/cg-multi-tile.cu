// Multi-warp tiles (tiled_partition<N>, N > 32) and block_tile_memory, which
// ROCm 7.2 lacks: by declaration identity, the CUDA names go to
// cu2hip/cg_multi_tile.h; N is the template argument's value in any
// instantiation (cuda-samples reduction's multi_warp_cg_reduce), tiles of at
// most 32 stay HIP's, and a user's own tiled_partition is left alone.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
// CHECK: #include <cu2hip/cg_multi_tile.h>
namespace cg = cooperative_groups;

namespace mine {
template <unsigned N> __device__ unsigned tiled_partition(unsigned v) { return v + N; }
}

template <class T, unsigned BlockSize, unsigned TileSize>
__global__ void multi_warp_sum(const T *in, T *out) {
  __shared__ T partial[BlockSize / TileSize];
  // CHECK: __shared__ cu2hip::block_tile_memory<BlockSize> scratch;
  __shared__ cg::block_tile_memory<BlockSize> scratch;
  // CHECK: auto cta = cu2hip::this_thread_block(scratch);
  auto cta = cg::this_thread_block(scratch);
  // CHECK: auto tile = cu2hip::tiled_partition<TileSize>(cta);
  // DIAG: cg-multi-tile.cu:[[@LINE+1]]:19: warning: tiled_partition<64, 256>: a tile of several CUDA warps{{.*}}block barrier{{.*}}[cg-multi-tile-sync]
  auto tile = cg::tiled_partition<TileSize>(cta);
  T v = cg::reduce(tile, in[blockIdx.x * BlockSize + threadIdx.x], cg::plus<T>());
  // A tile of one warp of the block with scratch stays as written.
  // CHECK: if (tile.thread_rank() == 0 && cg::tiled_partition<32>(cta).thread_rank() == 0)
  if (tile.thread_rank() == 0 && cg::tiled_partition<32>(cta).thread_rank() == 0)
    partial[tile.meta_group_rank()] = v;
  cg::sync(cta);
  if (threadIdx.x == 0) {
    T s = 0;
    for (unsigned i = 0; i < tile.meta_group_size(); ++i)
      s += partial[i];
    out[blockIdx.x] = s;
  }
}

__global__ void literal_tiles(int *out) {
  // CHECK: cu2hip::block_tile_memory<> mem;
  __shared__ cg::block_tile_memory<> mem;
  // CHECK: cg::thread_block cta = cu2hip::this_thread_block(mem);
  cg::thread_block cta = cg::this_thread_block(mem);
  // CHECK: cu2hip::multi_warp_tile<64> t64 = cu2hip::tiled_partition<64>(cta);
  cg::thread_block_tile<64> t64 = cg::tiled_partition<64>(cta);
  // A tile of one warp stays HIP's.
  // CHECK: cg::thread_block_tile<32> t32 = cg::tiled_partition<32>(cg::this_thread_block());
  // DIAG-NOT: cg-multi-tile.cu:[[@LINE+1]]{{.*}}cg-multi-tile
  cg::thread_block_tile<32> t32 = cg::tiled_partition<32>(cg::this_thread_block());
  // CHECK: out[threadIdx.x] = t64.shfl((int)threadIdx.x, 63) + t32.shfl(1, 0) + mine::tiled_partition<64>(1u);
  out[threadIdx.x] = t64.shfl((int)threadIdx.x, 63) + t32.shfl(1, 0) + mine::tiled_partition<64>(1u);
}

template __global__ void multi_warp_sum<int, 512, 256>(const int *, int *);
template __global__ void multi_warp_sum<float, 64, 32>(const float *, float *);
template __global__ void multi_warp_sum<double, 128, 64>(const double *, double *);
