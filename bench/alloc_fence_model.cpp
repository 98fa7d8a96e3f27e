// alloc_fence_model: a virtual-time model of the hipMalloc + hipFree round
// trip of bench/alloc_bench.hip through the caching allocator (default
// settings), to see how the free fences behave for a given device latency
// before a GPU run. Not a measurement: the costs are parameters.
//
// Calibration (H200 run of 2026-12-02,
// docs/results/alloc-roundtrip-2026-12-02.md): the cached round trip without
// fences (free_fence:0, one event record per free) took 435-459 ns at 16/256
// MiB and 209 ns at 512 B without a record, so the hooks' work is about 100 ns
// per call and a record about 250 ns; with one record and one query of that
// fresh event per round trip (the code before batching) it took 1806-1861 ns,
// so the first query of a fresh event costs about 1400 ns (it makes the driver
// submit the recorded work); a query of an event already queried, 296 ns (the
// raw benchmark's hipEventQuery of a complete event). 0 host waits and 3 lag
// segments in that run: events completed within about a round trip of their
// record (latency well under 2 us). The driver's hipMalloc: 90 us (above 64
// MiB: 250 us).
//
// Each size runs WARM round trips (growth to the steady state, reported as
// the reserved memory) and then TRIPS timed ones, in one allocator, sizes in
// the benchmark's order.
//
// g++ -O2 -std=c++17 -Iruntime/alloc bench/alloc_fence_model.cpp
//     runtime/alloc/allocator.cpp runtime/alloc/config.cpp -o alloc_fence_model
// Usage: alloc_fence_model [--record NS] [--query NS] [--requery NS]
//                          [--hook NS] [LATENCY_NS...]
// (latencies default to 300 1000 1800 6000)
#include "allocator.h"
#include "fake_backend.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <vector>

using namespace cu2hip::alloc;

namespace {

struct Costs {
  double Record = 250, Query = 1400, Requery = 296, Hook = 100;
};

/// The fake device with a clock: every call advances it by its cost.
struct TimedDevice : FakeBackend {
  double Now = 0, Latency;
  Costs C;
  std::map<Event, double> DoneAt;
  std::set<Event> Queried; // since their last record
  TimedDevice(double Latency, Costs C)
      : FakeBackend(size_t(140) << 30), Latency(Latency), C(C) {}
  Err eventRecord(Event E, Stream S) override {
    Now += C.Record;
    DoneAt[E] = Now + Latency;
    Queried.erase(E);
    return FakeBackend::eventRecord(E, S);
  }
  bool eventDone(Event E) override {
    Now += Queried.insert(E).second ? C.Query : C.Requery;
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
  Costs C;
  std::vector<double> Latencies;
  for (int I = 1; I < argc; ++I) {
    auto opt = [&](const char *Name, double &V) {
      if (std::strcmp(argv[I], Name) || I + 1 >= argc)
        return false;
      V = std::atof(argv[++I]);
      return true;
    };
    if (!opt("--record", C.Record) && !opt("--query", C.Query) &&
        !opt("--requery", C.Requery) && !opt("--hook", C.Hook))
      Latencies.push_back(std::atof(argv[I]));
  }
  if (Latencies.empty())
    Latencies = {300, 1000, 1800, 6000};
  std::printf(
      "costs: record %.0f ns, first query %.0f ns, later query %.0f ns, "
      "hooks %.0f ns per call\n\n",
      C.Record, C.Query, C.Requery, C.Hook);
  const size_t Sizes[] = {512, 64 << 10, 1 << 20, 16 << 20, 256 << 20};
  const int Warm = 5000, Trips = 20000;
  std::printf(
      "| device latency ns | size | modelled ns / round trip | host waits | "
      "records / 100 trips | queries / 100 trips | reserved MiB |\n"
      "|---|---|---|---|---|---|---|\n");
  for (double L : Latencies) {
    TimedDevice BE(L, C);
    Config Cfg;
    Cfg.Backend = BackendKind::Caching;
    Allocator A(BE, Cfg);
    for (size_t N : Sizes) {
      void *P = nullptr;
      bool Known;
      auto trip = [&] {
        BE.Now += C.Hook;
        A.allocate(&P, N, nullptr, false, Site{"model", 1});
        BE.Now += C.Hook;
        A.deallocate(P, nullptr, false, Known);
      };
      for (int I = 0; I < Warm; ++I)
        trip();
      double T0 = BE.Now;
      Stats S0 = A.stats();
      int R0 = BE.Records, Q0 = BE.Queries;
      for (int I = 0; I < Trips; ++I)
        trip();
      Stats S = A.stats();
      std::printf("| %.0f | %zu B | %.0f | %llu | %.1f | %.1f | %.0f |\n", L, N,
                  (BE.Now - T0) / Trips,
                  (unsigned long long)(S.NumHostWaits - S0.NumHostWaits),
                  100.0 * (BE.Records - R0) / Trips,
                  100.0 * (BE.Queries - Q0) / Trips,
                  double(S.ReservedBytes) / double(1 << 20));
    }
  }
  return 0;
}
