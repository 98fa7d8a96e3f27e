// Unit tests of the cu2hip caching allocator against FakeBackend (no GPU).
#include "allocator.h"
#include "fake_backend.h"

#include <gtest/gtest.h>

using namespace cu2hip::alloc;

namespace {

constexpr size_t KiB = 1024, MiB = 1024 * 1024;

Stream stream(int N) { return reinterpret_cast<Stream>(uintptr_t(0x1000 * N)); }
#define HERE Site{__FILE__, __LINE__}

Config caching() {
  Config C;
  C.Backend = BackendKind::Caching;
  return C;
}

uintptr_t u(void *P) { return reinterpret_cast<uintptr_t>(P); }

struct Fixture : ::testing::Test {
  FakeBackend BE{1024 * MiB};
  void *alloc(Allocator &A, size_t N, Stream S = nullptr, bool Ordered = true) {
    void *P = nullptr;
    EXPECT_EQ(A.allocate(&P, N, S, Ordered, HERE), Err::Ok);
    return P;
  }
  void release(Allocator &A, void *P, Stream S = nullptr, bool Ordered = true) {
    bool Known = false;
    EXPECT_EQ(A.deallocate(P, S, Ordered, Known), Err::Ok);
    EXPECT_TRUE(Known);
  }
};

} // namespace

// ---- rounding --------------------------------------------------------------

TEST(AllocRounding, Default512) {
  FakeBackend BE(MiB);
  Allocator A(BE, caching());
  EXPECT_EQ(A.roundSize(1), 512u);
  EXPECT_EQ(A.roundSize(512), 512u);
  EXPECT_EQ(A.roundSize(513), 1024u);
  EXPECT_EQ(A.roundSize(1200), 1536u);
  EXPECT_EQ(A.roundSize(5000), 5120u);
  EXPECT_EQ(A.roundSize(MiB + 1), MiB + 512);
}

TEST(AllocRounding, PowerOfTwoDivisions) {
  FakeBackend BE(MiB);
  Config C = caching();
  C.RoundupPower2Divisions = 4;
  Allocator A(BE, C);
  EXPECT_EQ(A.roundSize(1200), 1536u);       // step 256 < 512: plain rounding
  EXPECT_EQ(A.roundSize(5000), 5120u);       // 4096/4 = 1024 steps
  EXPECT_EQ(A.roundSize(4097), 5120u);
  EXPECT_EQ(A.roundSize(4096), 4096u);
  EXPECT_EQ(A.roundSize(MiB + 1), MiB + MiB / 4);
  EXPECT_EQ(A.roundSize(3 * MiB), 3 * MiB);  // 2 MiB/4 steps
  EXPECT_EQ(A.roundSize(3 * MiB + 1), 3 * MiB + MiB / 2);
  C.RoundupPower2Divisions = 2;
  Allocator B(BE, C);
  EXPECT_EQ(B.roundSize(3000), 3072u);       // 2048/2 = 1024 steps
  EXPECT_EQ(B.roundSize(5000), 6144u);       // 4096/2 = 2048 steps
}

TEST(AllocRounding, SegmentSizes) {
  EXPECT_EQ(Allocator::segmentSize(512), 2 * MiB);
  EXPECT_EQ(Allocator::segmentSize(MiB), 2 * MiB);
  EXPECT_EQ(Allocator::segmentSize(MiB + 512), 20 * MiB);
  EXPECT_EQ(Allocator::segmentSize(10 * MiB - 512), 20 * MiB);
  EXPECT_EQ(Allocator::segmentSize(10 * MiB), 10 * MiB);
  EXPECT_EQ(Allocator::segmentSize(11 * MiB + 512), 12 * MiB);
}

// ---- pass-through + statistics ---------------------------------------------

TEST_F(Fixture, PassthroughStats) {
  Allocator A(BE, Config());
  void *P1 = nullptr, *P2 = nullptr;
  ASSERT_EQ(A.allocate(&P1, 1000, nullptr, false, Site{"a.cu", 10}), Err::Ok);
  ASSERT_EQ(A.allocate(&P2, 3000, nullptr, false, Site{"b.cu", 20}), Err::Ok);
  EXPECT_EQ(BE.MallocCalls, 2);
  Stats S = A.stats();
  EXPECT_EQ(S.AllocatedBytes, 4000u);
  EXPECT_EQ(S.ReservedBytes, 4000u);
  EXPECT_EQ(S.NumAllocs, 2u);
  auto Top = A.topSites(10);
  ASSERT_EQ(Top.size(), 2u);
  EXPECT_EQ(Top[0].File, "b.cu");
  EXPECT_EQ(Top[0].Line, 20);
  EXPECT_EQ(Top[0].LiveBytes, 3000u);
  EXPECT_EQ(Top[1].LiveBytes, 1000u);
  release(A, P2, nullptr, false);
  EXPECT_EQ(BE.FreeCalls, 1);
  S = A.stats();
  EXPECT_EQ(S.AllocatedBytes, 1000u);
  EXPECT_EQ(S.PeakAllocatedBytes, 4000u);
  EXPECT_EQ(S.PeakReservedBytes, 4000u);
  EXPECT_EQ(S.NumFrees, 1u);
  EXPECT_EQ(A.topSites(10).size(), 1u);
  A.resetPeaks();
  EXPECT_EQ(A.stats().PeakAllocatedBytes, 1000u);
  EXPECT_EQ(A.cachedFreeBytes(), 0u);
  release(A, P1, nullptr, false);
  EXPECT_EQ(A.stats().AllocatedBytes, 0u);
  EXPECT_TRUE(BE.Live.empty());
}

