//===- allocator.h - cu2hip device allocator (pass-through / caching) -----===//
//
// One Allocator per device. It needs no GPU: every device operation goes
// through a DeviceBackend. See docs/alloc.md for the behaviour.
//
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_ALLOC_ALLOCATOR_H
#define CU2HIP_ALLOC_ALLOCATOR_H

#include "backend.h"
#include "config.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace cu2hip {
namespace alloc {

struct Site {
  const char *File;
  int Line;
};

struct Stats {
  uint64_t AllocatedBytes = 0;     // sizes of live blocks (rounded)
  uint64_t PeakAllocatedBytes = 0;
  uint64_t RequestedBytes = 0;     // sizes the program asked for (live)
  uint64_t ReservedBytes = 0;      // memory held from the driver
  uint64_t PeakReservedBytes = 0;
  uint64_t OtherBytes = 0;         // managed + pitched (pass-through)
  uint64_t HostBytes = 0;          // pinned host memory
  uint64_t NumAllocs = 0, NumFrees = 0;
  uint64_t NumDeviceMallocs = 0, NumDeviceFrees = 0;
  uint64_t NumCacheHits = 0, NumSplits = 0, NumMerges = 0;
  uint64_t NumCrossStreamReuses = 0, NumStreamWaits = 0, NumHostWaits = 0;
  uint64_t NumOoms = 0, NumOomRetries = 0, NumGcReleases = 0;
  uint64_t NumFences = 0;          // fence events of batched hipFree frees
  uint64_t NumFenceLagSegments = 0; // memory taken in a hot loop instead of
                                    // a host wait for an unconfirmed fence
  uint64_t LargestFreeBlock = 0;
};

struct SiteStats {
  std::string File;
  int Line = 0;
  uint64_t LiveBytes = 0, LiveCount = 0, TotalAllocs = 0, PeakLiveBytes = 0;
};

/// Kinds of memory tracked outside the cache.
enum class OtherKind { Managed, Pitched, Host };

class Allocator {
public:
  static constexpr size_t kMinBlock = 512;            // rounding unit
  static constexpr size_t kSmallSize = 1 << 20;       // small pool: <= 1 MiB
  static constexpr size_t kSmallSegment = 2 << 20;    // small segments
  static constexpr size_t kLargeSegment = 20 << 20;   // for 1..10 MiB
  static constexpr size_t kMinLargeAlloc = 10 << 20;  // above: own segment
  static constexpr size_t kRoundLarge = 2 << 20;      // their rounding

  Allocator(DeviceBackend &B, const Config &C);
  ~Allocator(); // does not return memory (the runtime may be gone at exit)

  /// hipMalloc (StreamOrdered=false, S ignored) or hipMallocAsync(S).
  Err allocate(void **Ptr, size_t Bytes, Stream S, bool StreamOrdered,
               Site Where);
  /// hipFree / hipFreeAsync(S). Known=false when the pointer is not one of
  /// this allocator's (nothing is done then).
  Err deallocate(void *Ptr, Stream S, bool StreamOrdered, bool &Known);
  bool owns(void *Ptr) const;
  /// The block will also be used on S: its reuse waits for S's work.
  void recordStream(void *Ptr, Stream S);
  /// Returns every cached, entirely free segment to the driver.
  void emptyCache();

  /// Bookkeeping for memory the cache does not manage (managed, pitched,
  /// pinned host); the caller did the driver call.
  void noteOther(void *Ptr, size_t Bytes, OtherKind K, Site Where);
  /// Returns false when Ptr was not noted.
  bool forgetOther(void *Ptr, OtherKind K);

  Stats stats() const;
  void resetPeaks();
  /// Bytes held in the cache and not handed out (reserved - allocated).
  uint64_t cachedFreeBytes() const;
  std::vector<SiteStats> topSites(size_t N) const;
  std::string report() const;
  /// The text of the last out-of-memory report ("" if none).
  std::string lastOomReport() const;
  const Config &config() const { return Cfg; }

