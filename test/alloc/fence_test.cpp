// Free fences of the caching allocator against FakeBackend (no GPU): the
// pipelined fences of hipFree/hipMalloc hot loops, and a checker that proves
// no block is handed out while work issued before its free may still use it.
#include "allocator.h"
#include "fake_backend.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

using namespace cu2hip::alloc;

namespace {

constexpr size_t KiB = 1024, MiB = 1024 * 1024;
constexpr size_t GiB = 1024 * MiB;

Stream stream(int N) { return reinterpret_cast<Stream>(uintptr_t(0x1000 * N)); }

Config caching(bool Expandable = false) {
  Config C;
  C.Backend = BackendKind::Caching;
  C.ExpandableSegments = Expandable;
  C.OomReport = false;
  return C;
}

/// Drives an Allocator and checks, at every allocation, the guarantee of
/// docs/alloc.md: memory is handed out only once the work that used it
/// before its free is finished (hipMalloc: complete, as the host sees it) or
/// ordered before the new owner's stream (hipMallocAsync on S: same stream,
/// or S waits for an event that covers it). The work a block's free must
/// cover: what ran on the stream of its free (hipFreeAsync), on the null
/// stream (hipFree), on its allocating stream, and on streams named with
/// recordStream.
struct Checker {
  struct Work {
    Stream S;
    uint64_t Upto; // the stream's work count after the use
  };
  struct Range {
    uintptr_t Addr;
    size_t Bytes;
    Stream Home;      // allocating stream (null: hipMalloc)
    std::vector<Work> Uses;
  };
  FakeBackend &BE;
  Allocator &A;
  std::vector<Range> Live, Freed;
  int Violations = 0, Overlaps = 0;

  Checker(FakeBackend &BE, Allocator &A) : BE(BE), A(A) {}

  static bool overlap(const Range &R, uintptr_t P, size_t N) {
    return R.Addr < P + N && P < R.Addr + R.Bytes;
  }
  bool ordered(Stream Waiter, const Work &W) const {
    for (const FakeBackend::Wait &X : BE.StreamWaits)
      if (X.Waiter == Waiter && X.On == W.S && X.Upto >= W.Upto)
        return true;
    return false;
  }

  /// hipMalloc (Ordered=false) or hipMallocAsync on S.
  void *alloc(size_t N, Stream S, bool Ordered) {
    void *P = nullptr;
    EXPECT_EQ(A.allocate(&P, N, S, Ordered, Site{"checker", 0}), Err::Ok);
    uintptr_t U = reinterpret_cast<uintptr_t>(P);
    for (const Range &R : Live)
      Overlaps += overlap(R, U, N);
    for (const Range &R : Freed) {
      if (!overlap(R, U, N))
        continue;
      for (const Work &W : R.Uses) {
        bool Ok = BE.Done[W.S] >= W.Upto ||
                  (Ordered && (W.S == S || ordered(S, W)));
        Violations += !Ok;
      }
    }
    Live.push_back(Range{U, N, Ordered ? S : nullptr, {}});
    return P;
  }
  /// A kernel on S that uses P (recordStream first when the contract needs
  /// it: S is neither the allocating stream nor, for hipFree, the null one).
  void use(void *P, Stream S, bool RecordStream) {
    Range &R = find(P);
    if (RecordStream)
      A.recordStream(P, S);
    BE.launch(S);
    R.Uses.push_back(Work{S, BE.Submitted[S]});
  }
  void release(void *P, Stream S, bool Ordered) {
    Range R = find(P);
    Live.erase(std::find_if(Live.begin(), Live.end(), [&](const Range &X) {
      return X.Addr == R.Addr;
    }));
    bool Known = false;
    EXPECT_EQ(A.deallocate(P, S, Ordered, Known), Err::Ok);
    EXPECT_TRUE(Known);
    // Later work on the freeing stream, unrelated to P: a fence recorded
    // after the free completes only once the device is past it.
    BE.launch(Ordered ? S : nullptr);
    Freed.push_back(R);
    prune();
  }
  void prune() {
    Freed.erase(std::remove_if(Freed.begin(), Freed.end(),
                               [&](const Range &R) {
                                 for (const Work &W : R.Uses)
                                   if (BE.Done[W.S] < W.Upto)
                                     return false;
                                 return true;
                               }),
                Freed.end());
  }
  Range &find(void *P) {
    uintptr_t U = reinterpret_cast<uintptr_t>(P);
    for (Range &R : Live)
      if (R.Addr == U)
        return R;
    ADD_FAILURE() << "not live";
    return Live.front();
  }
};

/// The device runs Lag units of work behind the host on every stream.
void lag(FakeBackend &BE, uint64_t Lag) {
  for (auto &KV : BE.Submitted)
    BE.completeUpTo(KV.first, KV.second > Lag ? KV.second - Lag : 0);
}

/// Frees per fence in a hot loop of N-byte blocks on a device of 64 GiB or
/// more, as docs/alloc.md gives them: 256 MiB of blocks, at least 8 and at
/// most 64 frees.
size_t batch(size_t N) {
  return std::min<size_t>(64, std::max<size_t>(8, 256 * MiB / N));
}

struct HotLoop : ::testing::TestWithParam<size_t> {};

} // namespace