TEST_F(Fixture, ZeroBytesAndUnknownPointers) {
  Allocator A(BE, caching());
  void *P = reinterpret_cast<void *>(1);
  EXPECT_EQ(A.allocate(&P, 0, nullptr, false, HERE), Err::Ok);
  EXPECT_EQ(P, nullptr);
  EXPECT_EQ(BE.MallocCalls, 0);
  bool Known = true;
  EXPECT_EQ(A.deallocate(reinterpret_cast<void *>(0x1234), nullptr, false, Known),
            Err::Ok);
  EXPECT_FALSE(Known);
}

TEST_F(Fixture, OtherMemoryIsTracked) {
  Allocator A(BE, Config());
  int H = 0, M = 0;
  A.noteOther(&H, 4096, OtherKind::Host, Site{"h.cu", 1});
  A.noteOther(&M, 8192, OtherKind::Managed, Site{"m.cu", 2});
  EXPECT_EQ(A.stats().HostBytes, 4096u);
  EXPECT_EQ(A.stats().OtherBytes, 8192u);
  EXPECT_FALSE(A.forgetOther(&H, OtherKind::Managed)); // host ptr, device free
  EXPECT_TRUE(A.forgetOther(&H, OtherKind::Host));
  EXPECT_TRUE(A.forgetOther(&M, OtherKind::Pitched));  // any device kind
  EXPECT_EQ(A.stats().HostBytes, 0u);
  EXPECT_EQ(A.stats().OtherBytes, 0u);
}

// ---- splitting, coalescing, pools ---------------------------------------------

TEST_F(Fixture, SmallBlocksSplitOneSegment) {
  Allocator A(BE, caching());
  void *P1 = alloc(A, 1000);
  void *P2 = alloc(A, 3000);
  EXPECT_EQ(BE.MallocCalls, 1);
  EXPECT_EQ(BE.Live.begin()->second, 2 * MiB);
  EXPECT_EQ(u(P2), u(P1) + 1024);
  Stats S = A.stats();
  EXPECT_EQ(S.ReservedBytes, 2 * MiB);
  EXPECT_EQ(S.AllocatedBytes, 1024u + 3072u);
  EXPECT_EQ(S.RequestedBytes, 4000u);
  EXPECT_EQ(S.NumSplits, 2u);
  EXPECT_EQ(S.NumCacheHits, 1u);
  EXPECT_EQ(S.LargestFreeBlock, 2 * MiB - 4096);
}

TEST_F(Fixture, FreeNeighboursCoalesce) {
  Allocator A(BE, caching());
  void *P1 = alloc(A, 1024), *P2 = alloc(A, 1024), *P3 = alloc(A, 1024);
  release(A, P1);
  release(A, P3); // merges with the rest of the segment
  Stats S = A.stats();
  EXPECT_EQ(S.NumMerges, 1u);
  EXPECT_EQ(S.LargestFreeBlock, 2 * MiB - 2048);
  release(A, P2); // merges with both neighbours
  S = A.stats();
  EXPECT_EQ(S.NumMerges, 3u);
  EXPECT_EQ(S.LargestFreeBlock, 2 * MiB);
  EXPECT_EQ(S.AllocatedBytes, 0u);
  EXPECT_EQ(S.ReservedBytes, 2 * MiB);
  EXPECT_EQ(A.cachedFreeBytes(), 2 * MiB);
  // The merged block serves a request of the whole segment's size range.
  void *Big = alloc(A, MiB);
  EXPECT_EQ(u(Big), u(P1));
  EXPECT_EQ(BE.MallocCalls, 1);
  release(A, Big);
  A.emptyCache();
  EXPECT_EQ(A.stats().ReservedBytes, 0u);
  EXPECT_EQ(BE.FreeCalls, 1);
  EXPECT_TRUE(BE.Live.empty());
}

TEST_F(Fixture, EmptyCacheKeepsLiveSegments) {
  Allocator A(BE, caching());
  void *P1 = alloc(A, 1024);
  void *P2 = alloc(A, 3 * MiB); // large pool, 20 MiB segment
  release(A, P2);
  A.emptyCache();
  EXPECT_EQ(A.stats().ReservedBytes, 2 * MiB);
  EXPECT_EQ(BE.Live.size(), 1u);
  release(A, P1);
}

