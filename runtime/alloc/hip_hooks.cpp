//===- hip_hooks.cpp - cu2hip allocator hooks over the HIP runtime --------===//
//
// HIP host code: compiles with hipcc (AMD) and with nvcc -x cu
// -D__HIP_PLATFORM_NVIDIA__ against HIP's NVIDIA headers.
//
//===----------------------------------------------------------------------===//
#include "cu2hip/alloc.h"

#include "allocator.h"
#include "backend.h"
#include "config.h"

#include <hip/hip_runtime_api.h>
#if defined(__HIP_PLATFORM_NVIDIA__) && !defined(__CU2HIP_EMU__)
#include <cuda.h> // virtual memory: HIP 5.2's NVIDIA headers lack hipMem*
#endif

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>

namespace cu2hip {
namespace alloc {
namespace {

#if defined(__HIP_PLATFORM_NVIDIA__) && !defined(__CU2HIP_EMU__)
/// CUDA's virtual-memory calls, looked up through the runtime (no -lcuda
/// needed by the program). Ok is false where the lookup failed.
struct CuVm {
  decltype(&::cuMemGetAllocationGranularity) Gran = nullptr;
  decltype(&::cuMemAddressReserve) Reserve = nullptr;
  decltype(&::cuMemCreate) Create = nullptr;
  decltype(&::cuMemMap) Map = nullptr;
  decltype(&::cuMemSetAccess) Access = nullptr;
  decltype(&::cuMemUnmap) Unmap = nullptr;
  decltype(&::cuMemRelease) Release = nullptr;
  bool Ok = false;
};

template <class F> bool driverEntry(const char *Name, F &Fn) {
#if CUDART_VERSION >= 12000
  void *P = nullptr;
  cudaDriverEntryPointQueryResult Q = cudaDriverEntryPointSymbolNotFound;
#if CUDART_VERSION >= 12050
  cudaError_t E =
      cudaGetDriverEntryPointByVersion(Name, &P, 12000, cudaEnableDefault, &Q);
#else
  cudaError_t E = cudaGetDriverEntryPoint(Name, &P, cudaEnableDefault, &Q);
#endif
  Fn = reinterpret_cast<F>(P);
  return E == cudaSuccess && Q == cudaDriverEntryPointSuccess && P;
#else
  (void)Name, (void)Fn;
  return false;
#endif
}

const CuVm &cuVm() {
  static const CuVm V = [] {
    CuVm V;
    V.Ok = driverEntry("cuMemGetAllocationGranularity", V.Gran) &&
           driverEntry("cuMemAddressReserve", V.Reserve) &&
           driverEntry("cuMemCreate", V.Create) &&
           driverEntry("cuMemMap", V.Map) &&
           driverEntry("cuMemSetAccess", V.Access) &&
           driverEntry("cuMemUnmap", V.Unmap) &&
           driverEntry("cuMemRelease", V.Release);
    return V;
  }();
  return V;
}
#endif

Err toErr(hipError_t E) {
  if (E == hipSuccess)
    return Err::Ok;
  if (E == hipErrorOutOfMemory)
    return Err::Oom;
  return Err::Other;
}

/// The real device, through HIP. One per device; every call is made with
/// that device current.
class HipBackend final : public DeviceBackend {
public:
  explicit HipBackend(int Dev) : Dev(Dev) {}
  Err malloc(void **P, size_t N) override { return ret(::hipMalloc(P, N)); }
  Err free(void *P) override { return ret(::hipFree(P)); }
  Err mallocAsync(void **P, size_t N, Stream S) override {
    return ret(::hipMallocAsync(P, N, static_cast<hipStream_t>(S)));
  }
  Err freeAsync(void *P, Stream S) override {
    return ret(::hipFreeAsync(P, static_cast<hipStream_t>(S)));
  }
  Err setReleaseThreshold(uint64_t B) override {
#if defined(__CU2HIP_EMU__)
    (void)B; // the CPU emulator has no stream-ordered pools to tune
    return Err::Ok;
#else
    hipMemPool_t Pool;
    hipError_t E = ::hipDeviceGetDefaultMemPool(&Pool, Dev);
    if (E != hipSuccess)
      return ret(E);
#if defined(__HIP_PLATFORM_NVIDIA__)
    hipMemPoolAttr A = cudaMemPoolAttrReleaseThreshold;
#else
    hipMemPoolAttr A = hipMemPoolAttrReleaseThreshold;
#endif
    return ret(::hipMemPoolSetAttribute(Pool, A, &B));
#endif
  }
  Err memInfo(size_t *F, size_t *T) override {
    return ret(::hipMemGetInfo(F, T));
  }
  Err eventCreate(Event *E) override {
    hipEvent_t H;
    Err R = ret(::hipEventCreateWithFlags(&H, hipEventDisableTiming));
    *E = H;
    return R;
  }
  void eventDestroy(Event E) override {
    (void)::hipEventDestroy(static_cast<hipEvent_t>(E));
  }
  Err eventRecord(Event E, Stream S) override {
    return ret(::hipEventRecord(static_cast<hipEvent_t>(E),
                                static_cast<hipStream_t>(S)));
  }
  bool eventDone(Event E) override {
    return ::hipEventQuery(static_cast<hipEvent_t>(E)) != hipErrorNotReady;
  }
  Err eventSynchronize(Event E) override {
    return ret(::hipEventSynchronize(static_cast<hipEvent_t>(E)));
  }
  Err streamWaitEvent(Stream S, Event E) override {
    return ret(::hipStreamWaitEvent(static_cast<hipStream_t>(S),
                                    static_cast<hipEvent_t>(E), 0));
  }
  int lastError() const override { return Last; }