// hipMalloc + kernel + hipFree of one size, the device three kernels behind:
// after the loop is recognised, the fences are batched and pipelined (no
// host waits), about one batch of blocks rotates, and none is reused before
// its kernel has finished.
TEST_P(HotLoop, PipelinedFencesNeverReuseUnfinishedWork) {
  const size_t N = GetParam();
  FakeBackend BE(140 * GiB);
  Allocator A(BE, caching());
  Checker C(BE, A);
  const int Warm = 400, Steady = 640;
  uint64_t Waits = 0, Mallocs = 0;
  int Records = 0, Queries = 0;
  for (int I = 0; I < Warm + Steady; ++I) {
    if (I == Warm) {
      Waits = A.stats().NumHostWaits;
      Mallocs = A.stats().NumDeviceMallocs;
      Records = BE.Records, Queries = BE.Queries;
    }
    void *P = C.alloc(N, nullptr, false);
    C.use(P, nullptr, false);
    C.release(P, nullptr, false);
    lag(BE, 3);
  }
  Stats S = A.stats();
  EXPECT_EQ(C.Violations, 0);
  EXPECT_EQ(C.Overlaps, 0);
  EXPECT_EQ(S.NumHostWaits, Waits) << "host waits in the steady state";
  EXPECT_EQ(S.NumDeviceMallocs, Mallocs) << "still growing in the steady state";
  if (N >= MiB) // smaller ones rotate through their segment's free slots
    EXPECT_GT(S.NumFenceLagSegments, 0u);
  // One record per batch of frees, and one query per batch (a second one
  // at most when the device lags behind the first).
  const int K = int(batch(N));
  EXPECT_LE(BE.Records - Records, Steady / K + 1);
  EXPECT_LE(BE.Queries - Queries, 2 * (Steady / K + 1));
  // About one batch of blocks, plus what the device's lag needs.
  EXPECT_LE(S.PeakReservedBytes, (K + 4) * N + 20 * MiB);
}

INSTANTIATE_TEST_SUITE_P(Sizes, HotLoop,
                         ::testing::Values(512, 64 * KiB, MiB, 16 * MiB,
                                           256 * MiB));