TEST_F(Fixture, SameSizeReuseHitsTheCache) {
  Allocator A(BE, caching());
  void *P = alloc(A, 4096);
  release(A, P);
  for (int I = 0; I < 100; ++I) {
    void *Q = alloc(A, 4096);
    EXPECT_EQ(Q, P);
    release(A, Q);
  }
  Stats S = A.stats();
  EXPECT_EQ(BE.MallocCalls, 1);
  EXPECT_EQ(S.NumCacheHits, 100u);
  EXPECT_EQ(S.NumAllocs, 101u);
  EXPECT_EQ(S.NumFrees, 101u);
  EXPECT_EQ(BE.StreamWaits.size(), 0u);
  EXPECT_EQ(BE.HostWaits.size(), 0u);
  EXPECT_EQ(BE.Records, 0); // one stream: no events
}

TEST_F(Fixture, LargePoolSplitsAndOwnSegments) {
  Allocator A(BE, caching());
  void *P1 = alloc(A, 3 * MiB);
  EXPECT_EQ(BE.Live.begin()->second, 20 * MiB);
  void *P2 = alloc(A, 12 * MiB); // from the 17 MiB rest
  EXPECT_EQ(u(P2), u(P1) + 3 * MiB);
  EXPECT_EQ(BE.MallocCalls, 1);
  void *P3 = alloc(A, 5 * MiB + 1); // 5 MiB rest is too small
  EXPECT_EQ(BE.MallocCalls, 2);
  void *P4 = alloc(A, 30 * MiB);
  EXPECT_EQ(BE.MallocCalls, 3);
  EXPECT_EQ(A.stats().ReservedBytes, 20 * MiB + 20 * MiB + 30 * MiB);
  // A rest of <= 1 MiB is not split off in the large pool.
  void *P5 = alloc(A, 4 * MiB + 512); // from the 5 MiB rest of segment 1
  EXPECT_EQ(u(P5), u(P2) + 12 * MiB);
  EXPECT_EQ(A.stats().AllocatedBytes,
            3 * MiB + 12 * MiB + (5 * MiB + 512) + 30 * MiB + 5 * MiB);
  for (void *P : {P1, P2, P3, P4, P5})
    release(A, P);
  EXPECT_EQ(A.stats().AllocatedBytes, 0u);
}

TEST_F(Fixture, MaxSplitSizeKeepsOversizeBlocksWhole) {
  Config C = caching();
  C.MaxSplitSize = 32 * MiB;
  Allocator A(BE, C);
  void *Big = alloc(A, 40 * MiB);
  release(A, Big);
  void *Small = alloc(A, 3 * MiB); // must not carve the 40 MiB block
  EXPECT_NE(u(Small), u(Big));
  EXPECT_EQ(BE.MallocCalls, 2);
  void *Again = alloc(A, 36 * MiB); // >= max split, within 20 MiB: reuse whole
  EXPECT_EQ(Again, Big);
  EXPECT_EQ(BE.MallocCalls, 2);
  EXPECT_EQ(A.stats().AllocatedBytes, 40 * MiB + 3 * MiB);
  release(A, Again);
  void *Far = alloc(A, 12 * MiB); // < max split: not from the 40 MiB block,
  EXPECT_EQ(u(Far), u(Small) + 3 * MiB); // from the 17 MiB rest instead
  EXPECT_EQ(BE.MallocCalls, 2);
  release(A, Far);
  release(A, Small);
}

// ---- streams and events ------------------------------------------------------

TEST_F(Fixture, CrossStreamReuseWaitsForEventOnFreeingStream) {
  Allocator A(BE, caching());
  Stream S1 = stream(1), S2 = stream(2);
  void *P = alloc(A, 1000, S1);
  BE.launch(S1); // a kernel that uses P
  release(A, P, S1);
  EXPECT_EQ(BE.Records, 0); // single stream so far: no event yet
  void *Q = alloc(A, 1000, S2);
  EXPECT_EQ(Q, P); // reused across streams ...
  ASSERT_EQ(BE.StreamWaits.size(), 1u); // ... after S2 waits for S1
  EXPECT_EQ(BE.StreamWaits[0].Waiter, S2);
  EXPECT_EQ(BE.StreamWaits[0].On, S1);
  EXPECT_EQ(BE.StreamWaits[0].Upto, 1u);
  EXPECT_EQ(BE.HostWaits.size(), 0u);
  EXPECT_EQ(A.stats().NumCrossStreamReuses, 1u);
  EXPECT_EQ(A.stats().NumStreamWaits, 1u);
  release(A, Q, S2);
}