  /// Size rounding (public for tests).
  size_t roundSize(size_t Bytes) const;
  static size_t segmentSize(size_t Rounded);

private:
  struct Segment;
  /// An event with a reference count (uses of several blocks share one).
  struct EventRec {
    Event E = nullptr;
    int Refs = 0;
  };
  struct Use {
    Stream S;
    EventRec *E; // null: record lazily, when the block is reused elsewhere
    uint64_t Tick; // when the use ended; per stream only the latest counts
  };
  struct Block {
    uintptr_t Addr = 0;
    size_t Size = 0;
    size_t Requested = 0;
    Block *Prev = nullptr, *Next = nullptr;
    Segment *Seg = nullptr;
    bool Allocated = false;
    bool Pending = false;       // freed by hipFree, waiting for its fence
    Stream Home = nullptr;
    std::vector<Use> Uses;      // while free: what reuse must wait for
    std::vector<Stream> Extra;  // while allocated: record_stream streams
    int SiteIdx = -1;
    uint64_t FreeTick = 0;
  };
  /// One mapping of an expandable segment (offset from its base).
  struct Chunk {
    size_t Offset, Size;
    uint64_t Handle;
  };
  struct Segment {
    uintptr_t Base = 0;
    size_t Size = 0;            // bytes mapped (ordinary segments: all)
    bool Small = false;
    bool Expandable = false;
    size_t VaSize = 0, Gran = 0; // expandable: address space, granularity
    Block *Head = nullptr, *Tail = nullptr;
    std::vector<Chunk> Chunks;  // expandable: mappings, in address order
  };
  struct ByStream {
    bool operator()(const Block *A, const Block *B) const;
  };
  struct BySize {
    bool operator()(const Block *A, const Block *B) const;
  };
  /// A std::set of blocks that keeps the nodes of erased entries for the
  /// next insert (no heap traffic on the hot path).
  template <class Cmp> struct BlockSet {
    using Set = std::set<Block *, Cmp>;
    Set S;
    std::vector<typename Set::node_type> Spare;
    void insert(Block *B) {
      if (Spare.empty()) {
        S.insert(B);
        return;
      }
      typename Set::node_type N = std::move(Spare.back());
      Spare.pop_back();
      N.value() = B;
      S.insert(std::move(N));
    }
    void erase(Block *B) {
      typename Set::node_type N = S.extract(B);
      if (!N.empty())
        Spare.push_back(std::move(N));
    }
  };
  struct Pool {
    BlockSet<ByStream> Streams;
    BlockSet<BySize> Sizes;
    Segment *Exp = nullptr;  // the expandable segment, once made
    bool ExpFailed = false;  // no virtual memory: ordinary segments
  };
  struct Live {
    size_t Bytes;
    OtherKind Kind;
    int SiteIdx;
  };
  using BlockMap = std::unordered_map<uintptr_t, Block *>;

  Err allocateCaching(void **Ptr, size_t Bytes, Stream S, bool StreamOrdered,
                      Site Where);
  Err deallocateCaching(Block *B, Stream S, bool StreamOrdered);
  Err obtain(Pool &P, size_t Size, Stream S, Site Where, size_t Bytes,
             Block **Out);
  Err newSegment(size_t Size, Block **Out);
  Err grow(Pool &P, size_t Size, Block **Out);
  Block *findFree(Pool &P, size_t Size, Stream S);
  bool fits(const Block *B, size_t Size) const;
  static bool isFree(const Block *B) { return !B->Allocated && !B->Pending; }
  void insertFree(Block *B);
  void eraseFree(Block *B);
  void freeAndMerge(Block *B);
  bool flushPending();
  void startFence();
  bool advanceFences();
  void popFence(bool Done);
  bool hotLoop(size_t Size);
  Block *findCold(Pool &P, size_t Size, Stream Str);
  Block *findHot(Pool &P, size_t Size, Stream Str);
  bool lagAllows(size_t Size);
  uint64_t lagBudget();
  size_t hotBatch(size_t Rounded);
  void releaseWaiting(Block *B, EventRec *E);
  static constexpr size_t kMaxPendingSmall = 64;
  /// Consecutive hipFree(p) + hipMalloc(same rounded size) pairs after which
  /// the pool's fences are pipelined (see hotLoop).
  static constexpr unsigned kHotLoopPairs = 3;
  /// Device memory / this = most bytes a pipelined pool may keep waiting for
  /// fences.
  static constexpr uint64_t kLagBudgetDivisor = 32;
  /// In a hot loop one fence is recorded per batch of frees, counted
  /// (hotBatch): kHotBatchBytes of blocks, but never fewer than kMinHotBatch
  /// nor more than kMaxHotBatch frees, and no more than half the lag budget
  /// holds (then down to one). One record and one query per batch: the
  /// costs of a fence (about 1.4 us on the H200) are shared by its frees.
  static constexpr size_t kHotBatchBytes = 256 << 20;
  static constexpr size_t kMinHotBatch = 8;
  static constexpr size_t kMaxHotBatch = 64;
  void makeReady(Block *B, Stream S, bool StreamOrdered);
  void mergeInto(Block *Dst, Block *Src);
  Block *newBlock();
  void recycle(Block *B);
  void track(Block *B);
  bool releaseSegment(Segment *Seg);
  size_t releaseTail(Segment *Seg);
  bool segmentFree(const Segment *Seg) const;
  bool releaseOneFitting(size_t Size);
  size_t releaseAllFree(bool OldestFirst, uint64_t Target);
  void maybeCollect(size_t NewBytes);
  EventRec *newEvent();
  void retainEvent(EventRec *E);
  void releaseEvent(EventRec *E);
  void dropUses(Block *B);
  void addUse(Block *B, Use U);
  int siteIndex(Site Where);
  void siteAdd(int Idx, size_t Bytes);
  void siteSub(int Idx, size_t Bytes);
  std::string oomReport(size_t Bytes, size_t Rounded, Site Where);
  std::string reportLocked() const;
  uint64_t largestFree() const;

