// cu2hip/cg_multi_tile.h: multi-warp tiles (tiled_partition<64..256>) of
// blocks of 64..512 threads with block_tile_memory, at wave 64 and 32.
// The kernel is cuda-samples' multi_warp_cg_reduce as cu2hip ports it
// (grid-stride partial sums, cg::reduce over the tile, one partial per tile
// in shared memory, a block sum); every value is checked against the host:
// int plus/min/max exactly, float plus bit for bit against the documented
// order (per 32-lane warp a shfl_xor butterfly 16..1, then the butterfly
// over the tile's warp values), plus thread_rank, meta_group_rank,
// meta_group_size, shfl, any, all, a tile of a plain thread_block, and a
// cg::tiled_partition<32> of the block with scratch (kept by the port).
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#include <cu2hip/cg_multi_tile.h>

#include <cstdio>
#include <cstring>
#include <vector>

namespace cg = cooperative_groups;

constexpr unsigned kBlocks = 3, kFields = 9;

/// One launch: out[gtid * kFields + f], block sums in bsum[blockIdx.x].
template <class T, unsigned BlockSize, unsigned Tile, class Op>
__global__ void multi_warp_kernel(const T *in, unsigned n, T *red, unsigned *meta, T *bsum) {
  __shared__ T sdata[BlockSize / Tile];
  __shared__ cu2hip::block_tile_memory<BlockSize> scratch;
  auto cta = cu2hip::this_thread_block(scratch);
  auto tile = cu2hip::tiled_partition<Tile>(cta);
  unsigned gtid = blockIdx.x * BlockSize + threadIdx.x, grid = BlockSize * gridDim.x;
  T v = in[gtid];
  for (unsigned i = gtid + grid; i < n; i += grid)
    v = Op()(v, in[i]);
  T r = cg::reduce(tile, v, Op());
  red[gtid] = r;
  if (tile.thread_rank() == 0)
    sdata[tile.meta_group_rank()] = r;
  cg::sync(cta);
  if (threadIdx.x == 0) {
    T s = sdata[0];
    for (unsigned i = 1; i < tile.meta_group_size(); i++)
      s = Op()(s, sdata[i]);
    bsum[blockIdx.x] = s;
  }
  unsigned *m = meta + gtid * kFields;
  m[0] = tile.thread_rank();
  m[1] = tile.meta_group_rank();
  m[2] = tile.meta_group_size();
  m[3] = tile.size();
  m[4] = tile.shfl(gtid * 3u, Tile - 1);     // the last thread's gtid, times 3
  m[5] = tile.any(gtid % 97u == 5u);
  m[6] = tile.all(gtid % 2u == 0u || tile.meta_group_rank() == 1u);
  auto plain = cu2hip::tiled_partition<Tile>(cg::this_thread_block()); // no scratch
  m[7] = cg::reduce(plain, gtid, cg::plus<unsigned>());
  m[8] = cg::tiled_partition<32>(cta).thread_rank() + 100u * Tile; // a kept 32-tile of cta
}

/// The host reference of the file comment's order for one tile: `v` holds
/// the tile's thread values in rank order.
template <class T, class Op> T host_order(const std::vector<T> &v, Op op) {
  unsigned w = (unsigned)v.size() / 32;
  std::vector<T> p(w);
  for (unsigned k = 0; k < w; ++k) {
    std::vector<T> lane(v.begin() + k * 32, v.begin() + k * 32 + 32);
    for (unsigned m = 16; m > 0; m /= 2) {
      std::vector<T> q(32);
      for (unsigned i = 0; i < 32; ++i) q[i] = op(lane[i], lane[i ^ m]);
      lane = q;
    }
    p[k] = lane[0];
  }
  for (unsigned m = w / 2; m > 0; m /= 2) {
    std::vector<T> q(w);
    for (unsigned i = 0; i < w; ++i) q[i] = op(p[i], p[i ^ m]);
    p = q;
  }
  return p[0];
}

/// Inputs: integers in [-1000, 1000]; floating values with rounding.
template <class T> T input(unsigned i) {
  int k = (int)(((i * 2654435761u) >> 20) % 2001u) - 1000;
  return (T)0.5 == 0 ? (T)k : (T)((T)k * (T)0.37 + (T)1 / (T)(i + 1));
}

template <class T> bool same(T a, T b) { return std::memcmp(&a, &b, sizeof(T)) == 0; }

long g_bad = 0, g_checked = 0;