// Without kernels, on a device that completes fences at once (as the H200
// did in the run of 2026-12-02: no host waits): one fence per batch of
// frees at every size, not per round trip (the fence's record and query
// cost about 1.4 us there, three times the rest of a round trip). Fencing
// whenever none is in flight fails this: that is a record and a query per
// round trip.
TEST(AllocFence, HotLoopFencesOncePerBatch) {
  for (size_t N : {size_t(512), 64 * KiB, MiB, 16 * MiB, 256 * MiB}) {
    FakeBackend BE(140 * GiB);
    Allocator A(BE, caching());
    for (int I = 0; I < 20; ++I) {
      void *P = nullptr;
      bool K;
      A.allocate(&P, N, nullptr, false, Site{"t", 1});
      A.deallocate(P, nullptr, false, K);
    }
    int R0 = BE.Records, Q0 = BE.Queries;
    for (int I = 0; I < 1000; ++I) {
      void *P = nullptr;
      bool K;
      A.allocate(&P, N, nullptr, false, Site{"t", 1});
      A.deallocate(P, nullptr, false, K);
    }
    const int Batch = int(batch(N));
    EXPECT_LE(BE.Records - R0, 1000 / Batch + 1) << N;
    EXPECT_LE(BE.Queries - Q0, 1000 / Batch + 1) << N;
    EXPECT_EQ(A.stats().NumHostWaits, 0u) << N;
    // The price: about one batch of blocks (small ones share 2 MiB segments).
    size_t Seg = Allocator::segmentSize(N);
    size_t Blocks = (Batch + 2) * N;
    EXPECT_LE(A.stats().PeakReservedBytes, (Blocks + Seg - 1) / Seg * Seg + Seg)
        << N;
  }
}

// Beyond the lag budget (1/32 of the device) the loop waits on the host
// instead of taking more memory.
TEST(AllocFence, LagBudgetBoundsTheWaitingBlocks) {
  FakeBackend BE(2 * GiB); // budget 64 MiB
  Allocator A(BE, caching());
  Checker C(BE, A);
  for (int I = 0; I < 200; ++I) {
    void *P = C.alloc(16 * MiB, nullptr, false);
    C.use(P, nullptr, false);
    C.release(P, nullptr, false);
    lag(BE, 10); // ten kernels behind: more than the budget can cover
  }
  Stats S = A.stats();
  EXPECT_EQ(C.Violations, 0);
  EXPECT_GT(S.NumHostWaits, 0u);
  EXPECT_GT(S.NumFenceLagSegments, 0u);
  EXPECT_LE(S.PeakReservedBytes, 64 * MiB + 16 * MiB);
}

// Two free/malloc pairs are not a hot loop: the second hipMalloc waits for
// the fence on the host, as outside loops, and takes no new memory.
TEST(AllocFence, TwoPairsAreNotAHotLoop) {
  FakeBackend BE(140 * GiB);
  Allocator A(BE, caching());
  Checker C(BE, A);
  for (int I = 0; I < 2; ++I) {
    void *P = C.alloc(16 * MiB, nullptr, false);
    C.use(P, nullptr, false);
    C.release(P, nullptr, false);
  }
  void *P = C.alloc(16 * MiB, nullptr, false);
  EXPECT_EQ(C.Violations, 0);
  EXPECT_EQ(A.stats().NumDeviceMallocs, 1u);
  EXPECT_EQ(A.stats().NumFenceLagSegments, 0u);
  EXPECT_EQ(A.stats().NumHostWaits, 2u);
  C.release(P, nullptr, false);
}

