//===- cu2hip/alloc.h - allocator hooks for ported code -------------------===//
//
// `cu2hip --alloc-hooks` rewrites allocation call sites to these functions.
// The call site comes FIRST, so the rewrite is a rename plus an inserted
// `CU2HIP_SITE, ` and every defaulted CUDA argument keeps its default:
//
//   cudaMalloc(&p, n)               -> cu2hip::hipMalloc(CU2HIP_SITE, &p, n)
//   cudaFree(p)                     -> cu2hip::hipFree(CU2HIP_SITE, p)
//   cudaMallocAsync(&p, n, s)       -> cu2hip::hipMallocAsync(CU2HIP_SITE, &p, n, s)
//   cudaFreeAsync(p, s)             -> cu2hip::hipFreeAsync(CU2HIP_SITE, p, s)
//   cudaMallocManaged(&p, n[, f])   -> cu2hip::hipMallocManaged(CU2HIP_SITE, &p, n[, f])
//   cudaMallocPitch(&p, &pitch, w, h)
//                                   -> cu2hip::hipMallocPitch(CU2HIP_SITE, &p, &pitch, w, h)
//   cudaMallocHost(&p, n[, f])      -> cu2hip::hipHostMalloc(CU2HIP_SITE, &p, n[, f])
//   cudaHostAlloc(&p, n, f)         -> cu2hip::hipHostMalloc(CU2HIP_SITE, &p, n, f)
//   cudaFreeHost(p)                 -> cu2hip::hipHostFree(CU2HIP_SITE, p)
//   cudaMemGetInfo(&f, &t)          -> cu2hip::hipMemGetInfo(CU2HIP_SITE, &f, &t)
//
// (flag names are renamed by the usual name rules: cudaHostAllocMapped ->
// hipHostMallocMapped, cudaMemAttachGlobal -> hipMemAttachGlobal.)
// Typed pointers (T**) are accepted as CUDA's C++ templates accept them.
//
// Behaviour is chosen at start-up by CU2HIP_ALLOC_CONF (docs/alloc.md):
// pass-through with statistics by default, `backend:caching` for a caching
// allocator, `backend:async` for hipMallocAsync pools.
//
// Link with cu2hip_alloc_hip (runtime/alloc).
//
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_ALLOC_H
#define CU2HIP_ALLOC_H

#include <hip/hip_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>

namespace cu2hip {

/// Where an allocation was asked for.
struct AllocSite {
  const char *file;
  int line;
};

} // namespace cu2hip

#define CU2HIP_SITE (::cu2hip::AllocSite{__FILE__, __LINE__})

/// Counters of one device's allocator (all byte counts in bytes).
struct cu2hip_alloc_stats {
  uint64_t allocated_bytes, peak_allocated_bytes;
  uint64_t requested_bytes;
  uint64_t reserved_bytes, peak_reserved_bytes;
  uint64_t cached_free_bytes, largest_free_block;
  uint64_t managed_pitched_bytes, pinned_host_bytes;
  uint64_t num_allocs, num_frees, num_device_mallocs, num_device_frees;
  uint64_t num_cache_hits, num_splits, num_merges;
  uint64_t num_cross_stream_reuses, num_stream_waits, num_host_waits;
  uint64_t num_oom_retries, num_ooms;
  /// Fence events recorded for batches of blocks freed by hipFree.
  uint64_t num_fences;
  /// Segments taken in a hipFree/hipMalloc hot loop instead of a host wait
  /// for a fence not yet complete (docs/alloc.md).
  uint64_t num_fence_lag_segments;
};

extern "C" {
/// Returns every cached, unused segment of every device to the driver.
hipError_t cu2hip_alloc_empty_cache(void);
/// The allocation `ptr` will also be used on `stream`: its memory is not
/// reused before the work queued on `stream` up to its free has finished.
hipError_t cu2hip_alloc_record_stream(void *ptr, hipStream_t stream);
/// Counters of `device` (-1: the current device).
hipError_t cu2hip_alloc_get_stats(int device, cu2hip_alloc_stats *out);
/// Peak counters restart from the current values.
hipError_t cu2hip_alloc_reset_peak_stats(int device);
/// Writes a readable report of all devices (stderr when `out` is null).
void cu2hip_alloc_print_report(FILE *out);
/// The active CU2HIP_ALLOC_CONF, normalised.
const char *cu2hip_alloc_settings(void);
/// CUDA's pinned-host flags as hipHostMalloc flags that keep CUDA's
/// coherent semantics (see docs/alloc.md); host_coherent:0 keeps them as is.
unsigned int cu2hip_alloc_host_flags(unsigned int cuda_flags);
}

namespace cu2hip {

hipError_t hipMalloc(AllocSite site, void **ptr, size_t size);
hipError_t hipFree(AllocSite site, void *ptr);
hipError_t hipMallocAsync(AllocSite site, void **ptr, size_t size,
                          hipStream_t stream);
hipError_t hipFreeAsync(AllocSite site, void *ptr, hipStream_t stream);
hipError_t hipMallocManaged(AllocSite site, void **ptr, size_t size,
                            unsigned int flags = hipMemAttachGlobal);
hipError_t hipMallocPitch(AllocSite site, void **ptr, size_t *pitch,
                          size_t width, size_t height);
hipError_t hipHostMalloc(AllocSite site, void **ptr, size_t size,
                         unsigned int flags = 0);
hipError_t hipHostFree(AllocSite site, void *ptr);
/// free = what the driver reports plus what the caching allocator holds
/// unused (the original program could have had that memory); total as is.
hipError_t hipMemGetInfo(AllocSite site, size_t *free, size_t *total);

// Typed pointers, as CUDA's templates allow (cudaMalloc(&float_ptr, n)).
template <class T>
inline hipError_t hipMalloc(AllocSite site, T **ptr, size_t size) {
  return hipMalloc(site, reinterpret_cast<void **>(ptr), size);
}
template <class T>
inline hipError_t hipMallocAsync(AllocSite site, T **ptr, size_t size,
                                 hipStream_t stream) {
  return hipMallocAsync(site, reinterpret_cast<void **>(ptr), size, stream);
}
template <class T>
inline hipError_t hipMallocManaged(AllocSite site, T **ptr, size_t size,
                                   unsigned int flags = hipMemAttachGlobal) {
  return hipMallocManaged(site, reinterpret_cast<void **>(ptr), size, flags);
}
template <class T>
inline hipError_t hipMallocPitch(AllocSite site, T **ptr, size_t *pitch,
                                 size_t width, size_t height) {
  return hipMallocPitch(site, reinterpret_cast<void **>(ptr), pitch, width,
                        height);
}
template <class T>
inline hipError_t hipHostMalloc(AllocSite site, T **ptr, size_t size,
                                unsigned int flags = 0) {
  return hipHostMalloc(site, reinterpret_cast<void **>(ptr), size, flags);
}

} // namespace cu2hip

#endif // CU2HIP_ALLOC_H
