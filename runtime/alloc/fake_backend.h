//===- fake_backend.h - a CPU-only DeviceBackend for tests ----------------===//
//
// Simulates a device with a fixed capacity, fake addresses (never
// dereferenced) and streams whose work completes only when the test says so:
// launch(S) enqueues one unit of work on S, complete(S) finishes it all.
// Every stream wait and host wait is logged so tests can assert them.
//
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_ALLOC_FAKE_BACKEND_H
#define CU2HIP_ALLOC_FAKE_BACKEND_H

#include "backend.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <memory>
#include <vector>

namespace cu2hip {
namespace alloc {

class FakeBackend : public DeviceBackend {
public:
  struct Wait {
    Stream Waiter; // stream that waits (null for a host wait)
    Stream On;     // stream the event was recorded on
    uint64_t Upto; // work count of `On` captured by the event
  };

  explicit FakeBackend(size_t Capacity, size_t Alignment = 256)
      : Capacity(Capacity), Alignment(Alignment) {}
  ~FakeBackend() override {
    for (auto &E : Events)
      delete E.second;
  }

  // --- simulation controls -------------------------------------------------
  void launch(Stream S) { Submitted[S]++; }
  void complete(Stream S) { Done[S] = Submitted[S]; }
  /// The device has finished the first N units of work on S (a device that
  /// lags behind the host).
  void completeUpTo(Stream S, uint64_t N) {
    if (Done[S] < N)
      Done[S] = std::min(N, Submitted[S]);
  }
  void completeAll() {
    for (auto &KV : Submitted)
      Done[KV.first] = KV.second;
  }
  /// Make the next N malloc calls fail with Oom regardless of capacity.
  void failNextMallocs(int N) { FailNext = N; }

  // --- DeviceBackend -------------------------------------------------------
  Err malloc(void **Ptr, size_t Bytes) override {
    MallocCalls++;
    if (FailNext > 0) {
      FailNext--;
      return oom();
    }
    if (Bytes > Capacity - Used)
      return oom();
    uintptr_t A = Next;
    Next += (Bytes + Alignment - 1) / Alignment * Alignment + Alignment;
    Live[A] = Bytes;
    Used += Bytes;
    *Ptr = reinterpret_cast<void *>(A);
    return Err::Ok;
  }
  Err free(void *Ptr) override {
    FreeCalls++;
    auto It = Live.find(reinterpret_cast<uintptr_t>(Ptr));
    if (It == Live.end()) {
      Last = 1; // hipErrorInvalidValue
      return Err::Other;
    }
    Used -= It->second;
    Live.erase(It);
    completeAll(); // hipFree synchronises the device
    return Err::Ok;
  }
  Err mallocAsync(void **Ptr, size_t Bytes, Stream) override {
    AsyncCalls++;
    return malloc(Ptr, Bytes);
  }
  Err freeAsync(void *Ptr, Stream) override {
    AsyncCalls++;
    auto It = Live.find(reinterpret_cast<uintptr_t>(Ptr));
    if (It == Live.end())
      return Err::Other;
    Used -= It->second;
    Live.erase(It);
    return Err::Ok;
  }
  Err setReleaseThreshold(uint64_t B) override {
    ReleaseThreshold = B;
    return Err::Ok;
  }
  Err memInfo(size_t *Free, size_t *Total) override {
    *Free = Capacity - Used;
    *Total = Capacity;
    return Err::Ok;
  }
  Err eventCreate(Event *E) override {
    FakeEvent *F = new FakeEvent;
    Events[F] = F;
    EventsCreated++;
    *E = F;
    return Err::Ok;
  }
  void eventDestroy(Event E) override {
    auto It = Events.find(E);
    if (It != Events.end()) {
      delete It->second;
      Events.erase(It);
    }
  }
  Err eventRecord(Event E, Stream S) override {
    FakeEvent *F = Events.at(E);
    F->On = S;
    F->Upto = Submitted[S];
    Records++;
    return Err::Ok;
  }
  bool eventDone(Event E) override {
    FakeEvent *F = Events.at(E);
    Queries++;
    return Done[F->On] >= F->Upto;
  }
  Err eventSynchronize(Event E) override {
    FakeEvent *F = Events.at(E);
    HostWaits.push_back(Wait{nullptr, F->On, F->Upto});
    if (Done[F->On] < F->Upto)
      Done[F->On] = F->Upto;
    return Err::Ok;
  }
  Err streamWaitEvent(Stream S, Event E) override {
    FakeEvent *F = Events.at(E);
    StreamWaits.push_back(Wait{S, F->On, F->Upto});
    return Err::Ok;
  }
  int lastError() const override { return Last; }