// In a hot loop, frees of other sizes wait with the loop's own frees (behind
// at most one record), and the request that leaves the loop queries what is
// in flight and records one fence that covers them all, whatever their size.
TEST(AllocFence, OneFenceCoversTheFreesOfEverySize) {
  FakeBackend BE(140 * GiB);
  Allocator A(BE, caching());
  bool K;
  void *Small = nullptr, *Mid = nullptr, *P = nullptr;
  A.allocate(&Small, 512, nullptr, false, Site{"t", 1});
  A.allocate(&Mid, MiB, nullptr, false, Site{"t", 2});
  for (int I = 0; I < 5; ++I) { // hot at 16 MiB
    A.allocate(&P, 16 * MiB, nullptr, false, Site{"t", 3});
    BE.launch(nullptr);
    A.deallocate(P, nullptr, false, K);
  }
  int R0 = BE.Records;
  A.allocate(&P, 16 * MiB, nullptr, false, Site{"t", 3}); // in flight: F
  BE.launch(nullptr);
  A.deallocate(P, nullptr, false, K); // pending, with the loop's frees
  A.deallocate(Small, nullptr, false, K);
  A.deallocate(Mid, nullptr, false, K);
  int R1 = BE.Records;
  EXPECT_LE(R1 - R0, 1); // the two other frees recorded nothing
  BE.completeAll();
  // The next request (not a pair: the last free was of 1 MiB) queries the
  // fences in flight, and records one fence for every pending free.
  A.allocate(&P, 16 * MiB, nullptr, false, Site{"t", 3});
  EXPECT_EQ(BE.Records, R1 + 1);
  void *S2 = nullptr, *M2 = nullptr;
  size_t Waits = BE.HostWaits.size();
  A.allocate(&S2, 512, nullptr, false, Site{"t", 4}); // fence complete
  A.allocate(&M2, MiB, nullptr, false, Site{"t", 5});
  EXPECT_EQ(S2, Small);
  EXPECT_EQ(M2, Mid);
  EXPECT_EQ(BE.HostWaits.size(), Waits);
}

// A block allocated by hipMallocAsync on a (non-blocking) stream and freed
// by hipFree: the null-stream fence does not order that stream, so its work
// is waited for too.
TEST(AllocFence, HipFreeOfStreamAllocationWaitsForItsStream) {
  FakeBackend BE(1 * GiB);
  Allocator A(BE, caching());
  Checker C(BE, A);
  Stream S1 = stream(1);
  void *P = C.alloc(12 * MiB, S1, true); // a segment of its own
  C.use(P, S1, false);
  C.release(P, nullptr, false);
  void *Q = C.alloc(12 * MiB, nullptr, false);
  EXPECT_EQ(Q, P);
  EXPECT_EQ(C.Violations, 0);
  bool SawS1 = false;
  for (const FakeBackend::Wait &W : BE.HostWaits)
    SawS1 = SawS1 || W.On == S1;
  EXPECT_TRUE(SawS1);
}

// Random programs: four streams (null + three), sizes 512 B..256 MiB,
// hipMalloc/hipMallocAsync, kernels on the own stream and on others (with
// recordStream), hipFree/hipFreeAsync, hot-loop bursts, a device that lags
// and catches up at random. No block is ever handed out early or twice.
TEST(AllocFence, RandomStreamsNeverReuseUnfinishedWork) {
  const size_t Sizes[] = {512, 4 * KiB, 64 * KiB, MiB, 3 * MiB, 16 * MiB,
                          256 * MiB};
  for (bool Exp : {false, true}) {
    FakeBackend BE(64 * GiB);
    Allocator A(BE, caching(Exp));
    Checker C(BE, A);
    uint64_t X = 0x2026'1202;
    auto rnd = [&](uint64_t M) {
      X ^= X << 13, X ^= X >> 7, X ^= X << 17;
      return X % M;
    };
    struct L {
      void *P;
      Stream S;
      bool Ordered;
    };
    std::vector<L> Live;
    for (int Op = 0; Op < 6000; ++Op) {
      uint64_t R = rnd(100);
      if (R < 8) { // a hot-loop burst
        size_t N = Sizes[rnd(7)];
        for (int I = 0; I < 8; ++I) {
          void *P = C.alloc(N, nullptr, false);
          C.use(P, nullptr, false);
          C.release(P, nullptr, false);
          lag(BE, rnd(4));
        }
      } else if (R < 50 || Live.empty()) {
        Stream S = rnd(2) ? stream(int(1 + rnd(3))) : nullptr;
        bool Ordered = S != nullptr || rnd(4) == 0;
        void *P = C.alloc(Sizes[rnd(7)] + rnd(3) * 512, S, Ordered);
        Live.push_back(L{P, Ordered ? S : nullptr, Ordered});
      } else if (R < 75) {
        L &B = Live[rnd(Live.size())];
        Stream On = rnd(3) ? B.S : stream(int(1 + rnd(3)));
        C.use(B.P, On, On != B.S);
      } else {
        size_t I = rnd(Live.size());
        L B = Live[I];
        Live.erase(Live.begin() + I);
        bool Sync = !B.Ordered || rnd(4) == 0;
        C.release(B.P, Sync ? nullptr : B.S, !Sync);
      }
      if (rnd(10) == 0)
        lag(BE, rnd(5));
      if (rnd(200) == 0)
        BE.completeAll();
    }
    EXPECT_EQ(C.Violations, 0) << "expandable " << Exp;
    EXPECT_EQ(C.Overlaps, 0) << "expandable " << Exp;
    EXPECT_GT(A.stats().NumFenceLagSegments, 0u);
    EXPECT_GT(A.stats().NumHostWaits, 0u);
  }
}

