// alloc_fence_model: a virtual-time model of the hipMalloc + hipFree round
// trip of bench/alloc_bench.hip through the caching allocator (default
// settings), to see how the free fences behave for a given device latency
// before a GPU run. Not a measurement: the costs are parameters, taken from
// the H200 run of 2026-12-01 (docs/results/alloc-roundtrip-2026-12-01.md):
// hipEventRecord 554 ns, hipEventQuery 296 ns, the hooks' own work about
// 120 ns per call, hipMalloc 90 us (256 MiB: 250 us). An event completes
// LATENCY ns after its record returns (the device is otherwise idle).
// g++ -O2 -std=c++17 -Iruntime/alloc bench/alloc_fence_model.cpp
//     runtime/alloc/allocator.cpp runtime/alloc/config.cpp -o alloc_fence_model
// Usage: alloc_fence_model [LATENCY_NS...]   (default 1000 1800 3000 6000)
#include "allocator.h"
#include "fake_backend.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <vector>

using namespace cu2hip::alloc;

namespace {

/// The fake device with a clock: every call advances it by its cost.
struct TimedDevice : FakeBackend {
  double Now = 0, Latency;
  std::map<Event, double> DoneAt;
  explicit TimedDevice(double Latency)
      : FakeBackend(size_t(140) << 30), Latency(Latency) {}
  Err eventRecord(Event E, Stream S) override {
    Now += 554;
    DoneAt[E] = Now + Latency;
    return FakeBackend::eventRecord(E, S);
  }
  bool eventDone(Event E) override {
    Now += 296;
    Queries++;
    return Now >= DoneAt[E];
  }
  Err eventSynchronize(Event E) override {
    Now = std::max(Now + 100, DoneAt[E]);
    HostWaits.push_back(Wait{});
    return Err::Ok;
  }
  Err malloc(void **P, size_t N) override {
    Now += N > (64u << 20) ? 250000 : 90000;
    return FakeBackend::malloc(P, N);
  }
};

} // namespace

int main(int argc, char **argv) {
  std::vector<double> Latencies = {1000, 1800, 3000, 6000};
  if (argc > 1) {
    Latencies.clear();
    for (int I = 1; I < argc; ++I)
      Latencies.push_back(std::atof(argv[I]));
  }
  const size_t Sizes[] = {512, 64 << 10, 1 << 20, 16 << 20, 256 << 20};
  std::printf("| device latency ns | size | modelled ns / round trip | host waits | "
              "fences | reserved MiB |\n|---|---|---|---|---|---|\n");
  for (double L : Latencies) {
    TimedDevice BE(L);
    Config C;
    C.Backend = BackendKind::Caching;
    Allocator A(BE, C);
    for (size_t N : Sizes) { // one process, sizes in the benchmark's order
      void *P = nullptr;
      bool Known;
      auto trip = [&] {
        BE.Now += 120;
        A.allocate(&P, N, nullptr, false, Site{"model", 1});
        BE.Now += 120;
        A.deallocate(P, nullptr, false, Known);
      };
      for (int I = 0; I < 20; ++I)
        trip();
      double T0 = BE.Now;
      Stats S0 = A.stats();
      const int Trips = 20000;
      for (int I = 0; I < Trips; ++I)
        trip();
      Stats S = A.stats();
      std::printf("| %.0f | %zu B | %.0f | %llu | %llu | %.0f |\n", L, N,
                  (BE.Now - T0) / Trips,
                  (unsigned long long)(S.NumHostWaits - S0.NumHostWaits),
                  (unsigned long long)(S.NumFences - S0.NumFences),
                  double(S.ReservedBytes) / double(1 << 20));
    }
  }
  return 0;
}