TEST_F(Fixture, EventIsRecordedAtTheFree) {
  Allocator A(BE, caching());
  Stream S1 = stream(1), S2 = stream(2);
  release(A, alloc(A, 512, S1), S1);
  release(A, alloc(A, 512, S2), S2); // now two streams are in play
  BE.StreamWaits.clear();
  void *P = alloc(A, 2048, S1);
  BE.launch(S1);      // work on P: S1 count 1
  release(A, P, S1);  // event captures count 1
  BE.launch(S1);      // unrelated later work on S1: count 2
  void *Q = alloc(A, 2048, S2);
  EXPECT_EQ(Q, P);
  ASSERT_EQ(BE.StreamWaits.size(), 1u);
  EXPECT_EQ(BE.StreamWaits[0].On, S1);
  EXPECT_EQ(BE.StreamWaits[0].Upto, 1u); // not 2: no false dependency
  release(A, Q, S2);
}

TEST_F(Fixture, CompletedEventsNeedNoWait) {
  Allocator A(BE, caching());
  Stream S1 = stream(1), S2 = stream(2);
  void *P = alloc(A, 1000, S1);
  BE.launch(S1);
  release(A, P, S1);
  BE.complete(S1);
  void *Q = alloc(A, 1000, S2);
  EXPECT_EQ(Q, P);
  EXPECT_EQ(BE.StreamWaits.size(), 0u);
  EXPECT_EQ(A.stats().NumCrossStreamReuses, 1u);
  release(A, Q, S2);
}

TEST_F(Fixture, OwnStreamBlocksArePreferred) {
  Allocator A(BE, caching());
  Stream S1 = stream(1), S2 = stream(2);
  void *P1 = alloc(A, 12 * MiB, S1); // own segments, nothing left over
  void *P2 = alloc(A, 12 * MiB, S2);
  release(A, P1, S1);
  release(A, P2, S2);
  size_t Waits = BE.StreamWaits.size();
  EXPECT_EQ(alloc(A, 12 * MiB, S2), P2);
  EXPECT_EQ(alloc(A, 12 * MiB, S1), P1);
  EXPECT_EQ(BE.StreamWaits.size(), Waits);
  EXPECT_EQ(BE.MallocCalls, 2);
}

TEST_F(Fixture, RecordStreamMakesReuseWaitForTheOtherStream) {
  Allocator A(BE, caching());
  Stream S1 = stream(1), S2 = stream(2);
  void *P = alloc(A, 1000, S1);
  A.recordStream(P, S2);
  BE.launch(S2); // P used on S2
  release(A, P, S1);
  void *Q = alloc(A, 1000, S1); // same stream, but S2's use must finish
  EXPECT_EQ(Q, P);
  ASSERT_EQ(BE.StreamWaits.size(), 1u);
  EXPECT_EQ(BE.StreamWaits[0].Waiter, S1);
  EXPECT_EQ(BE.StreamWaits[0].On, S2);
  EXPECT_EQ(BE.StreamWaits[0].Upto, 1u);
  release(A, Q, S1);
}

TEST_F(Fixture, SplitRestKeepsPendingUses) {
  Allocator A(BE, caching());
  Stream S1 = stream(1), S2 = stream(2), S3 = stream(3);
  void *X = alloc(A, 1024, S1);
  BE.launch(S1);
  release(A, X, S1); // whole 2 MiB segment free, last used on S1
  void *Y = alloc(A, 1024, S2);
  void *Z = alloc(A, 1024, S3); // carved from the rest of the same block
  EXPECT_EQ(Y, X);
  EXPECT_EQ(u(Z), u(X) + 1024);
  ASSERT_EQ(BE.StreamWaits.size(), 2u);
  EXPECT_EQ(BE.StreamWaits[0].Waiter, S2);
  EXPECT_EQ(BE.StreamWaits[1].Waiter, S3);
  EXPECT_EQ(BE.StreamWaits[1].On, S1);
  EXPECT_EQ(BE.StreamWaits[1].Upto, 1u);
}

TEST_F(Fixture, SynchronousFreeFencesReuse) {
  // hipFree records nothing; the block is not reused before a fence
  // recorded after the free has completed (here: waited for on the host).
  Allocator A(BE, caching());
  void *P = alloc(A, MiB, nullptr, false);
  void *P2 = alloc(A, MiB, nullptr, false); // fills the 2 MiB segment
  BE.launch(nullptr); // kernel on the null stream uses P
  release(A, P, nullptr, false);
  EXPECT_EQ(BE.Records, 0);
  void *Q = alloc(A, MiB, nullptr, false); // only P could serve it
  EXPECT_EQ(Q, P);
  EXPECT_EQ(BE.Records, 1); // the fence, after the free
  ASSERT_EQ(BE.HostWaits.size(), 1u);
  EXPECT_EQ(BE.HostWaits[0].On, nullptr);
  EXPECT_EQ(BE.HostWaits[0].Upto, 1u);
  EXPECT_EQ(BE.MallocCalls, 1);
  release(A, Q, nullptr, false);
  void *R = alloc(A, MiB, nullptr, false); // fence complete: no wait
  EXPECT_EQ(R, P);
  EXPECT_EQ(BE.HostWaits.size(), 1u);
  EXPECT_EQ(A.stats().NumHostWaits, 1u);
  EXPECT_EQ(A.stats().NumFences, 2u);
  release(A, R, nullptr, false);
  release(A, P2, nullptr, false);
}

