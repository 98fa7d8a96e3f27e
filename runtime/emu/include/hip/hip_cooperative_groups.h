// cu2hip CPU SIMT emulator: stand-in for <hip/hip_cooperative_groups.h>.
// Supported: this_thread_block(), tiled_partition<N>(block),
// thread_block_tile<N> (shfl, shfl_up, shfl_down, shfl_xor, ballot, any, all,
// sync, thread_rank, size, num_threads, meta_group_rank, meta_group_size),
// coalesced_threads() (size, thread_rank, ballot, any, all, shfl, sync),
// cg::reduce with plus/less/greater/bit_and/bit_or/bit_xor.
// Grid groups (this_grid().sync()) are reported as unsupported at run time.
#pragma once

#include <hip/hip_runtime.h>

namespace cooperative_groups {

using cu2hip_emu::Site;

namespace detail {
inline unsigned block_rank() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
inline unsigned block_size() { return blockDim.x * blockDim.y * blockDim.z; }
inline unsigned long long low_bits(unsigned n) {
  return n >= 64 ? ~0ull : ((1ull << n) - 1ull);
}
}  // namespace detail

class thread_block {
 public:
  void sync(Site site = Site()) const { __syncthreads(site); }
  unsigned thread_rank() const { return detail::block_rank(); }
  unsigned size() const { return detail::block_size(); }
  unsigned num_threads() const { return detail::block_size(); }
  dim3 group_index() const { return dim3(blockIdx); }
  dim3 thread_index() const { return dim3(threadIdx); }
  dim3 group_dim() const { return dim3(blockDim); }
  dim3 dim_threads() const { return dim3(blockDim); }
};

inline thread_block this_thread_block() { return thread_block(); }
inline void sync(const thread_block& b, Site site = Site()) { b.sync(site); }

class grid_group {
 public:
  void sync(Site site = Site()) const {
    cu2hip_emu::unsupported("grid_group::sync (grid-wide barrier)", site);
  }
  bool is_valid() const { return false; }
  unsigned long long thread_rank() const {
    unsigned long long b = blockIdx.x + (unsigned long long)gridDim.x *
                                            (blockIdx.y + (unsigned long long)gridDim.y * blockIdx.z);
    return b * detail::block_size() + detail::block_rank();
  }
  unsigned long long size() const {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z * detail::block_size();
  }
};
inline grid_group this_grid() { return grid_group(); }

// A tile of N consecutive threads (linearised order) of a block; it lies
// inside one wave (N <= wave size; checked at run time).
template <unsigned N>
class thread_block_tile {
  static_assert(N > 0 && N <= 64 && (N & (N - 1)) == 0,
                "tiled_partition<N>: N must be a power of two <= 64");

 public:
  explicit thread_block_tile(Site site = Site()) {
    if ((int)N > cu2hip_emu::wave_size())
      cu2hip_emu::fatal_in_kernel(
          site,
          "tiled_partition<%u> is larger than the wave (%d lanes): invalid "
          "on HIP for this target",
          N, cu2hip_emu::wave_size());
  }
  static constexpr unsigned num_threads() { return N; }
  static constexpr unsigned size() { return N; }
  unsigned thread_rank() const { return detail::block_rank() & (N - 1); }
  unsigned meta_group_rank() const { return detail::block_rank() / N; }
  unsigned meta_group_size() const { return (detail::block_size() + N - 1) / N; }
  void sync(Site site = Site()) const { __syncwarp(site); }

  template <class T>
  T shfl(T v, int src, Site site = Site()) const { return __shfl(v, src, (int)N, site); }
  template <class T>
  T shfl_up(T v, unsigned d, Site site = Site()) const {
    return __shfl_up(v, d, (int)N, site);
  }
  template <class T>
  T shfl_down(T v, unsigned d, Site site = Site()) const {
    return __shfl_down(v, d, (int)N, site);
  }
  template <class T>
  T shfl_xor(T v, int m, Site site = Site()) const {
    return __shfl_xor(v, m, (int)N, site);
  }
  // Tile-relative ballot (bit i = tile rank i), as HIP returns it.
  unsigned long long ballot(int pred, Site site = Site()) const {
    return (__ballot(pred, site) >> tile_base()) & detail::low_bits(N);
  }
  int any(int pred, Site site = Site()) const { return ballot(pred, site) != 0; }
  int all(int pred, Site site = Site()) const { return ballot(!pred, site) == 0; }

 private:
  unsigned tile_base() const { return __lane_id() & ~(N - 1); }
};

template <unsigned N>
inline thread_block_tile<N> tiled_partition(const thread_block&, Site site = Site()) {
  return thread_block_tile<N>(site);
}
template <unsigned N>
inline void sync(const thread_block_tile<N>& t, Site site = Site()) { t.sync(site); }

// The lanes of the wave that are active where it is created.
class coalesced_group {
 public:
  explicit coalesced_group(unsigned long long mask) : mask_(mask) {}
  unsigned size() const { return (unsigned)__popcll(mask_); }
  unsigned num_threads() const { return size(); }
  unsigned thread_rank() const {
    return (unsigned)__popcll(mask_ & ((1ull << __lane_id()) - 1ull));
  }
  void sync(Site site = Site()) const { __syncwarp(site); }
  unsigned long long ballot(int pred, Site site = Site()) const {
    unsigned long long b = __ballot(pred, site) & mask_;
    // Compress to group ranks.
    unsigned long long r = 0;
    unsigned k = 0;
    for (unsigned i = 0; i < 64; ++i)
      if (mask_ & (1ull << i)) {
        if (b & (1ull << i)) r |= 1ull << k;
        ++k;
      }
    return r;
  }
  int any(int pred, Site site = Site()) const { return ballot(pred, site) != 0; }
  int all(int pred, Site site = Site()) const { return ballot(!pred, site) == 0; }
  template <class T>
  T shfl(T v, unsigned rank, Site site = Site()) const {
    unsigned k = 0, lane = 0;
    for (unsigned i = 0; i < 64; ++i)
      if (mask_ & (1ull << i)) {
        if (k == rank) { lane = i; break; }
        ++k;
      }
    return __shfl(v, (int)lane, (int)warpSize, site);
  }

 private:
  unsigned long long mask_;
};
inline coalesced_group coalesced_threads(Site site = Site()) {
  return coalesced_group(__activemask(site));
}

// ---- reductions ----
template <class T> struct plus { T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { T operator()(T a, T b) const { return b < a ? b : a; } };
template <class T> struct greater { T operator()(T a, T b) const { return a < b ? b : a; } };
template <class T> struct bit_and { T operator()(T a, T b) const { return a & b; } };
template <class T> struct bit_or { T operator()(T a, T b) const { return a | b; } };
template <class T> struct bit_xor { T operator()(T a, T b) const { return a ^ b; } };

// Every lane of the tile receives the reduction of the tile's values.
template <unsigned N, class T, class Op>
inline T reduce(const thread_block_tile<N>& g, T val, Op op, Site site = Site()) {
  for (unsigned o = N / 2; o > 0; o >>= 1) val = op(val, g.shfl_xor(val, (int)o, site));
  return val;
}

}  // namespace cooperative_groups