  // Virtual memory (expandable segments). On AMD through hipMem*, on HIP's
  // NVIDIA platform through CUDA's driver API (same calls); the CPU
  // emulator has none (the allocator then uses ordinary segments).
#if defined(__CU2HIP_EMU__)
#elif defined(__HIP_PLATFORM_NVIDIA__)
  Err vmGranularity(size_t *Bytes) override {
    (void)::hipFree(nullptr); // the primary context is current from here on
    if (!cuVm().Ok)
      return Err::Other;
    CUmemAllocationProp P = prop();
    return cu(cuVm().Gran(Bytes, &P, CU_MEM_ALLOC_GRANULARITY_MINIMUM));
  }
  Err vmReserve(void **Va, size_t Bytes) override {
    CUdeviceptr A = 0;
    Err E = cu(cuVm().Reserve(&A, Bytes, 0, 0, 0));
    *Va = reinterpret_cast<void *>(A);
    return E;
  }
  Err vmMap(void *Va, size_t Bytes, uint64_t *Handle) override {
    CUmemAllocationProp P = prop();
    CUmemGenericAllocationHandle H;
    Err E = cu(cuVm().Create(&H, Bytes, &P, 0));
    if (E != Err::Ok)
      return E;
    CUdeviceptr A = reinterpret_cast<CUdeviceptr>(Va);
    E = cu(cuVm().Map(A, Bytes, 0, H, 0));
    if (E == Err::Ok) {
      CUmemAccessDesc D = {};
      D.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
      D.location.id = Dev;
      D.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
      E = cu(cuVm().Access(A, Bytes, &D, 1));
      if (E != Err::Ok)
        (void)cuVm().Unmap(A, Bytes);
    }
    if (E != Err::Ok) {
      (void)cuVm().Release(H);
      return E;
    }
    *Handle = static_cast<uint64_t>(H);
    return Err::Ok;
  }
  Err vmUnmap(void *Va, size_t Bytes, uint64_t Handle) override {
    Err E = ret(::hipDeviceSynchronize());
    if (E != Err::Ok)
      return E;
    E = cu(cuVm().Unmap(reinterpret_cast<CUdeviceptr>(Va), Bytes));
    if (E != Err::Ok)
      return E;
    return cu(cuVm().Release(static_cast<CUmemGenericAllocationHandle>(Handle)));
  }
#else
  Err vmGranularity(size_t *Bytes) override {
    hipMemAllocationProp P = prop();
    return ret(::hipMemGetAllocationGranularity(
        Bytes, &P, hipMemAllocationGranularityMinimum));
  }
  Err vmReserve(void **Va, size_t Bytes) override {
    return ret(::hipMemAddressReserve(Va, Bytes, 0, nullptr, 0));
  }
  Err vmMap(void *Va, size_t Bytes, uint64_t *Handle) override {
    hipMemAllocationProp P = prop();
    hipMemGenericAllocationHandle_t H;
    Err E = ret(::hipMemCreate(&H, Bytes, &P, 0));
    if (E != Err::Ok)
      return E;
    E = ret(::hipMemMap(Va, Bytes, 0, H, 0));
    if (E == Err::Ok) {
      hipMemAccessDesc D = {};
      D.location.type = hipMemLocationTypeDevice;
      D.location.id = Dev;
      D.flags = hipMemAccessFlagsProtReadWrite;
      E = ret(::hipMemSetAccess(Va, Bytes, &D, 1));
      if (E != Err::Ok)
        (void)::hipMemUnmap(Va, Bytes);
    }
    if (E != Err::Ok) {
      (void)::hipMemRelease(H);
      return E;
    }
    *Handle = reinterpret_cast<uint64_t>(H);
    return Err::Ok;
  }
  Err vmUnmap(void *Va, size_t Bytes, uint64_t Handle) override {
    Err E = ret(::hipDeviceSynchronize());
    if (E != Err::Ok)
      return E;
    E = ret(::hipMemUnmap(Va, Bytes));
    if (E != Err::Ok)
      return E;
    return ret(::hipMemRelease(
        reinterpret_cast<hipMemGenericAllocationHandle_t>(Handle)));
  }
#endif

private:
#if defined(__HIP_PLATFORM_NVIDIA__) && !defined(__CU2HIP_EMU__)
  CUmemAllocationProp prop() const {
    CUmemAllocationProp P = {};
    P.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    P.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    P.location.id = Dev;
    return P;
  }
  Err cu(CUresult R) {
    if (R == CUDA_SUCCESS)
      return Err::Ok;
    Last = R == CUDA_ERROR_OUT_OF_MEMORY ? hipErrorOutOfMemory : hipErrorUnknown;
    return R == CUDA_ERROR_OUT_OF_MEMORY ? Err::Oom : Err::Other;
  }
#elif !defined(__CU2HIP_EMU__)
  hipMemAllocationProp prop() const {
    hipMemAllocationProp P = {};
    P.type = hipMemAllocationTypePinned;
    P.location.type = hipMemLocationTypeDevice;
    P.location.id = Dev;
    return P;
  }
#endif
  Err ret(hipError_t E) {
    if (E != hipSuccess)
      Last = E;
    return toErr(E);
  }
  int Dev;
  int Last = hipSuccess;
};

constexpr int kMaxDevices = 64;

struct State {
  Config Cfg;
  std::string Settings;
  std::mutex Mu;
  HipBackend *Backends[kMaxDevices] = {};
  std::atomic<Allocator *> Allocs[kMaxDevices] = {};
  /// Set once the first allocator exists and the runtime reports a single
  /// device: that device is then always current (no hipGetDevice per call).
  std::atomic<bool> SingleDevice{false};
};

void printAtExit();

// Parsed once, before main() where possible, so that a bad setting stops the
// program at start-up with a message naming the key and value.
State &state() {
  static State *S = [] {
    State *N = new State; // never deleted: hooks may run from static dtors
    const char *Env = std::getenv("CU2HIP_ALLOC_CONF");
    std::string Msg = parseConfig(Env, N->Cfg);
    if (!Msg.empty()) {
      std::fprintf(stderr, "%s\n", Msg.c_str());
      std::abort();
    }
    N->Settings = describeConfig(N->Cfg);
    if (N->Cfg.ReportAtExit)
      std::atexit(printAtExit);
    return N;
  }();
  return *S;
}

struct EarlyInit {
  EarlyInit() { state(); }
} TheEarlyInit;

int currentDevice() {
  if (state().SingleDevice.load(std::memory_order_relaxed))
    return 0;
  int D = 0;
  if (::hipGetDevice(&D) != hipSuccess || D < 0 || D >= kMaxDevices)
    D = 0;
  return D;
}

Allocator *existing(int D) {
  return state().Allocs[D].load(std::memory_order_acquire);
}

Allocator &allocatorFor(int D) {
  if (Allocator *A = existing(D))
    return *A;
  State &S = state();
  std::lock_guard<std::mutex> L(S.Mu);
  if (!S.Allocs[D].load(std::memory_order_relaxed)) {
    S.Backends[D] = new HipBackend(D);
    S.Allocs[D].store(new Allocator(*S.Backends[D], S.Cfg),
                      std::memory_order_release);
    int N = 0;
    if (::hipGetDeviceCount(&N) == hipSuccess && N == 1 && D == 0)
      S.SingleDevice.store(true, std::memory_order_relaxed);
  }
  return *S.Allocs[D].load(std::memory_order_relaxed);
}

Site site(AllocSite W) { return Site{W.file, W.line}; }

hipError_t fromErr(Err E, DeviceBackend *B) {
  if (E == Err::Ok)
    return hipSuccess;
  if (E == Err::Oom)
    return hipErrorOutOfMemory;
  int Code = B ? B->lastError() : 0;
  return Code ? static_cast<hipError_t>(Code) : hipErrorUnknown;
}

/// The allocator that handed out Ptr (current device first), or null.
Allocator *ownerOf(void *Ptr, int *DevOut) {
  int Cur = currentDevice();
  if (Allocator *A = existing(Cur))
    if (A->owns(Ptr)) {
      *DevOut = Cur;
      return A;
    }
  for (int D = 0; D < kMaxDevices; ++D)
    if (D != Cur)
      if (Allocator *A = existing(D))
        if (A->owns(Ptr)) {
          *DevOut = D;
          return A;
        }
  return nullptr;
}

hipError_t freeImpl(AllocSite, void *Ptr, hipStream_t S, bool Ordered) {
  if (!Ptr)
    return hipSuccess;
  // Current device first (one lookup), then the others.
  int Cur = currentDevice();
  bool Known = false;
  if (Allocator *A = existing(Cur)) {
    Err E = A->deallocate(Ptr, S, Ordered, Known);
    if (Known)
      return fromErr(E, state().Backends[Cur]);
  }
  for (int D = 0; D < kMaxDevices; ++D)
    if (D != Cur)
      if (Allocator *A = existing(D)) {
        Err E = A->deallocate(Ptr, S, Ordered, Known);
        if (Known)
          return fromErr(E, state().Backends[D]);
      }
  // Managed or pitched memory, or memory from code without hooks.
  if (Allocator *A = existing(Cur))
    A->forgetOther(Ptr, OtherKind::Managed);
  return Ordered ? ::hipFreeAsync(Ptr, S) : ::hipFree(Ptr);
}

void printAtExit() { cu2hip_alloc_print_report(stderr); }

} // namespace
} // namespace alloc

using namespace alloc;

hipError_t hipMalloc(AllocSite W, void **Ptr, size_t Size) {
  int D = currentDevice();
  Allocator &A = allocatorFor(D);
  return fromErr(A.allocate(Ptr, Size, nullptr, false, site(W)),
                 state().Backends[D]);
}

hipError_t hipFree(AllocSite W, void *Ptr) {
  return freeImpl(W, Ptr, nullptr, false);
}

hipError_t hipMallocAsync(AllocSite W, void **Ptr, size_t Size,
                          hipStream_t S) {
  int D = currentDevice();
  Allocator &A = allocatorFor(D);
  return fromErr(A.allocate(Ptr, Size, S, true, site(W)), state().Backends[D]);
}

hipError_t hipFreeAsync(AllocSite W, void *Ptr, hipStream_t S) {
  return freeImpl(W, Ptr, S, true);
}

hipError_t hipMallocManaged(AllocSite W, void **Ptr, size_t Size,
                            unsigned int Flags) {
  hipError_t E = ::hipMallocManaged(Ptr, Size, Flags);
  if (E == hipSuccess && *Ptr)
    allocatorFor(currentDevice()).noteOther(*Ptr, Size, OtherKind::Managed,
                                            site(W));
  return E;
}

hipError_t hipMallocPitch(AllocSite W, void **Ptr, size_t *Pitch,
                          size_t Width, size_t Height) {
  hipError_t E = ::hipMallocPitch(Ptr, Pitch, Width, Height);
  if (E == hipSuccess && *Ptr)
    allocatorFor(currentDevice()).noteOther(*Ptr, *Pitch * Height,
                                            OtherKind::Pitched, site(W));
  return E;
}

hipError_t hipHostMalloc(AllocSite W, void **Ptr, size_t Size,
                         unsigned int Flags) {
  hipError_t E = ::hipHostMalloc(Ptr, Size, cu2hip_alloc_host_flags(Flags));
  if (E == hipSuccess && *Ptr)
    allocatorFor(currentDevice()).noteOther(*Ptr, Size, OtherKind::Host,
                                            site(W));
  return E;
}

hipError_t hipHostFree(AllocSite, void *Ptr) {
  if (Allocator *A = existing(currentDevice()))
    A->forgetOther(Ptr, OtherKind::Host);
  return ::hipHostFree(Ptr);
}

hipError_t hipMemGetInfo(AllocSite, size_t *Free, size_t *Total) {
  hipError_t E = ::hipMemGetInfo(Free, Total);
  if (E == hipSuccess)
    if (Allocator *A = existing(currentDevice()))
      *Free += A->cachedFreeBytes();
  return E;
}

} // namespace cu2hip