// hipMallocAsync + kernel + hipFreeAsync on one stream: the block comes back
// at once, with no event recorded, queried or waited for, though the device
// has run none of the kernels: the stream's own order protects it. Once a
// second stream has been seen, each free records an event (for a reuse on
// another stream), but reuse on the same stream still queries and waits for
// nothing.
TEST(AllocFence, SameStreamReuseNeedsNoEvent) {
  FakeBackend BE(140 * GiB);
  Allocator A(BE, caching());
  Checker C(BE, A);
  const Stream S1 = stream(1);
  for (size_t N : {size_t(512), MiB, 16 * MiB, 256 * MiB}) {
    void *First = C.alloc(N, S1, true);
    C.use(First, S1, false);
    C.release(First, S1, true);
    for (int I = 0; I < 50; ++I) {
      void *P = C.alloc(N, S1, true);
      EXPECT_EQ(P, First) << N;
      C.use(P, S1, false);
      C.release(P, S1, true);
    }
  }
  EXPECT_EQ(C.Violations, 0);
  EXPECT_EQ(BE.Records, 0);
  EXPECT_EQ(BE.Queries, 0);
  EXPECT_TRUE(BE.StreamWaits.empty());
  EXPECT_TRUE(BE.HostWaits.empty());
  EXPECT_EQ(A.stats().NumDeviceMallocs, 3u); // 512 B and 1 MiB share one

  void *Q = C.alloc(512, stream(2), true);
  C.release(Q, stream(2), true);
  int Q0 = BE.Queries;
  size_t W0 = BE.StreamWaits.size(), H0 = BE.HostWaits.size();
  for (int I = 0; I < 50; ++I) {
    void *P = C.alloc(16 * MiB, S1, true);
    C.use(P, S1, false);
    C.release(P, S1, true);
  }
  EXPECT_EQ(C.Violations, 0);
  EXPECT_EQ(BE.Queries, Q0);
  EXPECT_EQ(BE.StreamWaits.size(), W0);
  EXPECT_EQ(BE.HostWaits.size(), H0);
}