  DeviceBackend &BE;
  Config Cfg;
  mutable std::mutex Mu;
  Stats St;
  Pool SmallPool, LargePool;
  std::vector<Segment *> Segments;
  BlockMap AllocatedBlocks;
  std::vector<BlockMap::node_type> SpareMapNodes;
  std::vector<Block *> SpareBlocks;
  std::vector<Block *> Pending; // freed by hipFree, not yet fenced
  /// Fences in flight (hot loops), oldest first: each with the blocks freed
  /// by hipFree before it was recorded and after the one before it. All are
  /// recorded on the null stream, so they complete in this order.
  struct Fence {
    EventRec *E = nullptr;
    std::vector<Block *> Blocks;
  };
  static constexpr unsigned kMaxFences = 8;
  Fence Fences[kMaxFences];
  unsigned FenceHead = 0, NumInFlight = 0;
  Fence &fenceAt(unsigned I) { return Fences[(FenceHead + I) % kMaxFences]; }
  // Blocks in Pending or behind a fence in flight, per pool, and their bytes.
  size_t PendingSmall = 0, PendingLarge = 0;
  uint64_t WaitingBytes = 0;
  // Hot-loop detection (hotLoop): the last operation was a hipFree of a
  // block of LastFreeSize bytes; LoopCount pairs of LoopSize in a row.
  bool LastOpSyncFree = false;
  size_t LastFreeSize = 0, LoopSize = 0;
  unsigned LoopCount = 0;
  uint64_t LagBudget = 0; // 0: not known yet (memInfo on first use)
  // The per-stream index (Pool::Streams) is kept only once free blocks of
  // more than one stream have been seen; until then Sizes alone answers.
  bool StreamIndex = false, AnyHome = false;
  Stream OnlyHome = nullptr;
  std::vector<Use> Keep;        // scratch of makeReady
  std::unordered_map<uintptr_t, Live> Others;
  std::unordered_map<uintptr_t, Live> PassLive; // passthrough / async
  std::vector<EventRec *> EventPool;
  struct SiteHash {
    size_t operator()(const std::pair<const char *, int> &K) const {
      return std::hash<const void *>()(K.first) * 31u + size_t(K.second);
    }
  };
  std::unordered_map<std::pair<const char *, int>, int, SiteHash> SiteIds;
  std::vector<SiteStats> Sites;
  Site LastSite{nullptr, -1};
  int LastSiteIdx = -1;
  bool MultiStream = false;
  Stream FirstStream = nullptr;
  bool SawStream = false;
  uint64_t Tick = 0;
  std::string LastOom;
};

} // namespace alloc
} // namespace cu2hip

#endif