TEST_F(Fixture, SynchronousFreesShareOneFence) {
  Allocator A(BE, caching());
  std::vector<void *> Ps;
  for (int I = 0; I < 64; ++I)
    Ps.push_back(alloc(A, 32 * KiB, nullptr, false)); // fills the segment
  BE.launch(nullptr);
  for (void *P : Ps)
    release(A, P, nullptr, false);
  EXPECT_EQ(BE.Records, 0);
  // The first miss fences all 64 at once; the segment merges back whole.
  void *Q = alloc(A, 32 * KiB, nullptr, false);
  EXPECT_EQ(BE.Records, 1);
  EXPECT_EQ(BE.HostWaits.size(), 1u);
  EXPECT_EQ(Q, Ps[0]);
  // The other 63 slots are ready: no more records, queries or waits.
  int Queries = BE.Queries;
  std::vector<void *> Qs;
  for (int I = 1; I < 64; ++I)
    Qs.push_back(alloc(A, 32 * KiB, nullptr, false));
  EXPECT_EQ(BE.Records, 1);
  EXPECT_EQ(BE.Queries, Queries);
  EXPECT_EQ(BE.HostWaits.size(), 1u);
  EXPECT_EQ(BE.MallocCalls, 1);
  EXPECT_EQ(A.stats().NumFences, 1u);
}

TEST_F(Fixture, FencedBlockReusedByStreamWaitsOnTheStream) {
  Allocator A(BE, caching());
  Stream S1 = stream(1);
  void *P = alloc(A, 12 * MiB, nullptr, false); // a segment of its own
  BE.launch(nullptr);
  release(A, P, nullptr, false);
  void *Q = alloc(A, 12 * MiB, S1); // stream-ordered reuse
  EXPECT_EQ(Q, P);
  EXPECT_EQ(BE.HostWaits.size(), 0u);
  ASSERT_EQ(BE.StreamWaits.size(), 1u);
  EXPECT_EQ(BE.StreamWaits[0].Waiter, S1);
  EXPECT_EQ(BE.StreamWaits[0].On, nullptr);
  EXPECT_EQ(BE.StreamWaits[0].Upto, 1u);
}

TEST_F(Fixture, EmptyCacheReturnsUnfencedBlocks) {
  Allocator A(BE, caching());
  void *P = alloc(A, 1000, nullptr, false);
  release(A, P, nullptr, false);
  A.emptyCache();
  EXPECT_EQ(BE.FreeCalls, 1);
  EXPECT_EQ(A.stats().ReservedBytes, 0u);
}

TEST_F(Fixture, FreeFenceOffFollowsNullStreamOrder) {
  Config C = caching();
  C.FreeFence = false;
  Allocator A(BE, C);
  void *P = alloc(A, 1000, nullptr, false);
  BE.launch(nullptr);
  release(A, P, nullptr, false);
  void *Q = alloc(A, 1000, nullptr, false);
  EXPECT_EQ(Q, P);
  EXPECT_EQ(BE.Records, 0);
  EXPECT_EQ(BE.HostWaits.size(), 0u);
  EXPECT_EQ(BE.StreamWaits.size(), 0u);
}

TEST_F(Fixture, SyncAllocOfAsyncFreedBlockWaitsOnHost) {
  Allocator A(BE, caching());
  Stream S1 = stream(1);
  void *P = alloc(A, 1000, S1);
  BE.launch(S1);
  release(A, P, S1);
  void *Q = alloc(A, 1000, nullptr, false);
  EXPECT_EQ(Q, P);
  ASSERT_EQ(BE.HostWaits.size(), 1u);
  EXPECT_EQ(BE.HostWaits[0].On, S1);
  EXPECT_EQ(BE.StreamWaits.size(), 0u);
}

TEST_F(Fixture, EventsArePooled) {
  Allocator A(BE, caching());
  Stream S1 = stream(1), S2 = stream(2);
  for (int I = 0; I < 50; ++I) {
    void *P = alloc(A, 1000, I % 2 ? S1 : S2);
    BE.launch(I % 2 ? S1 : S2);
    release(A, P, I % 2 ? S1 : S2);
  }
  EXPECT_LE(BE.EventsCreated, 3);
}

