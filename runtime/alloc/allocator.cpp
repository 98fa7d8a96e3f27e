//===- allocator.cpp - cu2hip device allocator ----------------------------===//
//
// Pass-through with statistics, or a caching allocator:
//  * sizes rounded to 512 B (or to power-of-two subdivisions);
//  * a small pool (<= 1 MiB, carved from 2 MiB segments) and a large pool
//    (1..10 MiB carved from 20 MiB segments, larger requests get their own
//    segment rounded to 2 MiB);
//  * best fit, on the requesting stream first, then on any stream; blocks
//    are split when the rest is worth keeping and merged with free
//    neighbours when freed;
//  * a free block remembers the streams whose work may still touch it
//    ("uses"); reuse on another stream makes that stream wait for an event
//    recorded on them (no host wait), reuse by the synchronous hipMalloc
//    waits on the host unless the events have completed;
//  * blocks freed by the synchronous hipFree wait outside the pools until one
//    fence event, recorded after their frees, covers a whole batch of them;
//    in a free/malloc hot loop the fences are pipelined and a request takes
//    new memory (within a budget) rather than waiting for one;
//  * with expandable segments, each pool is one reserved address range that
//    grows by mapping memory at its end, and shrinks from its end;
//  * on out-of-memory: return one cached free segment big enough, retry;
//    return all cached free segments, retry; then report.
//
//===----------------------------------------------------------------------===//
#include "allocator.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace cu2hip {
namespace alloc {

namespace {
size_t roundUp(size_t X, size_t M) { return (X + M - 1) / M * M; }
} // namespace

bool Allocator::ByStream::operator()(const Block *A, const Block *B) const {
  uintptr_t HA = reinterpret_cast<uintptr_t>(A->Home),
            HB = reinterpret_cast<uintptr_t>(B->Home);
  if (HA != HB)
    return HA < HB;
  if (A->Size != B->Size)
    return A->Size < B->Size;
  return A->Addr < B->Addr;
}

bool Allocator::BySize::operator()(const Block *A, const Block *B) const {
  if (A->Size != B->Size)
    return A->Size < B->Size;
  return A->Addr < B->Addr;
}

Allocator::Allocator(DeviceBackend &B, const Config &C) : BE(B), Cfg(C) {
  if (Cfg.Backend == BackendKind::Async)
    BE.setReleaseThreshold(Cfg.ReleaseThreshold);
}

Allocator::~Allocator() {
  for (Segment *S : Segments) {
    for (Block *B = S->Head; B;) {
      Block *N = B->Next;
      delete B;
      B = N;
    }
    delete S;
  }
  for (Block *B : SpareBlocks)
    delete B;
  for (EventRec *E : EventPool)
    delete E;
  for (Fence &F : Fences)
    delete F.E;
}

size_t Allocator::roundSize(size_t Bytes) const {
  if (Bytes <= kMinBlock)
    return kMinBlock;
  unsigned Div = Cfg.RoundupPower2Divisions;
  if (Div > 1) {
    size_t Pow2 = size_t(1) << (63 - __builtin_clzll(Bytes)); // floor pow2
    size_t Step = Pow2 / Div;
    if (Step >= kMinBlock)
      return roundUp(Bytes, Step);
  }
  return roundUp(Bytes, kMinBlock);
}

size_t Allocator::segmentSize(size_t Rounded) {
  if (Rounded <= kSmallSize)
    return kSmallSegment;
  if (Rounded < kMinLargeAlloc)
    return kLargeSegment;
  return roundUp(Rounded, kRoundLarge);
}

// ---- sites -------------------------------------------------------------

int Allocator::siteIndex(Site W) {
  if (W.File == LastSite.File && W.Line == LastSite.Line)
    return LastSiteIdx; // loops allocate from one site again and again
  auto Key = std::make_pair(W.File, W.Line);
  auto It = SiteIds.find(Key);
  int Idx;
  if (It != SiteIds.end()) {
    Idx = It->second;
  } else {
    Idx = static_cast<int>(Sites.size());
    SiteStats S;
    S.File = W.File ? W.File : "?";
    S.Line = W.Line;
    Sites.push_back(S);
    SiteIds.emplace(Key, Idx);
  }
  LastSite = W;
  LastSiteIdx = Idx;
  return Idx;
}

void Allocator::siteAdd(int Idx, size_t Bytes) {
  SiteStats &S = Sites[Idx];
  S.LiveBytes += Bytes;
  S.LiveCount++;
  S.TotalAllocs++;
  S.PeakLiveBytes = std::max(S.PeakLiveBytes, S.LiveBytes);
}

void Allocator::siteSub(int Idx, size_t Bytes) {
  if (Idx < 0)
    return;
  SiteStats &S = Sites[Idx];
  S.LiveBytes -= Bytes;
  S.LiveCount--;
}

// ---- events ------------------------------------------------------------

Allocator::EventRec *Allocator::newEvent() {
  EventRec *R;
  if (!EventPool.empty()) {
    R = EventPool.back();
    EventPool.pop_back();
  } else {
    Event E = nullptr;
    if (BE.eventCreate(&E) != Err::Ok)
      return nullptr;
    R = new EventRec;
    R->E = E;
  }
  R->Refs = 1;
  return R;
}

void Allocator::retainEvent(EventRec *E) {
  if (E)
    E->Refs++;
}

void Allocator::releaseEvent(EventRec *E) {
  if (E && --E->Refs == 0)
    EventPool.push_back(E);
}

// Work on one stream is ordered: the latest end of use on a stream covers
// the earlier ones (a lazy use stands for "work up to its tick").
void Allocator::addUse(Block *B, Use U) {
  for (Use &V : B->Uses)
    if (V.S == U.S) {
      if (U.Tick >= V.Tick) {
        releaseEvent(V.E);
        V = U;
      } else {
        releaseEvent(U.E);
      }
      return;
    }
  B->Uses.push_back(U);
}

void Allocator::dropUses(Block *B) {
  for (Use &U : B->Uses)
    releaseEvent(U.E);
  B->Uses.clear();
}

// ---- blocks and pools ----------------------------------------------------

Allocator::Block *Allocator::newBlock() {
  if (SpareBlocks.empty())
    return new Block;
  Block *B = SpareBlocks.back();
  SpareBlocks.pop_back();
  return B;
}

void Allocator::recycle(Block *B) {
  B->Uses.clear(); // keeps the vectors' storage for the next block
  B->Extra.clear();
  B->Addr = 0;
  B->Size = B->Requested = 0;
  B->Prev = B->Next = nullptr;
  B->Seg = nullptr;
  B->Allocated = B->Pending = false;
  B->Home = nullptr;
  B->SiteIdx = -1;
  B->FreeTick = 0;
  SpareBlocks.push_back(B);
}

void Allocator::track(Block *B) {
  if (SpareMapNodes.empty()) {
    AllocatedBlocks.emplace(B->Addr, B);
    return;
  }
  BlockMap::node_type N = std::move(SpareMapNodes.back());
  SpareMapNodes.pop_back();
  N.key() = B->Addr;
  N.mapped() = B;
  AllocatedBlocks.insert(std::move(N));
}

void Allocator::insertFree(Block *B) {
  Pool &P = B->Seg->Small ? SmallPool : LargePool;
  if (!StreamIndex) {
    if (!AnyHome) {
      AnyHome = true;
      OnlyHome = B->Home;
    } else if (B->Home != OnlyHome) { // a second stream: index by stream
      StreamIndex = true;
      for (Pool *Q : {&SmallPool, &LargePool})
        for (Block *X : Q->Sizes.S)
          Q->Streams.insert(X);
    }
  }
  if (StreamIndex)
    P.Streams.insert(B);
  P.Sizes.insert(B);
}

void Allocator::eraseFree(Block *B) {
  Pool &P = B->Seg->Small ? SmallPool : LargePool;
  if (StreamIndex)
    P.Streams.erase(B);
  P.Sizes.erase(B);
}

bool Allocator::fits(const Block *B, size_t Size) const {
  if (B->Size < Size)
    return false;
  if (B->Seg->Expandable)
    return true; // splittable at any size
  if (Size < Cfg.MaxSplitSize && B->Size >= Cfg.MaxSplitSize)
    return false; // keep oversize blocks for oversize requests
  if (Size >= Cfg.MaxSplitSize && B->Size > Size + kLargeSegment)
    return false; // would waste too much of an unsplittable block
  return true;
}

Allocator::Block *Allocator::findFree(Pool &P, size_t Size, Stream S) {
  Block Key;
  Key.Home = S;
  Key.Size = Size;
  Key.Addr = 0;
  if (StreamIndex) { // else every free block has the same stream
    auto It = P.Streams.S.lower_bound(&Key);
    if (It != P.Streams.S.end() && (*It)->Home == S && fits(*It, Size))
      return *It;
  }
  auto It2 = P.Sizes.S.lower_bound(&Key);
  if (It2 != P.Sizes.S.end() && fits(*It2, Size))
    return *It2;
  return nullptr;
}

// Makes B safe to use on S. Keep receives the uses that a part split off B
// must still honour: those known complete (queried, or waited for on the
// host) are dropped for good, so finished work is never queried again.
void Allocator::makeReady(Block *B, Stream S, bool StreamOrdered) {
  Keep.clear();
  if (B->Uses.empty())
    return;
  bool Cross = false;
  for (Use &U : B->Uses) {
    if (StreamOrdered && U.S == S) {
      Keep.push_back(U); // ordered by S itself; other streams must still wait
      continue;
    }
    Cross = Cross || U.S != S;
    EventRec *E = U.E;
    if (!E) { // lazy: an event recorded now covers all work before the free
      E = newEvent();
      if (E)
        BE.eventRecord(E->E, U.S);
    }
    if (!E || BE.eventDone(E->E)) {
      releaseEvent(E);
      continue;
    }
    if (StreamOrdered) {
      BE.streamWaitEvent(S, E->E);
      St.NumStreamWaits++;
      Keep.push_back(Use{U.S, E, U.Tick});
    } else {
      BE.eventSynchronize(E->E);
      St.NumHostWaits++;
      releaseEvent(E);
    }
  }
  B->Uses.clear();
  if (Cross)
    St.NumCrossStreamReuses++;
}

void Allocator::mergeInto(Block *Lo, Block *Hi) {
  // Lo and Hi are adjacent free blocks, Lo first; Hi is recycled.
  Lo->Size += Hi->Size;
  Lo->Next = Hi->Next;
  if (Hi->Next)
    Hi->Next->Prev = Lo;
  if (Lo->Seg->Tail == Hi)
    Lo->Seg->Tail = Lo;
  for (Use &U : Hi->Uses)
    addUse(Lo, U); // takes over Hi's event references
  Hi->Uses.clear();
  Lo->FreeTick = std::max(Lo->FreeTick, Hi->FreeTick);
  recycle(Hi);
  St.NumMerges++;
}

void Allocator::freeAndMerge(Block *B) {
  if (B->Prev && isFree(B->Prev)) {
    Block *P = B->Prev;
    eraseFree(P);
    // The merged block is keyed by the stream of the block just freed.
    P->Home = B->Home;
    mergeInto(P, B);
    B = P;
  }
  if (B->Next && isFree(B->Next)) {
    Block *N = B->Next;
    eraseFree(N);
    mergeInto(B, N);
  }
  insertFree(B);
}

// Blocks freed by hipFree (free_fence:1) wait outside the pools until a fence
// event recorded on the null stream after their frees has completed.
//
// Ordinarily the fence is recorded at a miss (flushPending): one event covers
// every free since the last fence. Already complete: the blocks are free at
// once; otherwise each carries the shared event as a use, so the next reuse
// waits for it (on the host for hipMalloc, on the stream for hipMallocAsync).
// One record and one query per batch instead of per free.
//
// In a hot loop (hotLoop) the fences are batched and pipelined instead: one
// fence is recorded at the free that completes a batch of hotBatch frees
// (startFence; up to kMaxFences in flight), never merely because none is in
// flight; the blocks a fence covers become free only once a query finds it
// complete (advanceFences, at a request that finds no free block; a fence
// covers every free before it, of any size), and frees after the newest one
// wait in Pending. A request that finds no confirmed block then takes new
// memory rather than waiting on the host, as long as the waiting blocks stay
// within the lag budget (lagAllows). So a loop holds about one batch of
// blocks plus what the device's latency needs, and pays one record and about
// one query per batch instead of per round trip.

// Takes B out of the waiting lists into its pool. E: the fence B must still
// wait for (null: known complete).
void Allocator::releaseWaiting(Block *B, EventRec *E) {
  B->Pending = false;
  WaitingBytes -= B->Size;
  (B->Seg->Small ? PendingSmall : PendingLarge)--;
  if (E) {
    retainEvent(E);
    addUse(B, Use{nullptr, E, B->FreeTick});
  }
  freeAndMerge(B);
}

bool Allocator::flushPending() {
  if (Pending.empty() && NumInFlight == 0)
    return false;
  // Fences on the null stream complete in order: when the newest is done,
  // every older one is.
  bool AllDone = NumInFlight && BE.eventDone(fenceAt(NumInFlight - 1).E->E);
  while (NumInFlight)
    popFence(AllDone);
  if (!Pending.empty()) {
    EventRec *E = newEvent();
    if (E)
      BE.eventRecord(E->E, nullptr);
    bool Done = !E || BE.eventDone(E->E);
    St.NumFences++;
    for (Block *B : Pending)
      releaseWaiting(B, Done ? nullptr : E);
    Pending.clear();
    releaseEvent(E);
  }
  return true;
}

// Releases the oldest fence's blocks into the pools: Done, free at once;
// otherwise each keeps the fence as a use.
void Allocator::popFence(bool Done) {
  Fence &F = fenceAt(0);
  for (Block *B : F.Blocks)
    releaseWaiting(B, Done ? nullptr : F.E);
  F.Blocks.clear();
  releaseEvent(F.E);
  F.E = nullptr;
  FenceHead = (FenceHead + 1) % kMaxFences;
  NumInFlight--;
}

// Records a fence covering every block in Pending (unless all slots are in
// flight; the blocks then wait for the next one).
void Allocator::startFence() {
  if (Pending.empty() || NumInFlight == kMaxFences)
    return;
  EventRec *E = newEvent();
  if (!E)
    return; // flushPending copes (it treats a missing event as complete)
  BE.eventRecord(E->E, nullptr);
  St.NumFences++;
  Fence &F = fenceAt(NumInFlight++);
  F.E = E;
  F.Blocks.swap(Pending); // F.Blocks was empty; Pending keeps its storage
}

// Queries the oldest fence in flight; complete: its blocks become free.
// Returns true when blocks became free. Records nothing: in hot loops fences
// are recorded per batch of frees (deallocateCaching), elsewhere by
// flushPending.
bool Allocator::advanceFences() {
  if (NumInFlight == 0 || !BE.eventDone(fenceAt(0).E->E))
    return false;
  popFence(true);
  return true;
}

// A hot loop: hipFree(p) directly followed by hipMalloc of the same rounded
// size, kHotLoopPairs times in a row (any other call in between breaks it).
// There the block just freed is the one wanted next, and a fence recorded
// after the free cannot have completed yet. Called for every synchronous
// caching allocation.
bool Allocator::hotLoop(size_t Size) {
  bool Pair = LastOpSyncFree && LastFreeSize == Size;
  LastOpSyncFree = false;
  if (!Pair)
    LoopCount = 0;
  else if (LoopSize == Size)
    LoopCount++;
  else
    LoopSize = Size, LoopCount = 1;
  return LoopCount >= kHotLoopPairs;
}

// New memory instead of a host wait: only while the blocks waiting for
// fences, with this request, stay within 1/kLagBudgetDivisor of the
// device's memory.
bool Allocator::lagAllows(size_t Size) {
  return WaitingBytes + Size <= lagBudget();
}

uint64_t Allocator::lagBudget() {
  if (LagBudget == 0) {
    size_t Free = 0, Total = 0;
    LagBudget = BE.memInfo(&Free, &Total) == Err::Ok && Total
                    ? Total / kLagBudgetDivisor
                    : 1;
  }
  return LagBudget;
}

// Frees per fence in a hot loop of Rounded-byte blocks: a count, so that
// large blocks share a fence too (by bytes alone a 256 MiB loop would fence
// every free); bounded so that two batches fit in the lag budget.
size_t Allocator::hotBatch(size_t Rounded) {
  size_t K = std::min(kMaxHotBatch,
                      std::max(kMinHotBatch, kHotBatchBytes / Rounded));
  uint64_t Fit = lagBudget() / 2 / Rounded;
  return std::max<size_t>(1, std::min<uint64_t>(K, Fit));
}

// ---- allocate / free ----------------------------------------------------

Err Allocator::allocate(void **Ptr, size_t Bytes, Stream S,
                        bool StreamOrdered, Site Where) {
  std::lock_guard<std::mutex> L(Mu);
  if (StreamOrdered) {
    if (!SawStream) {
      SawStream = true;
      FirstStream = S;
    } else if (S != FirstStream) {
      MultiStream = true;
    }
  }
  if (Bytes == 0) {
    *Ptr = nullptr;
    return Err::Ok;
  }
  if (Cfg.Backend == BackendKind::Caching)
    return allocateCaching(Ptr, Bytes, S, StreamOrdered, Where);

  Err E;
  if (Cfg.Backend == BackendKind::Async)
    E = BE.mallocAsync(Ptr, Bytes, StreamOrdered ? S : nullptr);
  else
    E = StreamOrdered ? BE.mallocAsync(Ptr, Bytes, S) : BE.malloc(Ptr, Bytes);
  if (E != Err::Ok) {
    if (E == Err::Oom) {
      St.NumOoms++;
      LastOom = oomReport(Bytes, Bytes, Where);
      if (Cfg.OomReport)
        std::fprintf(stderr, "%s", LastOom.c_str());
    }
    return E;
  }
  int Idx = siteIndex(Where);
  siteAdd(Idx, Bytes);
  PassLive[reinterpret_cast<uintptr_t>(*Ptr)] = Live{Bytes, OtherKind::Managed, Idx};
  St.NumAllocs++;
  St.NumDeviceMallocs++;
  St.AllocatedBytes += Bytes;
  St.RequestedBytes += Bytes;
  St.ReservedBytes += Bytes;
  St.PeakAllocatedBytes = std::max(St.PeakAllocatedBytes, St.AllocatedBytes);
  St.PeakReservedBytes = std::max(St.PeakReservedBytes, St.ReservedBytes);
  return Err::Ok;
}

// A new ordinary segment for a request of Size (rounded) bytes, returning
// cached segments and retrying on out of memory.
Err Allocator::newSegment(size_t Size, Block **Out) {
  size_t SegSize = segmentSize(Size);
  maybeCollect(SegSize);
  void *Raw = nullptr;
  Err E = BE.malloc(&Raw, SegSize);
  if (E == Err::Oom) {
    St.NumOomRetries++;
    if (releaseOneFitting(SegSize))
      E = BE.malloc(&Raw, SegSize);
    if (E == Err::Oom && releaseAllFree(false, UINT64_MAX) > 0)
      E = BE.malloc(&Raw, SegSize);
  }
  if (E != Err::Ok)
    return E;
  Segment *Seg = new Segment;
  Seg->Base = reinterpret_cast<uintptr_t>(Raw);
  Seg->Size = SegSize;
  Seg->Small = Size <= kSmallSize;
  Block *B = newBlock();
  B->Addr = Seg->Base;
  B->Size = SegSize;
  B->Seg = Seg;
  Seg->Head = Seg->Tail = B;
  Segments.push_back(Seg);
  St.NumDeviceMallocs++;
  St.ReservedBytes += SegSize;
  St.PeakReservedBytes = std::max(St.PeakReservedBytes, St.ReservedBytes);
  *Out = B;
  return Err::Ok;
}

// Grows the pool's expandable segment so that its last block, free, holds
// Size bytes: maps only what the free tail lacks, rounded to the
// granularity. Err::Other: no virtual memory here (the caller falls back).
Err Allocator::grow(Pool &P, size_t Size, Block **Out) {
  Segment *Seg = P.Exp;
  if (!Seg) {
    size_t Gran = 0, Free = 0, Total = 0;
    if (BE.vmGranularity(&Gran) != Err::Ok || Gran == 0 ||
        BE.memInfo(&Free, &Total) != Err::Ok || Total == 0)
      return Err::Other;
    size_t Va = roundUp(Total, Gran);
    void *Base = nullptr;
    if (BE.vmReserve(&Base, Va) != Err::Ok)
      return Err::Other;
    Seg = new Segment;
    Seg->Base = reinterpret_cast<uintptr_t>(Base);
    Seg->Small = &P == &SmallPool;
    Seg->Expandable = true;
    Seg->VaSize = Va;
    Seg->Gran = Gran;
    Segments.push_back(Seg);
    P.Exp = Seg;
  }
  Block *T = Seg->Tail;
  size_t Have = T && isFree(T) ? T->Size : 0;
  size_t Add = roundUp(Size > Have ? Size - Have : 1, Seg->Gran);
  if (Add > Seg->VaSize - Seg->Size)
    return Err::Oom; // the reservation (device memory's size) is full
  maybeCollect(Add);
  // Collection may have unmapped this tail too: look again.
  T = Seg->Tail;
  Have = T && isFree(T) ? T->Size : 0;
  Add = roundUp(Size > Have ? Size - Have : 1, Seg->Gran);
  uint64_t H = 0;
  Err E = BE.vmMap(reinterpret_cast<void *>(Seg->Base + Seg->Size), Add, &H);
  if (E != Err::Ok)
    return E;
  Seg->Chunks.push_back(Chunk{Seg->Size, Add, H});
  Block *B;
  if (Have) {
    eraseFree(T);
    T->Size += Add;
    B = T;
  } else {
    B = newBlock();
    B->Addr = Seg->Base + Seg->Size;
    B->Size = Add;
    B->Seg = Seg;
    B->Prev = T;
    if (T)
      T->Next = B;
    else
      Seg->Head = B;
    Seg->Tail = B;
  }
  Seg->Size += Add;
  St.NumDeviceMallocs++;
  St.ReservedBytes += Add;
  St.PeakReservedBytes = std::max(St.PeakReservedBytes, St.ReservedBytes);
  *Out = B;
  return Err::Ok;
}

// Memory for a request that no cached block serves.
Err Allocator::obtain(Pool &P, size_t Size, Stream S, Site Where, size_t Bytes,
                      Block **Out) {
  Err E = Err::Other;
  if (Cfg.ExpandableSegments && !P.ExpFailed) {
    E = grow(P, Size, Out);
    if (E == Err::Oom) {
      St.NumOomRetries++;
      if (releaseAllFree(false, UINT64_MAX) > 0)
        E = grow(P, Size, Out);
    }
    if (E == Err::Other)
      P.ExpFailed = true; // no virtual memory: ordinary segments from now
  }
  if (E == Err::Other)
    E = newSegment(Size, Out);
  if (E == Err::Ok) {
    if ((*Out)->Home != S && (*Out)->Uses.empty())
      (*Out)->Home = S;
    return E;
  }
  if (E == Err::Oom) {
    St.NumOoms++;
    LastOom = oomReport(Bytes, Size, Where);
    if (Cfg.OomReport)
      std::fprintf(stderr, "%s", LastOom.c_str());
  }
  return E;
}

// A cached block for a request outside hot loops, or null. Large blocks
// freed by hipFree are fenced before the next large request (one fence for
// all frees since then: the pool looks as if every free had been fenced at
// once). Small ones wait for a miss or until 64 are pending: tight
// small-block loops then fence once per 64 round trips.
Allocator::Block *Allocator::findCold(Pool &P, size_t Size, Stream Str) {
  if (&P == &LargePool ? PendingLarge > 0 : PendingSmall >= kMaxPendingSmall)
    flushPending();
  Block *B = findFree(P, Size, Str);
  if (!B && flushPending())
    B = findFree(P, Size, Str);
  return B;
}

// A cached block for a hipMalloc in a hot loop, or null: confirmed free
// blocks first; then queries of the fences in flight, oldest first, until
// one is found incomplete; then, when nothing is confirmed and the lag budget
// allows, null (new memory, no wait); only beyond the budget a host wait
// (for the oldest fence, else as outside hot loops). No fence is recorded
// here: blocks freed since the last one wait for their batch to fill.
Allocator::Block *Allocator::findHot(Pool &P, size_t Size, Stream Str) {
  Block *B = findFree(P, Size, Str);
  while (!B && advanceFences())
    B = findFree(P, Size, Str);
  if (B || (Pending.empty() && NumInFlight == 0))
    return B;
  if (lagAllows(Size)) {
    St.NumFenceLagSegments++;
    return nullptr;
  }
  // Beyond the budget: wait on the host for the oldest fence in flight (the
  // one closest to complete; a batch of blocks), else flush and wait.
  while (!B && NumInFlight) {
    BE.eventSynchronize(fenceAt(0).E->E);
    St.NumHostWaits++;
    popFence(true);
    B = findFree(P, Size, Str);
  }
  if (!B && flushPending())
    B = findFree(P, Size, Str);
  return B;
}

Err Allocator::allocateCaching(void **Ptr, size_t Bytes, Stream S,
                               bool StreamOrdered, Site Where) {
  // With free_fence:0, hipMalloc/hipFree follow the null stream's order.
  bool Ordered = StreamOrdered || !Cfg.FreeFence;
  Stream Str = StreamOrdered ? S : nullptr;
  size_t Size = roundSize(Bytes);
  Pool &P = Size <= kSmallSize ? SmallPool : LargePool;
  bool Hot = !StreamOrdered && Cfg.FreeFence && hotLoop(Size);
  LastOpSyncFree = false;
  Block *B = Hot ? findHot(P, Size, Str) : findCold(P, Size, Str);
  if (B) {
    eraseFree(B);
    St.NumCacheHits++;
  } else {
    Err E = obtain(P, Size, Str, Where, Bytes, &B);
    if (E != Err::Ok)
      return E;
  }
  makeReady(B, Str, Ordered);
  size_t Rest = B->Size - Size;
  bool Split = B->Seg->Small ? Rest >= kMinBlock
                             : (Rest > kSmallSize &&
                                (B->Seg->Expandable || B->Size < Cfg.MaxSplitSize));
  if (Split) {
    // The rest keeps what is still pending on it (and B's stream order).
    Block *R = newBlock();
    R->Addr = B->Addr + Size;
    R->Size = Rest;
    R->Seg = B->Seg;
    R->Prev = B;
    R->Next = B->Next;
    if (B->Next)
      B->Next->Prev = R;
    B->Next = R;
    if (B->Seg->Tail == B)
      B->Seg->Tail = R;
    B->Size = Size;
    R->Home = B->Home;
    R->Uses.assign(Keep.begin(), Keep.end());
    R->FreeTick = B->FreeTick;
    insertFree(R);
    St.NumSplits++;
  } else {
    for (Use &U : Keep)
      releaseEvent(U.E);
  }
  Keep.clear();
  B->Home = Str;
  B->Allocated = true;
  B->Requested = Bytes;
  B->SiteIdx = siteIndex(Where);
  siteAdd(B->SiteIdx, Bytes);
  track(B);
  St.NumAllocs++;
  St.AllocatedBytes += B->Size;
  St.RequestedBytes += Bytes;
  St.PeakAllocatedBytes = std::max(St.PeakAllocatedBytes, St.AllocatedBytes);
  *Ptr = reinterpret_cast<void *>(B->Addr);
  return Err::Ok;
}

Err Allocator::deallocate(void *Ptr, Stream S, bool StreamOrdered,
                          bool &Known) {
  std::lock_guard<std::mutex> L(Mu);
  uintptr_t A = reinterpret_cast<uintptr_t>(Ptr);
  Known = true;
  if (!AllocatedBlocks.empty()) {
    BlockMap::node_type N = AllocatedBlocks.extract(A);
    if (!N.empty()) {
      Block *B = N.mapped();
      SpareMapNodes.push_back(std::move(N));
      return deallocateCaching(B, S, StreamOrdered);
    }
  }
  auto PIt = PassLive.find(A);
  if (PIt == PassLive.end()) {
    Known = false;
    return Err::Ok;
  }
  Live Lv = PIt->second;
  PassLive.erase(PIt);
  Err E;
  if (Cfg.Backend == BackendKind::Async)
    E = BE.freeAsync(Ptr, StreamOrdered ? S : nullptr);
  else
    E = StreamOrdered ? BE.freeAsync(Ptr, S) : BE.free(Ptr);
  siteSub(Lv.SiteIdx, Lv.Bytes);
  St.NumFrees++;
  St.NumDeviceFrees++;
  St.AllocatedBytes -= Lv.Bytes;
  St.RequestedBytes -= Lv.Bytes;
  St.ReservedBytes -= Lv.Bytes;
  return E;
}

Err Allocator::deallocateCaching(Block *B, Stream S, bool StreamOrdered) {
  Stream Str = StreamOrdered ? S : nullptr;
  if (StreamOrdered) {
    if (!SawStream) {
      SawStream = true;
      FirstStream = S;
    } else if (S != FirstStream) {
      MultiStream = true;
    }
  }
  St.NumFrees++;
  St.AllocatedBytes -= B->Size;
  St.RequestedBytes -= B->Requested;
  siteSub(B->SiteIdx, B->Requested);
  B->SiteIdx = -1;
  B->Allocated = false;
  B->Uses.clear();
  uint64_t Now = ++Tick;
  // The original cudaFree waited for the device: with free_fence:1 the block
  // waits for a fence recorded after this point (flushPending).
  bool Fence = !StreamOrdered && Cfg.FreeFence;
  if (!Fence) {
    EventRec *E = nullptr;
    if (MultiStream) { // eager only once several streams are in play
      E = newEvent();
      if (E)
        BE.eventRecord(E->E, Str);
    }
    B->Uses.push_back(Use{Str, E, Now});
  }
  // Allocated by hipMallocAsync, freed by hipFree: the null-stream fence does
  // not order a non-blocking allocating stream, so its work is a use too.
  if (Fence && B->Home) {
    EventRec *E = nullptr;
    if (MultiStream) {
      E = newEvent();
      if (E)
        BE.eventRecord(E->E, B->Home);
    }
    addUse(B, Use{B->Home, E, Now});
  }
  for (Stream X : B->Extra) {
    if (X == Str)
      continue;
    EventRec *E = newEvent();
    if (E)
      BE.eventRecord(E->E, X);
    addUse(B, Use{X, E, Now});
  }
  B->Extra.clear();
  B->Home = Str;
  B->FreeTick = Now;
  LastOpSyncFree = Fence;
  if (Fence) {
    B->Pending = true;
    Pending.push_back(B);
    (B->Seg->Small ? PendingSmall : PendingLarge)++;
    WaitingBytes += B->Size;
    size_t Rounded = roundSize(B->Requested);
    LastFreeSize = Rounded;
    // In a hot loop the free that completes a batch records its fence (at
    // the free, to be complete sooner). With every slot in flight, the
    // oldest fence is queried first (loops that never miss, small blocks
    // rotating through a segment's free slots, confirm fences here).
    if (LoopCount >= kHotLoopPairs && LoopSize == Rounded &&
        Pending.size() >= hotBatch(Rounded)) {
      if (NumInFlight == kMaxFences)
        advanceFences();
      startFence();
    }
    return Err::Ok;
  }
  freeAndMerge(B);
  return Err::Ok;
}

bool Allocator::owns(void *Ptr) const {
  std::lock_guard<std::mutex> L(Mu);
  uintptr_t A = reinterpret_cast<uintptr_t>(Ptr);
  return AllocatedBlocks.count(A) || PassLive.count(A);
}

void Allocator::recordStream(void *Ptr, Stream S) {
  std::lock_guard<std::mutex> L(Mu);
  auto It = AllocatedBlocks.find(reinterpret_cast<uintptr_t>(Ptr));
  if (It == AllocatedBlocks.end())
    return;
  Block *B = It->second;
  if (S == B->Home)
    return;
  if (std::find(B->Extra.begin(), B->Extra.end(), S) == B->Extra.end())
    B->Extra.push_back(S);
  MultiStream = true;
}

// ---- returning memory ---------------------------------------------------

bool Allocator::segmentFree(const Segment *Seg) const {
  return !Seg->Expandable && isFree(Seg->Head) && Seg->Head->Next == nullptr;
}

bool Allocator::releaseSegment(Segment *Seg) {
  Block *B = Seg->Head;
  eraseFree(B);
  // BE.free synchronises the device, so pending events need no wait.
  dropUses(B);
  BE.free(reinterpret_cast<void *>(Seg->Base));
  St.ReservedBytes -= Seg->Size;
  St.NumDeviceFrees++;
  recycle(B);
  Segments.erase(std::find(Segments.begin(), Segments.end(), Seg));
  delete Seg;
  return true;
}

// Unmaps the mappings at the end of an expandable segment that lie wholly
// in its free last block. Returns the bytes unmapped.
size_t Allocator::releaseTail(Segment *Seg) {
  size_t Done = 0;
  while (!Seg->Chunks.empty()) {
    Block *T = Seg->Tail;
    const Chunk C = Seg->Chunks.back();
    uintptr_t Start = Seg->Base + C.Offset;
    if (!T || !isFree(T) || T->Addr > Start)
      break;
    eraseFree(T);
    // vmUnmap synchronises the device: what was pending on T is done.
    dropUses(T);
    BE.vmUnmap(reinterpret_cast<void *>(Start), C.Size, C.Handle);
    Seg->Chunks.pop_back();
    Seg->Size -= C.Size;
    St.ReservedBytes -= C.Size;
    St.NumDeviceFrees++;
    Done += C.Size;
    T->Size -= C.Size;
    if (T->Size == 0) {
      Seg->Tail = T->Prev;
      if (T->Prev)
        T->Prev->Next = nullptr;
      else
        Seg->Head = nullptr;
      recycle(T);
    } else {
      insertFree(T);
    }
  }
  return Done;
}

bool Allocator::releaseOneFitting(size_t Size) {
  Segment *Best = nullptr;
  for (Segment *S : Segments)
    if (segmentFree(S) && S->Size >= Size && (!Best || S->Size < Best->Size))
      Best = S;
  return Best && releaseSegment(Best);
}

size_t Allocator::releaseAllFree(bool OldestFirst, uint64_t Target) {
  flushPending();
  std::vector<Segment *> Cand;
  for (Segment *S : Segments)
    if (segmentFree(S))
      Cand.push_back(S);
  if (OldestFirst)
    std::stable_sort(Cand.begin(), Cand.end(), [](Segment *A, Segment *B) {
      return A->Head->FreeTick < B->Head->FreeTick;
    });
  size_t Done = 0;
  for (Segment *S : Cand) {
    if (Done >= Target)
      break;
    Done += S->Size;
    releaseSegment(S);
  }
  for (Pool *P : {&SmallPool, &LargePool})
    if (P->Exp && Done < Target)
      Done += releaseTail(P->Exp);
  return Done;
}

void Allocator::maybeCollect(size_t NewBytes) {
  if (Cfg.GcThreshold <= 0)
    return;
  size_t Free = 0, Total = 0;
  if (BE.memInfo(&Free, &Total) != Err::Ok || Total == 0)
    return;
  uint64_t Limit = static_cast<uint64_t>(Cfg.GcThreshold * double(Total));
  if (St.ReservedBytes + NewBytes <= Limit)
    return;
  if (releaseAllFree(true, St.ReservedBytes + NewBytes - Limit) > 0)
    St.NumGcReleases++;
}

void Allocator::emptyCache() {
  std::lock_guard<std::mutex> L(Mu);
  releaseAllFree(false, UINT64_MAX);
}

} // namespace alloc
} // namespace cu2hip
