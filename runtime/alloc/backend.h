//===- backend.h - device-allocator interface for the cu2hip allocator ----===//
//
// The caching logic (allocator.cpp) talks to the GPU only through this small
// interface, so that it can be tested on a CPU with FakeBackend
// (fake_backend.h). hip_backend.cpp implements it with the HIP runtime.
//
// Streams and events are opaque pointers (hipStream_t / hipEvent_t are
// pointers on both HIP platforms). A null stream is the legacy default stream.
//
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_ALLOC_BACKEND_H
#define CU2HIP_ALLOC_BACKEND_H

#include <cstddef>
#include <cstdint>

namespace cu2hip {
namespace alloc {

using Stream = void *;
using Event = void *;

/// Result of a backend call. `Oom` is the only error the allocator reacts to
/// (free cached memory and retry); other errors are passed back to the caller
/// with the backend's own error code (see DeviceBackend::lastError()).
enum class Err { Ok = 0, Oom, Other };

class DeviceBackend {
public:
  virtual ~DeviceBackend() = default;

  /// Device memory straight from the driver. free() must be device-
  /// synchronising (as hipFree is): the allocator relies on it when it
  /// returns cached segments.
  virtual Err malloc(void **Ptr, size_t Bytes) = 0;
  virtual Err free(void *Ptr) = 0;
  /// Stream-ordered allocation (hipMallocAsync), used by backend:async.
  virtual Err mallocAsync(void **Ptr, size_t Bytes, Stream S) = 0;
  virtual Err freeAsync(void *Ptr, Stream S) = 0;
  /// Sets the release threshold of the device's default memory pool.
  virtual Err setReleaseThreshold(uint64_t Bytes) = 0;
  virtual Err memInfo(size_t *Free, size_t *Total) = 0;

  virtual Err eventCreate(Event *E) = 0; // timing disabled
  virtual void eventDestroy(Event E) = 0;
  virtual Err eventRecord(Event E, Stream S) = 0;
  /// True when all work captured by the last record has completed.
  virtual bool eventDone(Event E) = 0;
  /// Host waits for the event.
  virtual Err eventSynchronize(Event E) = 0;
  /// Future work on S waits for the event (no host wait).
  virtual Err streamWaitEvent(Stream S, Event E) = 0;

  /// Virtual memory, for expandable segments (hipMemAddressReserve,
  /// hipMemCreate + hipMemMap + hipMemSetAccess, hipMemUnmap + hipMemRelease).
  /// A backend without it keeps these defaults (Err::Other), and the
  /// allocator then uses ordinary segments.
  /// Granularity of physical memory and of mapped ranges, in bytes.
  virtual Err vmGranularity(size_t *Bytes) {
    (void)Bytes;
    return Err::Other;
  }
  /// Reserves Bytes of device address space (no memory behind it).
  virtual Err vmReserve(void **Va, size_t Bytes) {
    (void)Va, (void)Bytes;
    return Err::Other;
  }
  /// Creates Bytes of physical device memory (a multiple of the granularity)
  /// and maps it, readable and writable by the device, at Va (inside a
  /// reservation, not yet mapped). Handle identifies the mapping.
  virtual Err vmMap(void *Va, size_t Bytes, uint64_t *Handle) {
    (void)Va, (void)Bytes, (void)Handle;
    return Err::Other;
  }
  /// Undoes one vmMap (the same Va and Bytes) and releases its physical
  /// memory. Device-synchronising, as free() is.
  virtual Err vmUnmap(void *Va, size_t Bytes, uint64_t Handle) {
    (void)Va, (void)Bytes, (void)Handle;
    return Err::Other;
  }

  /// The backend's native error code of the last failing call (hipError_t).
  virtual int lastError() const = 0;
};

} // namespace alloc
} // namespace cu2hip

#endif