template <class T, unsigned BlockSize, unsigned Tile, class Op> void run(const char *name) {
  const unsigned threads = BlockSize * kBlocks, n = threads * 3 + 17;
  std::vector<T> in(n);
  for (unsigned i = 0; i < n; ++i)
    in[i] = input<T>(i);
  T *din, *dred, *dsum;
  unsigned *dmeta;
  hipMalloc((void **)&din, n * sizeof(T));
  hipMalloc((void **)&dred, threads * sizeof(T));
  hipMalloc((void **)&dsum, kBlocks * sizeof(T));
  hipMalloc((void **)&dmeta, threads * kFields * 4);
  hipMemcpy(din, in.data(), n * sizeof(T), hipMemcpyHostToDevice);
  hipLaunchKernelGGL((multi_warp_kernel<T, BlockSize, Tile, Op>), dim3(kBlocks), dim3(BlockSize),
                     0, 0, din, n, dred, dmeta, dsum);
  hipDeviceSynchronize();
  std::vector<T> red(threads), bsum(kBlocks);
  std::vector<unsigned> meta(threads * kFields);
  hipMemcpy(red.data(), dred, threads * sizeof(T), hipMemcpyDeviceToHost);
  hipMemcpy(bsum.data(), dsum, kBlocks * sizeof(T), hipMemcpyDeviceToHost);
  hipMemcpy(meta.data(), dmeta, meta.size() * 4, hipMemcpyDeviceToHost);
  Op op;
  std::vector<T> val(threads);
  for (unsigned g = 0; g < threads; ++g) {
    val[g] = in[g];
    for (unsigned i = g + threads; i < n; i += threads) val[g] = op(val[g], in[i]);
  }
  long bad = 0;
  for (unsigned b = 0; b < kBlocks; ++b) {
    T blockWant{};
    for (unsigned t = 0; t < BlockSize / Tile; ++t) {
      unsigned base = b * BlockSize + t * Tile;
      T want = host_order(std::vector<T>(val.begin() + base, val.begin() + base + Tile), op);
      blockWant = t == 0 ? want : op(blockWant, want);
      bool any = false, all = true;
      unsigned gsum = 0;
      for (unsigned r = 0; r < Tile; ++r) {
        any |= (base + r) % 97u == 5u;
        all &= (base + r) % 2u == 0u || t == 1u;
        gsum += base + r;
      }
      for (unsigned r = 0; r < Tile; ++r) {
        unsigned g = base + r;
        unsigned wantMeta[kFields] = {r, t, BlockSize / Tile, Tile, (base + Tile - 1) * 3u,
                                      any, all, gsum, r % 32u + 100u * Tile};
        g_checked += kFields + 1;
        if (!same(red[g], want) && ++bad <= 5)
          std::printf("MISMATCH %s thread %u: reduce %g, want %g\n", name, g, (double)red[g],
                      (double)want);
        for (unsigned f = 0; f < kFields; ++f)
          if (meta[g * kFields + f] != wantMeta[f] && ++bad <= 5)
            std::printf("MISMATCH %s thread %u field %u: %u, want %u\n", name, g, f,
                        meta[g * kFields + f], wantMeta[f]);
      }
    }
    ++g_checked;
    if (!same(bsum[b], blockWant) && ++bad <= 5)
      std::printf("MISMATCH %s block %u: %g, want %g\n", name, b, (double)bsum[b],
                  (double)blockWant);
  }
  std::printf("%-28s %s\n", name, bad ? "FAIL" : "ok");
  g_bad += bad;
  hipFree(din);
  hipFree(dred);
  hipFree(dsum);
  hipFree(dmeta);
}

#define RUN(T, B, N, OP) run<T, B, N, OP>(#T " block " #B " tile " #N " " #OP)

int main() {
  RUN(int, 64, 64, cg::plus<int>);
  RUN(int, 128, 64, cg::plus<int>);
  RUN(int, 128, 128, cg::plus<int>);
  RUN(int, 256, 64, cg::plus<int>);
  RUN(int, 256, 128, cg::plus<int>);
  RUN(int, 256, 256, cg::plus<int>);
  RUN(int, 512, 64, cg::plus<int>);
  RUN(int, 512, 128, cg::plus<int>);
  RUN(int, 512, 256, cg::plus<int>);
  RUN(int, 512, 256, cg::less<int>);
  RUN(int, 256, 128, cg::greater<int>);
  RUN(float, 512, 256, cg::plus<float>);
  RUN(float, 128, 64, cg::plus<float>);
  RUN(double, 256, 128, cg::plus<double>);
  int wave = 0;
  hipDeviceGetAttribute(&wave, hipDeviceAttributeWarpSize, 0);
  std::printf("multi-warp tiles: wave %d: %ld of %ld values as the reference\n", wave,
              g_checked - g_bad, g_checked);
  return g_bad ? 1 : 0;
}
