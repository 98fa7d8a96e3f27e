// The deep-RL allocation trace (bench/traces/drl-small.trace) replayed
// through the allocator against the fake device, and the trace reader's
// errors.
#include "alloc_trace.h"
#include "allocator.h"
#include "fake_backend.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace cu2hip::alloc;
namespace tr = cu2hip::trace;

namespace {

constexpr size_t MiB = 1024 * 1024;

struct Replayed {
  Stats St;
  bool Ok;
  size_t MappedAfterEmpty, UsedAfterEmpty;
  int VmErrors;
};

Replayed replaySmall(const char *Conf) {
  tr::Trace T;
  EXPECT_EQ(tr::load(CU2HIP_TRACE_DIR "/drl-small.trace", T), "");
  Config C;
  EXPECT_EQ(parseConfig(Conf, C), "");
  FakeBackend BE(1024 * MiB);
  Allocator A(BE, C);
  std::vector<void *> Ptrs;
  bool Ok = tr::replay(T, Ptrs, [&](const tr::Op &O, std::vector<void *> &P) {
    Stream S = reinterpret_cast<Stream>(uintptr_t(O.Stream) * 0x1000);
    bool K = false;
    if (O.Kind == 'a')
      return A.allocate(&P[O.Id], O.Bytes, S, O.Stream != 0,
                        Site{"trace", 1}) == Err::Ok;
    if (O.Kind == 'f')
      return A.deallocate(P[O.Id], S, O.Stream != 0, K) == Err::Ok && K;
    return true;
  });
  Replayed R;
  R.St = A.stats();
  R.Ok = Ok;
  A.emptyCache();
  R.MappedAfterEmpty = BE.Mapped.size();
  R.UsedAfterEmpty = BE.Used;
  R.VmErrors = BE.VmErrors;
  return R;
}

} // namespace

TEST(AllocTrace, ReaderCountsTheSmallTrace) {
  tr::Trace T;
  ASSERT_EQ(tr::load(CU2HIP_TRACE_DIR "/drl-small.trace", T), "");
  EXPECT_EQ(T.DeviceAllocs, T.DeviceFrees); // everything is freed
  EXPECT_EQ(T.NumStreams, 2);               // training and evaluation
  EXPECT_GT(T.DeviceAllocs, 200u);
  EXPECT_GE(T.PeakLiveRounded, T.PeakLiveBytes);
  int Host = 0;
  for (const tr::Op &O : T.Ops)
    Host += O.Kind == 'h';
  EXPECT_EQ(Host, 2); // the replay buffer
}

TEST(AllocTrace, ReaderErrorsNameTheLine) {
  tr::Trace T;
  std::istringstream A("cu2hip-alloc-trace 1\na 0 512 0 x\nf 1\n");
  EXPECT_EQ(tr::parse(A, "t", T), "t:3: free of id 1 never allocated");
  std::istringstream B("cu2hip-alloc-trace 1\na 0 512 0 x\nf 0\nf 0\n");
  EXPECT_EQ(tr::parse(B, "t", T), "t:4: free of id 0 freed twice");
  std::istringstream C("cu2hip-alloc-trace 1\n# c\na 0 -5 0 x\n");
  EXPECT_EQ(tr::parse(C, "t", T), "t:3: expected 'a ID BYTES STREAM TAG'");
  std::istringstream D("something else\n");
  EXPECT_EQ(tr::parse(D, "t", T).substr(0, 34), "t:1: not a cu2hip allocation trace");
  std::istringstream E("cu2hip-alloc-trace 1\nh 0 64 r\nf 0\n");
  EXPECT_EQ(tr::parse(E, "t", T), "t:3: free of id 0 of the other kind");
}

TEST(AllocTrace, SmallTraceThroughEachSetting) {
  tr::Trace T;
  ASSERT_EQ(tr::load(CU2HIP_TRACE_DIR "/drl-small.trace", T), "");
  Replayed P = replaySmall("");
  ASSERT_TRUE(P.Ok);
  EXPECT_EQ(P.St.PeakAllocatedBytes, T.PeakLiveBytes); // sizes as asked
  EXPECT_EQ(P.St.NumDeviceMallocs, T.DeviceAllocs);
  Replayed C = replaySmall("backend:caching");
  ASSERT_TRUE(C.Ok);
  EXPECT_EQ(C.St.PeakAllocatedBytes, T.PeakLiveRounded); // 512 B rounding
  EXPECT_EQ(C.St.AllocatedBytes, 0u);
  EXPECT_GE(C.St.PeakReservedBytes, C.St.PeakAllocatedBytes);
  EXPECT_LT(C.St.NumDeviceMallocs, 10u);
  EXPECT_EQ(C.St.NumOoms, 0u);
  EXPECT_EQ(C.UsedAfterEmpty, 0u);
  Replayed X = replaySmall("backend:caching,expandable_segments:1");
  ASSERT_TRUE(X.Ok);
  EXPECT_EQ(X.St.PeakAllocatedBytes, T.PeakLiveRounded);
  // Growing segments in place wastes less than a segment per miss.
  EXPECT_LT(X.St.PeakReservedBytes, C.St.PeakReservedBytes);
  EXPECT_LT(double(X.St.PeakReservedBytes) / double(X.St.PeakAllocatedBytes),
            1.4);
  EXPECT_EQ(X.MappedAfterEmpty, 0u); // every mapping undone by empty_cache
  EXPECT_EQ(X.UsedAfterEmpty, 0u);
  EXPECT_EQ(X.VmErrors, 0);
}