TEST_F(Fixture, FinishedUsesAreNotQueriedAgain) {
  // After a phase with two streams and synchronous frees, a single-stream
  // loop must not keep querying events of finished work (they used to ride
  // along in split-off rests and come back with every merge).
  Allocator A(BE, caching());
  Stream S1 = stream(1), S2 = stream(2);
  for (int I = 0; I < 10; ++I) {
    void *P = alloc(A, 64 * KiB, I % 2 ? S1 : S2);
    BE.launch(I % 2 ? S1 : S2);
    release(A, P, I % 2 ? S1 : S2);
    void *Q = alloc(A, 64 * KiB, nullptr, false);
    BE.launch(nullptr);
    release(A, Q, nullptr, false);
  }
  BE.completeAll();
  void *P = alloc(A, 64 * KiB, S1); // queries what is left once
  release(A, P, S1);
  int Queries = BE.Queries;
  size_t Waits = BE.StreamWaits.size() + BE.HostWaits.size();
  for (int I = 0; I < 100; ++I) {
    void *Q = alloc(A, 64 * KiB, S1);
    EXPECT_EQ(Q, P);
    release(A, Q, S1);
  }
  EXPECT_EQ(BE.Queries, Queries);
  EXPECT_EQ(BE.StreamWaits.size() + BE.HostWaits.size(), Waits);
  EXPECT_LE(BE.EventsCreated, 8);
}

// ---- expandable segments (virtual memory) ----------------------------------

namespace {
Config expandable() {
  Config C = caching();
  C.ExpandableSegments = true;
  return C;
}
} // namespace

TEST_F(Fixture, ExpandableSegmentGrowsInPlace) {
  Allocator A(BE, expandable());
  void *P1 = alloc(A, 30 * MiB, nullptr, false);
  void *P2 = alloc(A, 30 * MiB, nullptr, false);
  void *P3 = alloc(A, 5 * MiB, nullptr, false);
  EXPECT_EQ(BE.MallocCalls, 0);
  ASSERT_EQ(BE.Reserved.size(), 1u); // one address range for the large pool
  EXPECT_EQ(BE.Reserved.begin()->second, 1024 * MiB); // the device's size
  EXPECT_EQ(u(P1), BE.Reserved.begin()->first);
  EXPECT_EQ(u(P2), u(P1) + 30 * MiB); // contiguous, no per-request segment
  EXPECT_EQ(u(P3), u(P2) + 30 * MiB);
  EXPECT_EQ(BE.MapCalls, 3);
  ASSERT_EQ(BE.Mapped.size(), 3u);
  EXPECT_EQ(BE.Mapped.rbegin()->second.Bytes, 6 * MiB); // 2 MiB granularity
  EXPECT_EQ(A.stats().ReservedBytes, 66 * MiB);
  EXPECT_EQ(A.stats().NumDeviceMallocs, 3u);
  // A hole in the middle serves a smaller request without a new mapping.
  release(A, P2, nullptr, false);
  void *Q = alloc(A, 20 * MiB, nullptr, false);
  EXPECT_EQ(Q, P2);
  EXPECT_EQ(BE.MapCalls, 3);
  EXPECT_EQ(BE.VmErrors, 0);
}

TEST_F(Fixture, ExpandableFreeTailGrowsByTheMissingPart) {
  Allocator A(BE, expandable());
  void *P = alloc(A, 10 * MiB, nullptr, false);
  release(A, P, nullptr, false);
  BE.completeAll();
  void *Q = alloc(A, 30 * MiB, nullptr, false); // tail holds 10 MiB free
  EXPECT_EQ(Q, P);
  EXPECT_EQ(BE.MapCalls, 2);
  EXPECT_EQ(BE.Mapped.rbegin()->second.Bytes, 20 * MiB);
  EXPECT_EQ(A.stats().ReservedBytes, 30 * MiB);
  EXPECT_EQ(A.stats().AllocatedBytes, 30 * MiB);
}

TEST_F(Fixture, ExpandableTailIsUnmappedOnEmptyCache) {
  Allocator A(BE, expandable());
  void *P = alloc(A, 10 * MiB, nullptr, false);
  void *Q = alloc(A, 50 * MiB, nullptr, false);
  void *S = alloc(A, 64 * KiB, nullptr, false); // the small pool's range
  EXPECT_EQ(BE.Reserved.size(), 2u);
  release(A, Q, nullptr, false);
  A.emptyCache(); // Q's mapping lies wholly in the free tail
  EXPECT_EQ(BE.UnmapCalls, 1);
  EXPECT_EQ(BE.Mapped.size(), 2u);
  EXPECT_EQ(A.stats().ReservedBytes, 12 * MiB);
  release(A, P, nullptr, false);
  release(A, S, nullptr, false);
  A.emptyCache();
  EXPECT_EQ(BE.UnmapCalls, 3);
  EXPECT_TRUE(BE.Mapped.empty());
  EXPECT_EQ(BE.Used, 0u);
  EXPECT_EQ(A.stats().ReservedBytes, 0u);
  // The address range stays reserved and is mapped again from its start.
  void *R = alloc(A, 4 * MiB, nullptr, false);
  EXPECT_EQ(R, P);
  EXPECT_EQ(BE.Mapped.size(), 1u);
  EXPECT_EQ(BE.Reserved.size(), 2u);
  EXPECT_EQ(BE.VmErrors, 0);
}

