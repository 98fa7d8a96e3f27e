//===- config.h - CU2HIP_ALLOC_CONF settings ------------------------------===//
#ifndef CU2HIP_ALLOC_CONFIG_H
#define CU2HIP_ALLOC_CONFIG_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace cu2hip {
namespace alloc {

enum class BackendKind { Passthrough, Caching, Async };
enum class HostCoherent { Auto, On, Off };

struct Config {
  BackendKind Backend = BackendKind::Passthrough;
  /// Blocks of this size or larger are never split (bytes). SIZE_MAX = off.
  size_t MaxSplitSize = SIZE_MAX;
  /// 0 = plain 512-byte rounding; N = round to N steps per power of two.
  unsigned RoundupPower2Divisions = 0;
  /// Fraction of total device memory above which cached free segments are
  /// returned before new ones are allocated. 0 = off.
  double GcThreshold = 0.0;
  /// Release threshold of the default memory pool (backend:async).
  uint64_t ReleaseThreshold = UINT64_MAX;
  /// Pinned host memory: Auto/On keep CUDA's "always coherent" meaning;
  /// Off passes CUDA's flags through unchanged (portable / write-combined
  /// buffers then become non-coherent on AMD).
  HostCoherent Host = HostCoherent::Auto;
  /// hipFree in caching mode records a fence event so that a block freed by
  /// the synchronous hipFree is handed out again only after the device work
  /// that preceded the free has finished (what the original's cudaFree gave).
  /// 0 = PyTorch's rule instead: a block is reused in the order of the stream
  /// it was allocated on (faster, needs record_stream for other streams).
  bool FreeFence = true;
  /// Expandable segments: each pool is one range of reserved address space
  /// that grows by mapping physical memory at its end (virtual-memory API)
  /// instead of a new segment per miss; free memory at the end is unmapped
  /// on empty_cache, out of memory and garbage collection.
  bool ExpandableSegments = false;
  bool OomReport = true;
  bool ReportAtExit = false;
  unsigned TopSites = 10;
};

/// Parses a CU2HIP_ALLOC_CONF string such as
/// "backend:caching,max_split_size_mb:128,roundup_power2_divisions:4".
/// Returns an empty string on success, otherwise a one-line message naming
/// the bad key or value (Out is then unspecified).
std::string parseConfig(const char *Text, Config &Out);

/// The settings in the same syntax (for reports).
std::string describeConfig(const Config &C);

const char *backendName(BackendKind K);

/// hipHostMalloc flags for CUDA's cudaHostAlloc/cudaMallocHost flags (same
/// values: Portable 1, Mapped 2, WriteCombined 4). CUDA's pinned memory is
/// always coherent; on AMD, Portable or WriteCombined alone would give
/// non-coherent memory, so the coherent bit is added unless the caller asked
/// for non-coherent memory or the setting is host_coherent:0. On the NVIDIA
/// platform CoherentBit is 0 and the flags pass through.
unsigned mapHostFlags(unsigned Flags, HostCoherent H, unsigned CoherentBit,
                      unsigned NonCoherentBit);

} // namespace alloc
} // namespace cu2hip

#endif