// A hot loop of hipMalloc + kernel + hipFree on a device that has run none of
// its kernels leaves blocks waiting for fences (pending, or behind a fence in
// flight). A hipMallocAsync on another stream that takes one must make its
// stream wait for a fence recorded after the free (large blocks: the loop's
// blocks are all there is), and a hipMalloc afterwards must find the work
// complete or wait for it. The checker sees every hand-out.
TEST(AllocFence, BatchedBlocksReusedElsewhereWaitOrOrder) {
  for (size_t N : {64 * KiB, MiB, 16 * MiB, 256 * MiB}) {
    FakeBackend BE(140 * GiB);
    Allocator A(BE, caching());
    Checker C(BE, A);
    for (int I = 0; I < 40; ++I) {
      void *P = C.alloc(N, nullptr, false);
      C.use(P, nullptr, false);
      C.release(P, nullptr, false);
    }
    uint64_t Mallocs = A.stats().NumDeviceMallocs;
    uint64_t NullDone = BE.Done[nullptr];
    std::vector<void *> Taken;
    for (int I = 0; I < 6; ++I)
      Taken.push_back(C.alloc(N, stream(1), true));
    EXPECT_EQ(C.Violations, 0) << N;
    EXPECT_EQ(C.Overlaps, 0) << N;
    // The blocks were reused (not new memory), ordered on the device: the
    // host did not wait and the null stream's work is still not done.
    if (N >= 16 * MiB) {
      EXPECT_LT(A.stats().NumDeviceMallocs, Mallocs + 6) << N;
      EXPECT_FALSE(BE.StreamWaits.empty()) << N;
    }
    EXPECT_EQ(BE.Done[nullptr], NullDone) << N;
    for (void *P : Taken) {
      C.use(P, stream(1), false);
      C.release(P, stream(1), true);
    }
    void *H = C.alloc(N, nullptr, false);
    EXPECT_EQ(C.Violations, 0) << N;
    C.release(H, nullptr, false);
  }
}

// Random programs where the hot loops are long enough for whole batches of
// fences (8 to 80 round trips), mixed with stream-ordered allocations on
// three streams, kernels on other streams (with recordStream), frees of
// either kind, and a device that is either far behind, a little behind, or
// done at random. Three seeds; no block is ever handed out early or twice.
TEST(AllocFence, RandomBatchesNeverReuseUnfinishedWork) {
  const size_t Sizes[] = {512, 64 * KiB, MiB, 3 * MiB, 16 * MiB, 256 * MiB};
  for (uint64_t Seed : {0x13ull, 0x2026ull, 0xbeefull}) {
    FakeBackend BE(32 * GiB); // lag budget 1 GiB: host waits happen too
    Allocator A(BE, caching(Seed == 0x2026));
    Checker C(BE, A);
    uint64_t X = Seed * 0x9e3779b97f4a7c15ull + 1;
    auto rnd = [&](uint64_t M) {
      X ^= X << 13, X ^= X >> 7, X ^= X << 17;
      return X % M;
    };
    std::vector<std::pair<void *, Stream>> Live; // Stream: null for hipMalloc
    for (int Op = 0; Op < 1500; ++Op) {
      uint64_t R = rnd(100);
      if (R < 10) {
        size_t N = Sizes[rnd(6)];
        int Trips = int(8 + rnd(73));
        for (int I = 0; I < Trips; ++I) {
          void *P = C.alloc(N, nullptr, false);
          if (rnd(2))
            C.use(P, nullptr, false);
          C.release(P, nullptr, false);
          if (rnd(3) == 0)
            lag(BE, rnd(12));
        }
      } else if (R < 50 || Live.empty()) {
        Stream S = rnd(2) ? stream(int(1 + rnd(3))) : nullptr;
        void *P = C.alloc(Sizes[rnd(6)], S, S != nullptr);
        Live.push_back({P, S});
      } else if (R < 75) {
        auto &L = Live[rnd(Live.size())];
        Stream On = rnd(3) ? L.second : stream(int(1 + rnd(3)));
        C.use(L.first, On, On != L.second);
      } else {
        size_t I = rnd(Live.size());
        auto L = Live[I];
        Live.erase(Live.begin() + I);
        bool Sync = !L.second || rnd(3) == 0;
        C.release(L.first, Sync ? nullptr : L.second, !Sync);
      }
      uint64_t D = rnd(20);
      if (D == 0)
        BE.completeAll();
      else if (D < 4)
        lag(BE, rnd(30));
    }
    EXPECT_EQ(C.Violations, 0) << "seed " << Seed;
    EXPECT_EQ(C.Overlaps, 0) << "seed " << Seed;
    EXPECT_GT(A.stats().NumFenceLagSegments, 0u) << "seed " << Seed;
    EXPECT_GT(A.stats().NumFences, 0u) << "seed " << Seed;
  }
}