using namespace cu2hip::alloc;

extern "C" hipError_t cu2hip_alloc_empty_cache(void) {
  for (int D = 0; D < kMaxDevices; ++D)
    if (Allocator *A = existing(D)) {
      int Cur = currentDevice();
      if (D != Cur)
        (void)::hipSetDevice(D);
      A->emptyCache();
      if (D != Cur)
        (void)::hipSetDevice(Cur);
    }
  return hipSuccess;
}

extern "C" hipError_t cu2hip_alloc_record_stream(void *Ptr, hipStream_t S) {
  int D = 0;
  if (Allocator *A = ownerOf(Ptr, &D))
    A->recordStream(Ptr, S);
  return hipSuccess;
}

extern "C" hipError_t cu2hip_alloc_get_stats(int Device,
                                             cu2hip_alloc_stats *Out) {
  if (!Out || Device >= kMaxDevices)
    return hipErrorInvalidValue;
  int D = Device < 0 ? currentDevice() : Device;
  *Out = cu2hip_alloc_stats{};
  Allocator *A = existing(D);
  if (!A)
    return hipSuccess;
  Stats S = A->stats();
  Out->allocated_bytes = S.AllocatedBytes;
  Out->peak_allocated_bytes = S.PeakAllocatedBytes;
  Out->requested_bytes = S.RequestedBytes;
  Out->reserved_bytes = S.ReservedBytes;
  Out->peak_reserved_bytes = S.PeakReservedBytes;
  Out->cached_free_bytes = A->cachedFreeBytes();
  Out->largest_free_block = S.LargestFreeBlock;
  Out->managed_pitched_bytes = S.OtherBytes;
  Out->pinned_host_bytes = S.HostBytes;
  Out->num_allocs = S.NumAllocs;
  Out->num_frees = S.NumFrees;
  Out->num_device_mallocs = S.NumDeviceMallocs;
  Out->num_device_frees = S.NumDeviceFrees;
  Out->num_cache_hits = S.NumCacheHits;
  Out->num_splits = S.NumSplits;
  Out->num_merges = S.NumMerges;
  Out->num_cross_stream_reuses = S.NumCrossStreamReuses;
  Out->num_stream_waits = S.NumStreamWaits;
  Out->num_host_waits = S.NumHostWaits;
  Out->num_oom_retries = S.NumOomRetries;
  Out->num_ooms = S.NumOoms;
  Out->num_fences = S.NumFences;
  Out->num_fence_lag_segments = S.NumFenceLagSegments;
  return hipSuccess;
}

extern "C" hipError_t cu2hip_alloc_reset_peak_stats(int Device) {
  int D = Device < 0 ? currentDevice() : Device;
  if (D >= kMaxDevices)
    return hipErrorInvalidValue;
  if (Allocator *A = existing(D))
    A->resetPeaks();
  return hipSuccess;
}

extern "C" void cu2hip_alloc_print_report(FILE *Out) {
  if (!Out)
    Out = stderr;
  for (int D = 0; D < kMaxDevices; ++D)
    if (Allocator *A = existing(D))
      std::fprintf(Out, "device %d: %s", D, A->report().c_str());
}

extern "C" const char *cu2hip_alloc_settings(void) {
  return state().Settings.c_str();
}

extern "C" unsigned int cu2hip_alloc_host_flags(unsigned int Flags) {
  return mapHostFlags(Flags, state().Cfg.Host, hipHostMallocCoherent,
                      hipHostMallocNonCoherent);
}