TEST_F(Fixture, ExpandableTailKeepsMappingsStillInUse) {
  Allocator A(BE, expandable());
  void *P = alloc(A, 12 * MiB, nullptr, false);  // mapping 1: 12 MiB
  void *Q = alloc(A, 12 * MiB, nullptr, false);  // mapping 2
  release(A, P, nullptr, false);
  A.emptyCache(); // P's mapping is not at the end: stays
  EXPECT_EQ(BE.UnmapCalls, 0);
  EXPECT_EQ(A.stats().ReservedBytes, 24 * MiB);
  void *R = alloc(A, 12 * MiB, nullptr, false);
  EXPECT_EQ(R, P);
  release(A, Q, nullptr, false);
  release(A, R, nullptr, false);
  A.emptyCache();
  EXPECT_EQ(BE.UnmapCalls, 2);
  EXPECT_TRUE(BE.Mapped.empty());
  EXPECT_EQ(BE.VmErrors, 0);
}

TEST(AllocExpandable, OutOfMemoryUnmapsOtherTailsAndRetries) {
  FakeBackend BE(40 * MiB);
  Allocator A(BE, expandable());
  void *P = nullptr, *Q = nullptr;
  bool K;
  ASSERT_EQ(A.allocate(&P, 16 * MiB, nullptr, false, HERE), Err::Ok);
  ASSERT_EQ(A.deallocate(P, nullptr, false, K), Err::Ok); // 16 MiB cached
  ASSERT_EQ(A.allocate(&Q, 512 * KiB, nullptr, false, HERE), Err::Ok);
  ASSERT_EQ(A.deallocate(Q, nullptr, false, K), Err::Ok); // 2 MiB cached
  // 39 MiB: the large tail (16 MiB free) would need 24 MiB more, 22 are free.
  ASSERT_EQ(A.allocate(&P, 39 * MiB, nullptr, false, HERE), Err::Ok);
  EXPECT_EQ(A.stats().NumOomRetries, 1u);
  EXPECT_EQ(A.stats().NumOoms, 0u);
  EXPECT_EQ(A.stats().ReservedBytes, 40 * MiB);
  EXPECT_EQ(BE.VmErrors, 0);
  // Larger than the device: out of memory, reported.
  void *R = nullptr;
  EXPECT_EQ(A.allocate(&R, 64 * MiB, nullptr, false, HERE), Err::Oom);
  EXPECT_EQ(A.stats().NumOoms, 1u);
}

TEST(AllocExpandable, WithoutVirtualMemoryOrdinarySegments) {
  FakeBackend BE(1024 * MiB);
  BE.HasVm = false;
  Allocator A(BE, expandable());
  void *P = nullptr;
  ASSERT_EQ(A.allocate(&P, 30 * MiB, nullptr, false, HERE), Err::Ok);
  EXPECT_EQ(BE.MallocCalls, 1);
  EXPECT_EQ(BE.MapCalls, 0);
  EXPECT_EQ(A.stats().ReservedBytes, 30 * MiB);
}

TEST_F(Fixture, ExpandableSharedAcrossStreamsWaitsForTheOther) {
  Allocator A(BE, expandable());
  Stream S1 = stream(1), S2 = stream(2);
  void *P = alloc(A, 30 * MiB, S1);
  BE.launch(S1);
  release(A, P, S1);
  void *Q = alloc(A, 30 * MiB, S2);
  EXPECT_EQ(Q, P);
  ASSERT_EQ(BE.StreamWaits.size(), 1u);
  EXPECT_EQ(BE.StreamWaits[0].Waiter, S2);
  EXPECT_EQ(BE.StreamWaits[0].On, S1);
}

// ---- out of memory -----------------------------------------------------------

TEST(AllocOom, FreeAllCachedAndRetry) {
  FakeBackend BE(30 * MiB);
  Allocator A(BE, caching());
  void *P = nullptr;
  ASSERT_EQ(A.allocate(&P, 12 * MiB, nullptr, true, HERE), Err::Ok);
  bool K;
  A.deallocate(P, nullptr, true, K); // 12 MiB stays cached
  void *Q = nullptr;
  ASSERT_EQ(A.allocate(&Q, 25 * MiB, nullptr, true, HERE), Err::Ok);
  Stats S = A.stats();
  EXPECT_EQ(S.NumOomRetries, 1u);
  EXPECT_EQ(S.NumOoms, 0u);
  EXPECT_EQ(S.ReservedBytes, 26 * MiB);
  EXPECT_EQ(BE.FreeCalls, 1);
  EXPECT_EQ(BE.MallocCalls, 3); // 12, 26 (fails), 26
}

