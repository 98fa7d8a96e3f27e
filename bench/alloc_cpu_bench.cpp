// alloc_cpu_bench: CPU cost of the caching allocator's logic alone (fake
// device, no driver calls): ns per allocate+deallocate round trip; and, for
// each trace named on the command line, the trace replayed through the
// allocator in each setting (peak allocated / reserved as the allocator
// counts them: the same numbers as on a GPU, whose driver is not involved).
// g++ -O2 -std=c++17 -Iruntime/alloc -Ibench bench/alloc_cpu_bench.cpp
//     runtime/alloc/allocator.cpp runtime/alloc/config.cpp -o alloc_cpu_bench
// Usage: alloc_cpu_bench [--no-round-trips] [TRACE...]
#include "alloc_trace.h"
#include "allocator.h"
#include "fake_backend.h"

#include <chrono>
#include <cstdio>
#include <cstring>

using namespace cu2hip::alloc;
namespace tr = cu2hip::trace;

namespace {

void roundTrips() {
  const size_t Sizes[] = {512, 64 << 10, 1 << 20, 16 << 20, 256 << 20};
  std::printf("| mode | size | ns / round trip (CPU only) |\n|---|---|---|\n");
  for (int Mode = 0; Mode < 4; ++Mode)
    for (size_t N : Sizes) {
      FakeBackend BE(size_t(64) << 30);
      Config C;
      C.Backend = BackendKind::Caching;
      C.FreeFence = Mode != 1;
      C.ExpandableSegments = Mode == 3;
      Allocator A(BE, C);
      Stream S = Mode == 2 ? reinterpret_cast<Stream>(0x10) : nullptr;
      bool Ordered = Mode == 2, K;
      void *P;
      const long It = 1000000;
      for (int I = 0; I < 100; ++I) {
        A.allocate(&P, N, S, Ordered, Site{__FILE__, __LINE__});
        A.deallocate(P, S, Ordered, K);
      }
      auto T0 = std::chrono::steady_clock::now();
      for (long I = 0; I < It; ++I) {
        A.allocate(&P, N, S, Ordered, Site{__FILE__, __LINE__});
        A.deallocate(P, S, Ordered, K);
      }
      double Ns = std::chrono::duration<double, std::nano>(
                      std::chrono::steady_clock::now() - T0)
                      .count() /
                  It;
      const char *M = Mode == 0   ? "hipMalloc/hipFree, default (free_fence:1)"
                      : Mode == 1 ? "hipMalloc/hipFree, free_fence:0"
                      : Mode == 2 ? "hipMallocAsync/hipFreeAsync, 1 stream"
                                  : "hipMalloc/hipFree, expandable_segments:1";
      std::printf("| %s | %zu B | %.0f |\n", M, N, Ns);
    }
}

void replay(const tr::Trace &T, const char *Label, const char *Conf) {
  Config C;
  std::string Err = parseConfig(Conf, C);
  if (!Err.empty()) {
    std::fprintf(stderr, "%s\n", Err.c_str());
    return;
  }
  C.OomReport = false;
  FakeBackend BE(size_t(140) << 30);
  Allocator A(BE, C);
  std::vector<void *> Ptrs;
  std::vector<Stream> Streams;
  for (int S = 0; S < T.NumStreams; ++S)
    Streams.push_back(reinterpret_cast<Stream>(uintptr_t(S) * 0x1000));
  auto T0 = std::chrono::steady_clock::now();
  bool Ok = tr::replay(T, Ptrs, [&](const tr::Op &O, std::vector<void *> &P) {
    bool K;
    if (O.Kind == 'a')
      return A.allocate(&P[O.Id], O.Bytes, Streams[O.Stream], O.Stream != 0,
                        Site{"trace", int(O.Id)}) == cu2hip::alloc::Err::Ok;
    if (O.Kind == 'f')
      return A.deallocate(P[O.Id], Streams[O.Stream], O.Stream != 0, K) ==
             cu2hip::alloc::Err::Ok;
    return true;
  });
  double Ns = std::chrono::duration<double, std::nano>(
                  std::chrono::steady_clock::now() - T0)
                  .count() /
              double(T.DeviceAllocs + T.DeviceFrees);
  Stats S = A.stats();
  uint64_t Res = C.Backend == BackendKind::Caching ? S.PeakReservedBytes
                                                   : S.PeakAllocatedBytes;
  std::printf("| %s | %.3f | %.3f | %.3f | %llu | %llu | %.0f | %s |\n", Label,
              double(S.PeakAllocatedBytes) / double(1ull << 30),
              double(Res) / double(1ull << 30),
              double(Res) / double(S.PeakAllocatedBytes),
              (unsigned long long)S.NumDeviceMallocs,
              (unsigned long long)S.NumOomRetries, Ns, Ok ? "ok" : "FAILED");
}

} // namespace

int main(int Argc, char **Argv) {
  int I = 1;
  bool Trips = true;
  if (I < Argc && !std::strcmp(Argv[I], "--no-round-trips")) {
    Trips = false;
    ++I;
  }
  if (Trips)
    roundTrips();
  const char *Settings[][2] = {
      {"passthrough", ""},
      {"caching", "backend:caching"},
      {"caching, roundup_power2_divisions:4",
       "backend:caching,roundup_power2_divisions:4"},
      {"caching, expandable_segments", "backend:caching,expandable_segments:1"},
      {"caching, expandable_segments, roundup_power2_divisions:4",
       "backend:caching,expandable_segments:1,roundup_power2_divisions:4"},
  };
  for (; I < Argc; ++I) {
    tr::Trace T;
    std::string Err = tr::load(Argv[I], T);
    if (!Err.empty()) {
      std::fprintf(stderr, "%s\n", Err.c_str());
      return 2;
    }
    std::printf("\n%s: %zu ops, peak live %.3f GiB\n", Argv[I], T.Ops.size(),
                double(T.PeakLiveBytes) / double(1ull << 30));
    std::printf("| setting (fake device) | peak allocated GiB | peak reserved "
                "GiB | ratio | device allocations | OOM retries | ns / op "
                "(CPU) | replay |\n|---|---|---|---|---|---|---|---|\n");
    for (auto &S : Settings)
      replay(T, S[0], S[1]);
  }
}