  // Virtual memory: reservations and mappings are checked (a mapping must
  // lie in a reservation and overlap no other; an unmap must name exactly
  // one earlier mapping and its handle). A broken rule counts in VmErrors.
  Err vmGranularity(size_t *Bytes) override {
    if (!HasVm)
      return Err::Other;
    *Bytes = Granularity;
    return Err::Ok;
  }
  Err vmReserve(void **Va, size_t Bytes) override {
    if (!HasVm)
      return Err::Other;
    uintptr_t A = (VaNext + Granularity - 1) / Granularity * Granularity;
    VaNext = A + Bytes + Granularity;
    Reserved[A] = Bytes;
    *Va = reinterpret_cast<void *>(A);
    return Err::Ok;
  }
  Err vmMap(void *Va, size_t Bytes, uint64_t *Handle) override {
    MapCalls++;
    uintptr_t A = reinterpret_cast<uintptr_t>(Va);
    bool Inside = false;
    for (auto &R : Reserved)
      Inside = Inside || (A >= R.first && A + Bytes <= R.first + R.second);
    auto Nx = Mapped.lower_bound(A);
    bool Overlap = (Nx != Mapped.end() && Nx->first < A + Bytes) ||
                   (Nx != Mapped.begin() &&
                    std::prev(Nx)->first + std::prev(Nx)->second.Bytes > A);
    if (!Inside || Overlap || Bytes % Granularity || A % Granularity) {
      VmErrors++;
      return Err::Other;
    }
    if (FailNext > 0) {
      FailNext--;
      return oom();
    }
    if (Bytes > Capacity - Used)
      return oom();
    Used += Bytes;
    Mapped[A] = Mapping{Bytes, ++HandleSeq};
    *Handle = HandleSeq;
    return Err::Ok;
  }
  Err vmUnmap(void *Va, size_t Bytes, uint64_t Handle) override {
    UnmapCalls++;
    auto It = Mapped.find(reinterpret_cast<uintptr_t>(Va));
    if (It == Mapped.end() || It->second.Bytes != Bytes ||
        It->second.Handle != Handle) {
      VmErrors++;
      return Err::Other;
    }
    Used -= Bytes;
    Mapped.erase(It);
    completeAll(); // synchronises the device
    return Err::Ok;
  }

  // --- what tests look at --------------------------------------------------
  size_t Capacity, Alignment;
  size_t Used = 0;
  uintptr_t Next = 0x100000;
  std::map<uintptr_t, size_t> Live;
  std::map<Stream, uint64_t> Submitted, Done;
  std::vector<Wait> StreamWaits, HostWaits;
  int MallocCalls = 0, FreeCalls = 0, AsyncCalls = 0, FailNext = 0;
  int EventsCreated = 0, Records = 0, Queries = 0;
  uint64_t ReleaseThreshold = 0;
  int Last = 0;
  // Virtual memory.
  struct Mapping {
    size_t Bytes;
    uint64_t Handle;
  };
  bool HasVm = true;
  size_t Granularity = 2 << 20;
  uintptr_t VaNext = uintptr_t(1) << 40;
  uint64_t HandleSeq = 0;
  std::map<uintptr_t, size_t> Reserved;
  std::map<uintptr_t, Mapping> Mapped;
  int MapCalls = 0, UnmapCalls = 0, VmErrors = 0;

private:
  struct FakeEvent {
    Stream On = nullptr;
    uint64_t Upto = 0;
  };
  Err oom() {
    Last = 2; // hipErrorOutOfMemory
    return Err::Oom;
  }
  std::map<Event, FakeEvent *> Events;
};

} // namespace alloc
} // namespace cu2hip

#endif