TEST(AllocOom, FreeOneFittingSegmentFirst) {
  FakeBackend BE(1024 * MiB);
  Config C = caching();
  C.MaxSplitSize = 32 * MiB; // the 40 MiB block cannot serve 30.5 MiB
  Allocator A(BE, C);
  void *P40 = nullptr, *P20 = nullptr, *P = nullptr;
  bool K;
  A.allocate(&P40, 40 * MiB, nullptr, true, HERE);
  A.allocate(&P20, 4 * MiB, nullptr, true, HERE); // 20 MiB segment
  A.deallocate(P40, nullptr, true, K);
  A.deallocate(P20, nullptr, true, K);
  BE.failNextMallocs(1);
  ASSERT_EQ(A.allocate(&P, 30 * MiB + 512 * KiB, nullptr, true, HERE), Err::Ok);
  // only the 40 MiB segment (the smallest big enough) went back
  EXPECT_EQ(BE.FreeCalls, 1);
  EXPECT_EQ(A.stats().ReservedBytes, 20 * MiB + 32 * MiB);
}

TEST(AllocOom, ReportNamesSizeSitesAndSettings) {
  FakeBackend BE(40 * MiB);
  Config C = caching();
  C.OomReport = false; // keep the test log quiet
  C.MaxSplitSize = 64 * MiB;
  Allocator A(BE, C);
  void *P = nullptr, *Q = nullptr;
  ASSERT_EQ(A.allocate(&P, 26 * MiB, nullptr, true, Site{"train.cu", 42}),
            Err::Ok);
  EXPECT_EQ(A.allocate(&Q, 20 * MiB, nullptr, true, Site{"model.cu", 7}),
            Err::Oom);
  EXPECT_EQ(BE.lastError(), 2);
  Stats S = A.stats();
  EXPECT_EQ(S.NumOoms, 1u);
  EXPECT_EQ(S.NumOomRetries, 1u);
  std::string R = A.lastOomReport();
  EXPECT_NE(R.find("tried to allocate 20.00 MiB at model.cu:7"), std::string::npos) << R;
  EXPECT_NE(R.find("device: 14.00 MiB free of 40.00 MiB"), std::string::npos) << R;
  EXPECT_NE(R.find("26.00 MiB in 1 allocation(s), peak 26.00 MiB  train.cu:42"),
            std::string::npos) << R;
  EXPECT_NE(R.find("backend:caching,max_split_size_mb:64"), std::string::npos) << R;
}

TEST(AllocOom, PassthroughOomIsReported) {
  FakeBackend BE(MiB);
  Config C;
  C.OomReport = false;
  Allocator A(BE, C);
  void *P = nullptr;
  EXPECT_EQ(A.allocate(&P, 2 * MiB, nullptr, false, Site{"x.cu", 3}), Err::Oom);
  EXPECT_EQ(A.stats().NumOoms, 1u);
  EXPECT_NE(A.lastOomReport().find("hint: CU2HIP_ALLOC_CONF=backend:caching"),
            std::string::npos);
}

TEST(AllocGc, ThresholdReturnsOldestFreeSegments) {
  FakeBackend BE(100 * MiB);
  Config C = caching();
  C.GcThreshold = 0.5;
  Allocator A(BE, C);
  void *P = nullptr, *Q = nullptr;
  bool K;
  A.allocate(&P, 30 * MiB, nullptr, true, HERE);
  A.deallocate(P, nullptr, true, K);
  ASSERT_EQ(A.allocate(&Q, 40 * MiB, nullptr, true, HERE), Err::Ok);
  Stats S = A.stats();
  EXPECT_EQ(S.NumGcReleases, 1u);
  EXPECT_EQ(S.ReservedBytes, 40 * MiB);
  EXPECT_EQ(BE.FreeCalls, 1);
}

TEST(AllocAsync, ReleaseThresholdAndStreamOrderedCalls) {
  FakeBackend BE(100 * MiB);
  Config C;
  C.Backend = BackendKind::Async;
  C.ReleaseThreshold = 1ull << 30;
  Allocator A(BE, C);
  EXPECT_EQ(BE.ReleaseThreshold, 1ull << 30);
  void *P = nullptr;
  bool K;
  ASSERT_EQ(A.allocate(&P, 1000, nullptr, false, HERE), Err::Ok);
  EXPECT_EQ(A.deallocate(P, nullptr, false, K), Err::Ok);
  EXPECT_TRUE(K);
  EXPECT_EQ(BE.AsyncCalls, 2); // mallocAsync + freeAsync
  EXPECT_EQ(BE.MallocCalls, 1);
  EXPECT_EQ(A.stats().AllocatedBytes, 0u);
}

TEST(AllocReport, MentionsCountsAndSites) {
  FakeBackend BE(100 * MiB);
  Allocator A(BE, caching());
  void *P = nullptr;
  A.allocate(&P, 5000, nullptr, true, Site{"r.cu", 9});
  std::string R = A.report();
  EXPECT_NE(R.find("allocated 5.00 KiB"), std::string::npos) << R;
  EXPECT_NE(R.find("reserved 2.00 MiB"), std::string::npos) << R;
  EXPECT_NE(R.find("r.cu:9"), std::string::npos) << R;
  EXPECT_NE(R.find("cache hits 0, splits 1"), std::string::npos) << R;
}
