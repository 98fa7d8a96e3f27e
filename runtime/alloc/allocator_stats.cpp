//===- allocator_stats.cpp - cu2hip allocator statistics and reports ------===//
//
// The bookkeeping of the allocator (allocator.cpp) beside its pools: memory
// the cache does not manage (managed, pitched, pinned host), the statistics,
// and the texts it prints: the report, the per-site table and the
// out-of-memory report with the device's free memory and the environment
// that bears on it.
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
std::string human(uint64_t B) {
  char Buf[64];
  if (B >= (1ull << 30))
    std::snprintf(Buf, sizeof Buf, "%.2f GiB", double(B) / double(1ull << 30));
  else if (B >= (1ull << 20))
    std::snprintf(Buf, sizeof Buf, "%.2f MiB", double(B) / double(1ull << 20));
  else if (B >= (1ull << 10))
    std::snprintf(Buf, sizeof Buf, "%.2f KiB", double(B) / double(1ull << 10));
  else
    std::snprintf(Buf, sizeof Buf, "%" PRIu64 " B", B);
  return Buf;
}
} // namespace

// ---- memory the cache does not manage ------------------------------------

void Allocator::noteOther(void *Ptr, size_t Bytes, OtherKind K, Site Where) {
  std::lock_guard<std::mutex> L(Mu);
  int Idx = siteIndex(Where);
  siteAdd(Idx, Bytes);
  Others[reinterpret_cast<uintptr_t>(Ptr)] = Live{Bytes, K, Idx};
  (K == OtherKind::Host ? St.HostBytes : St.OtherBytes) += Bytes;
  St.NumAllocs++;
}

bool Allocator::forgetOther(void *Ptr, OtherKind K) {
  std::lock_guard<std::mutex> L(Mu);
  auto It = Others.find(reinterpret_cast<uintptr_t>(Ptr));
  if (It == Others.end() ||
      (It->second.Kind == OtherKind::Host) != (K == OtherKind::Host))
    return false;
  siteSub(It->second.SiteIdx, It->second.Bytes);
  (K == OtherKind::Host ? St.HostBytes : St.OtherBytes) -= It->second.Bytes;
  St.NumFrees++;
  Others.erase(It);
  return true;
}

// ---- statistics and reports ---------------------------------------------

uint64_t Allocator::largestFree() const {
  uint64_t M = 0;
  if (!SmallPool.Sizes.S.empty())
    M = std::max<uint64_t>(M, (*SmallPool.Sizes.S.rbegin())->Size);
  if (!LargePool.Sizes.S.empty())
    M = std::max<uint64_t>(M, (*LargePool.Sizes.S.rbegin())->Size);
  return M;
}

Stats Allocator::stats() const {
  std::lock_guard<std::mutex> L(Mu);
  Stats S = St;
  S.LargestFreeBlock = largestFree();
  return S;
}

void Allocator::resetPeaks() {
  std::lock_guard<std::mutex> L(Mu);
  St.PeakAllocatedBytes = St.AllocatedBytes;
  St.PeakReservedBytes = St.ReservedBytes;
}

uint64_t Allocator::cachedFreeBytes() const {
  std::lock_guard<std::mutex> L(Mu);
  if (Cfg.Backend != BackendKind::Caching)
    return 0;
  return St.ReservedBytes - St.AllocatedBytes;
}

std::vector<SiteStats> Allocator::topSites(size_t N) const {
  std::lock_guard<std::mutex> L(Mu);
  std::vector<SiteStats> V;
  for (const SiteStats &S : Sites)
    if (S.LiveBytes > 0)
      V.push_back(S);
  std::stable_sort(V.begin(), V.end(), [](const SiteStats &A, const SiteStats &B) {
    return A.LiveBytes > B.LiveBytes;
  });
  if (V.size() > N)
    V.resize(N);
  return V;
}

std::string Allocator::reportLocked() const {
  std::ostringstream OS;
  const Stats &S = St;
  OS << "  allocated " << human(S.AllocatedBytes) << " (peak "
     << human(S.PeakAllocatedBytes) << "), requested "
     << human(S.RequestedBytes) << ", reserved " << human(S.ReservedBytes)
     << " (peak " << human(S.PeakReservedBytes) << ")";
  if (Cfg.Backend == BackendKind::Caching)
    OS << ", cached free " << human(S.ReservedBytes - S.AllocatedBytes)
       << " (largest free block " << human(largestFree()) << ")";
  OS << "\n  managed+pitched " << human(S.OtherBytes) << ", pinned host "
     << human(S.HostBytes) << "\n";
  OS << "  allocs " << S.NumAllocs << ", frees " << S.NumFrees
     << ", driver mallocs " << S.NumDeviceMallocs << ", driver frees "
     << S.NumDeviceFrees;
  if (Cfg.Backend == BackendKind::Caching)
    OS << ", cache hits " << S.NumCacheHits << ", splits " << S.NumSplits
       << ", merges " << S.NumMerges << ", cross-stream reuses "
       << S.NumCrossStreamReuses << " (stream waits " << S.NumStreamWaits
       << ", host waits " << S.NumHostWaits << "), free fences "
       << S.NumFences << " (hot-loop segments instead of a wait "
       << S.NumFenceLagSegments << ")";
  OS << ", OOM retries " << S.NumOomRetries << ", OOMs " << S.NumOoms << "\n";
  std::vector<SiteStats> V;
  for (const SiteStats &X : Sites)
    if (X.LiveBytes > 0)
      V.push_back(X);
  std::stable_sort(V.begin(), V.end(), [](const SiteStats &A, const SiteStats &B) {
    return A.LiveBytes > B.LiveBytes;
  });
  if (V.size() > Cfg.TopSites)
    V.resize(Cfg.TopSites);
  OS << "  top call sites by live bytes:" << (V.empty() ? " (none)" : "") << "\n";
  for (const SiteStats &X : V)
    OS << "    " << human(X.LiveBytes) << " in " << X.LiveCount
       << " allocation(s), peak " << human(X.PeakLiveBytes) << "  " << X.File
       << ":" << X.Line << "\n";
  OS << "  settings: " << describeConfig(Cfg) << "\n";
  return OS.str();
}

std::string Allocator::report() const {
  std::lock_guard<std::mutex> L(Mu);
  return "cu2hip allocator report\n" + reportLocked();
}

std::string Allocator::oomReport(size_t Bytes, size_t Rounded, Site Where) {
  std::ostringstream OS;
  OS << "cu2hip: out of memory: tried to allocate " << human(Bytes);
  if (Rounded != Bytes)
    OS << " (rounded to " << human(Rounded) << ")";
  OS << " at " << (Where.File ? Where.File : "?") << ":" << Where.Line << "\n";
  size_t Free = 0, Total = 0;
  if (BE.memInfo(&Free, &Total) == Err::Ok)
    OS << "  device: " << human(Free) << " free of " << human(Total) << "\n";
  OS << reportLocked();
  for (const char *Var : {"HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES",
                          "HIP_HIDDEN_FREE_MEM", "GPU_MAX_HEAP_SIZE"})
    if (const char *V = std::getenv(Var))
      OS << "  " << Var << "=" << V << "\n";
  if (Cfg.Backend == BackendKind::Passthrough)
    OS << "  hint: CU2HIP_ALLOC_CONF=backend:caching caches freed blocks\n";
  return OS.str();
}

std::string Allocator::lastOomReport() const {
  std::lock_guard<std::mutex> L(Mu);
  return LastOom;
}

} // namespace alloc
} // namespace cu2hip
