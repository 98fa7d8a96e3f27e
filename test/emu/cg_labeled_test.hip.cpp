// cu2hip/cg_labeled.h: cg::labeled_partition of 32- and 16-thread tiles and
// of a coalesced group, at wave 64 and 32, against CUDA's semantics
// computed on the host: the group of a thread is the threads of its CUDA
// warp (tid / 32) and tile, or of the coalesced group, with the same label;
// ranks in lane order; shfl by rank; shfl_down/shfl_up by rank with the
// caller's own value out of range; cg::reduce's tree sum over them;
// ballot bits in rank order.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#include <cu2hip/cg_labeled.h>

#include <cstdio>
#include <vector>

namespace cg = cooperative_groups;

constexpr int kThreads = 128, kFields = 10;

__device__ unsigned label_of(unsigned tid) { return (tid * 7u + tid / 5u) % 4u; }

/// The tree reduction of cu2hip/cg_reduce.h (cg::reduce on AMD) over
/// shfl_down: the sum of `v` over the group, broadcast from rank 0.
template <class G> __device__ unsigned tree_sum(const G &g, unsigned v) {
  unsigned n = g.size(), rank = g.thread_rank(), span = 1;
  while (span < n) span <<= 1;
  for (unsigned off = span / 2; off > 0; off /= 2) {
    unsigned other = g.shfl_down(v, off);
    if (rank + off < n) v += other;
  }
  return g.shfl(v, 0);
}

template <class G> __device__ void record(const G &g, unsigned tid, unsigned *o) {
  o[0] = g.size();
  o[1] = g.thread_rank();
  o[2] = g.shfl(tid, 0);                      // the lowest member's tid
  o[3] = g.shfl(tid * 3u, g.size() - 1);      // the highest member's, times 3
  o[4] = g.ballot(tid & 1u);
  o[5] = g.any(tid % 11u == 0);
  o[6] = g.all(tid % 2u == 0);
  o[7] = g.shfl_down(tid, 1u);                // next member's tid, own at the end
  o[8] = g.shfl_up(tid * 5u, 2u);             // tid * 5 of two ranks below, own below 2
  o[9] = tree_sum(g, tid + 1u);
  g.sync();
}

__global__ void labeled(unsigned *out) {
  unsigned tid = threadIdx.x;
  auto block = cg::this_thread_block();
  auto t32 = cg::tiled_partition<32>(block);
  record(cg::labeled_partition(t32, label_of(tid)), tid, out + (0 * kThreads + tid) * kFields);
  auto t16 = cg::tiled_partition<16>(block);
  record(cg::labeled_partition(t16, label_of(tid)), tid, out + (1 * kThreads + tid) * kFields);
  if (tid % 3u != 0) {
    cg::coalesced_group c = cg::coalesced_threads();
    record(cg::labeled_partition(c, label_of(tid)), tid, out + (2 * kThreads + tid) * kFields);
  }
}

static unsigned host_label(unsigned tid) { return (tid * 7u + tid / 5u) % 4u; }

int main() {
  unsigned *d;
  const size_t n = 3 * kThreads * kFields;
  hipMalloc((void **)&d, n * 4);
  hipMemset(d, 0xff, n * 4);
  hipLaunchKernelGGL(labeled, dim3(1), dim3(kThreads), 0, 0, d);
  if (hipDeviceSynchronize() != hipSuccess) return 1;
  std::vector<unsigned> out(n);
  hipMemcpy(out.data(), d, n * 4, hipMemcpyDeviceToHost);
  long bad = 0, checked = 0;
  // Case 0: tiles of 32, 1: tiles of 16, 2: the coalesced group tid % 3 != 0
  // (inside each CUDA warp).
  for (int c = 0; c < 3; ++c)
    for (unsigned tid = 0; tid < (unsigned)kThreads; ++tid) {
      if (c == 2 && tid % 3 == 0) continue;
      unsigned tile = c == 1 ? 16 : 32;
      std::vector<unsigned> members;
      for (unsigned u = tid / tile * tile; u < tid / tile * tile + tile; ++u)
        if ((c != 2 || u % 3 != 0) && host_label(u) == host_label(tid)) members.push_back(u);
      unsigned rank = 0, ballot = 0;
      bool any = false, all = true;
      for (unsigned r = 0; r < members.size(); ++r) {
        if (members[r] < tid) ++rank;
        if (members[r] & 1u) ballot |= 1u << r;
        any |= members[r] % 11u == 0;
        all &= members[r] % 2u == 0;
      }
      unsigned sum = 0;
      for (unsigned m : members) sum += m + 1u;
      unsigned down = rank + 1 < members.size() ? members[rank + 1] : tid;
      unsigned up = rank >= 2 ? members[rank - 2] * 5u : tid * 5u;
      unsigned want[kFields] = {(unsigned)members.size(), rank, members.front(),
                                members.back() * 3u, ballot, any, all, down, up, sum};
      const unsigned *got = &out[(c * kThreads + tid) * kFields];
      for (int f = 0; f < kFields; ++f, ++checked)
        if (got[f] != want[f] && ++bad <= 10)
          std::printf("MISMATCH case %d tid %u field %d: %u, want %u\n", c, tid, f, got[f],
                      want[f]);
    }
  int wave = 0;
  hipDeviceGetAttribute(&wave, hipDeviceAttributeWarpSize, 0);
  std::printf("labeled_partition: wave %d: %ld of %ld values as CUDA\n", wave, checked - bad,
              checked);
  hipFree(d);
  return bad ? 1 : 0;
}
