// cu2hip CPU SIMT emulator: HIP runtime API (device, memory, streams, events).
//
// Device memory is host memory. Work is executed synchronously in issue order
// (kernels and copies complete before the call returns), which satisfies the
// ordering rules of streams and events.

#include <hip/hip_runtime.h>

#include "devices.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

#include <unistd.h>

namespace cu2hip_emu {
int emu_threads();
int emu_sm_count();

namespace {
thread_local hipError_t tl_last_error = hipSuccess;

hipError_t ret(hipError_t e) {
  if (e != hipSuccess) tl_last_error = e;
  return e;
}

enum class Kind { Device, Host, Managed };
struct Alloc {
  size_t size;
  Kind kind;
  int device;  // current device at allocation
};
std::mutex g_mu;
std::map<uintptr_t, Alloc>& allocs() {
  static std::map<uintptr_t, Alloc> m;
  return m;
}
size_t g_in_use = 0;

size_t total_mem() {
  long pages = sysconf(_SC_PHYS_PAGES);
  long page = sysconf(_SC_PAGESIZE);
  return (size_t)pages * (size_t)page;
}

hipError_t do_alloc(void** p, size_t n, Kind kind) {
  if (!p) return ret(hipErrorInvalidValue);
  if (n == 0) {
    *p = nullptr;
    return hipSuccess;
  }
  size_t rounded = (n + 255) & ~(size_t)255;
  void* m = std::aligned_alloc(256, rounded);
  if (!m) {
    *p = nullptr;
    return ret(hipErrorOutOfMemory);
  }
  std::lock_guard<std::mutex> lk(g_mu);
  allocs()[(uintptr_t)m] = Alloc{n, kind, current_device()};
  g_in_use += n;
  *p = m;
  return hipSuccess;
}

hipError_t do_free(void* p, bool host) {
  if (!p) return hipSuccess;
  std::lock_guard<std::mutex> lk(g_mu);
  auto it = allocs().find((uintptr_t)p);
  if (it == allocs().end()) {
    std::fprintf(stderr, "cu2hip-emu: %s(%p): not an allocation of this runtime\n",
                 host ? "hipHostFree" : "hipFree", p);
    return ret(hipErrorInvalidValue);
  }
  g_in_use -= it->second.size;
  allocs().erase(it);
  std::free(p);
  return hipSuccess;
}

// Finds the allocation holding p (for symbol/pointer queries); false if none.
bool find_alloc(const void* p, uintptr_t* base, Alloc* a) {
  std::lock_guard<std::mutex> lk(g_mu);
  auto& m = allocs();
  auto it = m.upper_bound((uintptr_t)p);
  if (it == m.begin()) return false;
  --it;
  if ((uintptr_t)p >= it->first + it->second.size) return false;
  *base = it->first;
  *a = it->second;
  return true;
}

double now_ms() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
}  // namespace

void set_last_error(hipError_t e) { tl_last_error = e; }

// ---- emulated devices ----
namespace {
constexpr int kMaxDevices = 16;
thread_local int tl_device = 0;
std::mutex g_peer_mu;
bool g_peer[kMaxDevices][kMaxDevices];  // g_peer[from][to]: hipDeviceEnablePeerAccess
}  // namespace

int device_count() {
  static const int n = [] {
    const char* e = std::getenv("CU2HIP_EMU_DEVICES");
    if (!e || !*e) return 1;
    int v = std::atoi(e);
    if (v < 1 || v > kMaxDevices) {
      std::fprintf(stderr, "cu2hip-emu: CU2HIP_EMU_DEVICES=%s: must be 1..%d\n", e, kMaxDevices);
      std::exit(2);
    }
    return v;
  }();
  return n;
}
int current_device() { return tl_device; }

bool pointer_info(const void* p, PointerInfo* info) {
  uintptr_t base;
  Alloc a;
  if (!find_alloc(p, &base, &a)) return false;
  info->kind = a.kind == Kind::Device ? PointerInfo::Device
               : a.kind == Kind::Host ? PointerInfo::Host : PointerInfo::Managed;
  info->device = a.device;
  info->avail = base + a.size - (uintptr_t)p;
  return true;
}

bool peer_access(int from, int to) {
  if (from == to) return true;
  std::lock_guard<std::mutex> lk(g_peer_mu);
  return g_peer[from][to];
}
}  // namespace cu2hip_emu

using namespace cu2hip_emu;

struct cu2hip_emu_stream {
  unsigned flags;
  int device;
};
struct cu2hip_emu_event {
  double ms;
  bool recorded;
  unsigned flags;
  int device;
};

int cu2hip_emu::stream_device(hipStream_t s) {
  if (s == nullptr || s == hipStreamLegacy || s == hipStreamPerThread) return tl_device;
  return s->device;
}

namespace {
bool valid_device(int d) { return d >= 0 && d < device_count(); }
}  // namespace

hipError_t hipGetLastError() {
  hipError_t e = tl_last_error;
  tl_last_error = hipSuccess;
  return e;
}
hipError_t hipPeekAtLastError() { return tl_last_error; }

const char* hipGetErrorName(hipError_t e) {
  switch (e) {
    case hipSuccess: return "hipSuccess";
    case hipErrorInvalidValue: return "hipErrorInvalidValue";
    case hipErrorOutOfMemory: return "hipErrorOutOfMemory";
    case hipErrorNotInitialized: return "hipErrorNotInitialized";
    case hipErrorInvalidConfiguration: return "hipErrorInvalidConfiguration";
    case hipErrorInvalidSymbol: return "hipErrorInvalidSymbol";
    case hipErrorInvalidDevicePointer: return "hipErrorInvalidDevicePointer";
    case hipErrorInvalidMemcpyDirection: return "hipErrorInvalidMemcpyDirection";
    case hipErrorInvalidDevice: return "hipErrorInvalidDevice";
    case hipErrorNotFound: return "hipErrorNotFound";
    case hipErrorInvalidResourceHandle: return "hipErrorInvalidResourceHandle";
    case hipErrorNotReady: return "hipErrorNotReady";
    case hipErrorLaunchFailure: return "hipErrorLaunchFailure";
    case hipErrorCooperativeLaunchTooLarge: return "hipErrorCooperativeLaunchTooLarge";
    case hipErrorNotSupported: return "hipErrorNotSupported";
    case hipErrorIllegalAddress: return "hipErrorIllegalAddress";
    case hipErrorPeerAccessAlreadyEnabled: return "hipErrorPeerAccessAlreadyEnabled";
    case hipErrorPeerAccessNotEnabled: return "hipErrorPeerAccessNotEnabled";
    default: return "hipErrorUnknown";
  }
}

const char* hipGetErrorString(hipError_t e) {
  switch (e) {
    case hipSuccess: return "no error";
    case hipErrorInvalidValue: return "invalid argument";
    case hipErrorOutOfMemory: return "out of memory";
    case hipErrorNotInitialized: return "initialization error";
    case hipErrorInvalidConfiguration: return "invalid configuration argument";
    case hipErrorInvalidSymbol: return "invalid device symbol";
    case hipErrorInvalidDevicePointer: return "invalid device pointer";
    case hipErrorInvalidMemcpyDirection: return "invalid copy direction for memcpy";
    case hipErrorInvalidDevice: return "invalid device ordinal";
    case hipErrorInvalidResourceHandle: return "invalid resource handle";
    case hipErrorNotReady: return "device not ready";
    case hipErrorLaunchFailure: return "unspecified launch failure";
    case hipErrorNotSupported: return "operation not supported (cu2hip emulator)";
    case hipErrorIllegalAddress: return "an illegal memory access was encountered";
    case hipErrorPeerAccessAlreadyEnabled: return "peer access is already enabled";
    case hipErrorPeerAccessNotEnabled: return "peer access has not been enabled";
    default: return "unknown error";
  }
}

hipError_t hipInit(unsigned) { return hipSuccess; }
hipError_t hipDeviceSynchronize() { return hipSuccess; }
hipError_t hipDeviceReset() { return hipSuccess; }
hipError_t hipGetDeviceCount(int* n) {
  if (!n) return ret(hipErrorInvalidValue);
  *n = device_count();
  return hipSuccess;
}
hipError_t hipSetDevice(int d) {
  if (!valid_device(d)) {
    std::fprintf(stderr,
                 "cu2hip-emu: hipSetDevice(%d): the emulator has %d device(s) "
                 "(CU2HIP_EMU_DEVICES)\n", d, device_count());
    return ret(hipErrorInvalidDevice);
  }
  tl_device = d;
  return hipSuccess;
}
hipError_t hipGetDevice(int* d) {
  if (!d) return ret(hipErrorInvalidValue);
  *d = tl_device;
  return hipSuccess;
}
hipError_t hipDeviceCanAccessPeer(int* can, int dev, int peer) {
  if (!can) return ret(hipErrorInvalidValue);
  if (!valid_device(dev) || !valid_device(peer)) return ret(hipErrorInvalidDevice);
  *can = dev != peer ? 1 : 0;
  return hipSuccess;
}
hipError_t hipDeviceEnablePeerAccess(int peer, unsigned flags) {
  if (flags != 0) return ret(hipErrorInvalidValue);
  if (!valid_device(peer) || peer == tl_device) return ret(hipErrorInvalidDevice);
  std::lock_guard<std::mutex> lk(g_peer_mu);
  if (g_peer[tl_device][peer]) return ret(hipErrorPeerAccessAlreadyEnabled);
  g_peer[tl_device][peer] = true;
  return hipSuccess;
}
hipError_t hipDeviceDisablePeerAccess(int peer) {
  if (!valid_device(peer)) return ret(hipErrorInvalidDevice);
  std::lock_guard<std::mutex> lk(g_peer_mu);
  if (!g_peer[tl_device][peer]) return ret(hipErrorPeerAccessNotEnabled);
  g_peer[tl_device][peer] = false;
  return hipSuccess;
}
hipError_t hipSetDeviceFlags(unsigned) { return hipSuccess; }
hipError_t hipDeviceSetCacheConfig(hipFuncCache_t) { return hipSuccess; }
hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig) { return hipSuccess; }

hipError_t hipGetDeviceProperties(hipDeviceProp_t* p, int d) {
  if (!p) return ret(hipErrorInvalidValue);
  if (!valid_device(d)) return ret(hipErrorInvalidDevice);
  std::memset(p, 0, sizeof *p);
  int ws = wave_size();
  std::snprintf(p->name, sizeof p->name, "cu2hip CPU SIMT emulator (wave%d)", ws);
  // A gfx name of the matching wave size, so code that picks paths by
  // architecture takes the one the wave size implies.
  std::snprintf(p->gcnArchName, sizeof p->gcnArchName, "%s",
                ws == 64 ? "gfx942" : "gfx1100");
  p->gcnArch = ws == 64 ? 942 : 1100;
  p->totalGlobalMem = total_mem();
  p->sharedMemPerBlock = 65536;
  p->sharedMemPerBlockOptin = 65536;
  p->sharedMemPerMultiprocessor = 65536;
  p->maxSharedMemoryPerMultiProcessor = 65536;
  p->regsPerBlock = 65536;
  p->regsPerMultiprocessor = 65536;
  p->warpSize = ws;
  p->memPitch = (size_t)1 << 31;
  p->maxThreadsPerBlock = 1024;
  p->maxThreadsDim[0] = 1024;
  p->maxThreadsDim[1] = 1024;
  p->maxThreadsDim[2] = 1024;
  p->maxGridSize[0] = 2147483647;
  p->maxGridSize[1] = 65536;
  p->maxGridSize[2] = 65536;
  p->clockRate = 1000000;
  p->memoryClockRate = 1000000;
  p->memoryBusWidth = 64;
  p->totalConstMem = 65536;
  p->major = ws == 64 ? 9 : 11;
  p->minor = 4;
  p->multiProcessorCount = emu_sm_count();
  p->l2CacheSize = 4 << 20;
  p->maxThreadsPerMultiProcessor = 2048;
  p->concurrentKernels = 0;
  p->canMapHostMemory = 1;
  p->integrated = 1;
  p->cooperativeLaunch = 0;
  p->managedMemory = 1;
  p->concurrentManagedAccess = 1;
  p->unifiedAddressing = 1;
  p->textureAlignment = 256;
  p->pciBusID = d;
  p->isMultiGpuBoard = device_count() > 1;
  return hipSuccess;
}

hipError_t hipDeviceGetAttribute(int* v, hipDeviceAttribute_t a, int d) {
  if (!v) return ret(hipErrorInvalidValue);
  hipDeviceProp_t p;
  hipError_t e = hipGetDeviceProperties(&p, d);
  if (e != hipSuccess) return e;
  switch (a) {
    case hipDeviceAttributeWarpSize: *v = p.warpSize; break;
    case hipDeviceAttributeMaxThreadsPerBlock: *v = p.maxThreadsPerBlock; break;
    case hipDeviceAttributeMaxBlockDimX: *v = p.maxThreadsDim[0]; break;
    case hipDeviceAttributeMaxBlockDimY: *v = p.maxThreadsDim[1]; break;
    case hipDeviceAttributeMaxBlockDimZ: *v = p.maxThreadsDim[2]; break;
    case hipDeviceAttributeMaxGridDimX: *v = p.maxGridSize[0]; break;
    case hipDeviceAttributeMaxGridDimY: *v = p.maxGridSize[1]; break;
    case hipDeviceAttributeMaxGridDimZ: *v = p.maxGridSize[2]; break;
    case hipDeviceAttributeMaxSharedMemoryPerBlock: *v = (int)p.sharedMemPerBlock; break;
    case hipDeviceAttributeSharedMemPerBlockOptin: *v = (int)p.sharedMemPerBlockOptin; break;
    case hipDeviceAttributeMultiprocessorCount: *v = p.multiProcessorCount; break;
    case hipDeviceAttributeMaxThreadsPerMultiProcessor: *v = p.maxThreadsPerMultiProcessor; break;
    case hipDeviceAttributeComputeCapabilityMajor: *v = p.major; break;
    case hipDeviceAttributeComputeCapabilityMinor: *v = p.minor; break;
    case hipDeviceAttributeClockRate: *v = p.clockRate; break;
    case hipDeviceAttributeL2CacheSize: *v = p.l2CacheSize; break;
    case hipDeviceAttributeMaxSharedMemoryPerMultiprocessor: *v = (int)p.maxSharedMemoryPerMultiProcessor; break;
    case hipDeviceAttributeTotalConstantMemory: *v = (int)p.totalConstMem; break;
    case hipDeviceAttributeCooperativeLaunch: *v = p.cooperativeLaunch; break;
    case hipDeviceAttributeManagedMemory: *v = p.managedMemory; break;
    case hipDeviceAttributeConcurrentKernels: *v = p.concurrentKernels; break;
    case hipDeviceAttributeMemoryBusWidth: *v = p.memoryBusWidth; break;
    case hipDeviceAttributeMemoryClockRate: *v = p.memoryClockRate; break;
    case hipDeviceAttributeComputeMode: *v = hipComputeModeDefault; break;
    case hipDeviceAttributeIntegrated: *v = 0; break;
    case hipDeviceAttributeWallClockRate: *v = 1000000; break;
    default: return ret(hipErrorInvalidValue);
  }
  return hipSuccess;
}

hipError_t hipDriverGetVersion(int* v) {
  if (!v) return ret(hipErrorInvalidValue);
  *v = HIP_VERSION;
  return hipSuccess;
}
hipError_t hipRuntimeGetVersion(int* v) { return hipDriverGetVersion(v); }

hipError_t hipMemGetInfo(size_t* f, size_t* t) {
  size_t total = total_mem();
  long avail = sysconf(_SC_AVPHYS_PAGES) * sysconf(_SC_PAGESIZE);
  if (f) *f = (size_t)avail;
  if (t) *t = total;
  return hipSuccess;
}

// ---- memory ----
hipError_t hipMalloc(void** p, size_t n) { return do_alloc(p, n, Kind::Device); }
hipError_t hipFree(void* p) { return do_free(p, false); }
hipError_t hipMallocManaged(void** p, size_t n, unsigned) { return do_alloc(p, n, Kind::Managed); }
hipError_t hipHostMalloc(void** p, size_t n, unsigned) { return do_alloc(p, n, Kind::Host); }
hipError_t hipHostAlloc(void** p, size_t n, unsigned) { return do_alloc(p, n, Kind::Host); }
hipError_t hipMallocHost(void** p, size_t n) { return do_alloc(p, n, Kind::Host); }
hipError_t hipHostFree(void* p) { return do_free(p, true); }
hipError_t hipFreeHost(void* p) { return do_free(p, true); }
hipError_t hipMallocAsync(void** p, size_t n, hipStream_t) { return do_alloc(p, n, Kind::Device); }
hipError_t hipFreeAsync(void* p, hipStream_t) { return do_free(p, false); }
hipError_t hipMallocPitch(void** p, size_t* pitch, size_t w, size_t h) {
  if (!pitch) return ret(hipErrorInvalidValue);
  *pitch = (w + 255) & ~(size_t)255;
  return do_alloc(p, *pitch * h, Kind::Device);
}
hipError_t hipHostGetDevicePointer(void** d, void* h, unsigned) {
  if (!d) return ret(hipErrorInvalidValue);
  *d = h;
  return hipSuccess;
}
hipError_t hipHostRegister(void*, size_t, unsigned) { return hipSuccess; }
hipError_t hipHostUnregister(void*) { return hipSuccess; }
hipError_t hipPointerGetAttributes(hipPointerAttribute_t* a, const void* p) {
  if (!a) return ret(hipErrorInvalidValue);
  std::memset(a, 0, sizeof *a);
  uintptr_t base;
  Alloc al;
  if (!find_alloc(p, &base, &al)) {
    a->type = 0;  // unregistered host memory
    a->hostPointer = const_cast<void*>(p);
    return hipSuccess;
  }
  a->type = al.kind == Kind::Device ? 2 : al.kind == Kind::Host ? 1 : 3;
  a->isManaged = al.kind == Kind::Managed;
  a->device = al.device;
  a->devicePointer = const_cast<void*>(p);
  a->hostPointer = const_cast<void*>(p);
  return hipSuccess;
}

hipError_t hipMemGetAddressRange(hipDeviceptr_t* base, size_t* size, hipDeviceptr_t p) {
  uintptr_t b;
  Alloc al;
  if (!find_alloc(p, &b, &al)) return ret(hipErrorNotFound);
  if (base) *base = (hipDeviceptr_t)b;
  if (size) *size = al.size;
  return hipSuccess;
}

hipError_t hipMemcpy(void* dst, const void* src, size_t n, hipMemcpyKind k) {
  if ((unsigned)k > 4) return ret(hipErrorInvalidMemcpyDirection);
  if (n == 0) return hipSuccess;
  if (!dst || !src) return ret(hipErrorInvalidValue);
  std::memmove(dst, src, n);
  return hipSuccess;
}
hipError_t hipMemcpyAsync(void* dst, const void* src, size_t n, hipMemcpyKind k,
                          hipStream_t) {
  return hipMemcpy(dst, src, n, k);
}
hipError_t hipMemcpy2D(void* dst, size_t dp, const void* src, size_t sp, size_t w,
                       size_t h, hipMemcpyKind k) {
  if (w > dp || w > sp) return ret(hipErrorInvalidValue);
  for (size_t r = 0; r < h; ++r) {
    hipError_t e = hipMemcpy(static_cast<char*>(dst) + r * dp,
                             static_cast<const char*>(src) + r * sp, w, k);
    if (e != hipSuccess) return e;
  }
  return hipSuccess;
}
hipError_t hipMemcpy2DAsync(void* dst, size_t dp, const void* src, size_t sp,
                            size_t w, size_t h, hipMemcpyKind k, hipStream_t) {
  return hipMemcpy2D(dst, dp, src, sp, w, h, k);
}
// Peer copies: `dst` must be memory of dstDev and `src` of srcDev (as HIP checks).
hipError_t hipMemcpyPeer(void* dst, int dstDev, const void* src, int srcDev, size_t n) {
  if (!valid_device(dstDev) || !valid_device(srcDev)) return ret(hipErrorInvalidDevice);
  if (n == 0) return hipSuccess;
  PointerInfo d, s;
  if (!pointer_info(dst, &d) || d.kind == PointerInfo::Host || d.device != dstDev ||
      !pointer_info(src, &s) || s.kind == PointerInfo::Host || s.device != srcDev) {
    std::fprintf(stderr,
                 "cu2hip-emu: hipMemcpyPeer(%p on device %d, %p on device %d): a "
                 "pointer is not device memory of the device named\n",
                 dst, dstDev, src, srcDev);
    return ret(hipErrorInvalidValue);
  }
  if (d.avail < n || s.avail < n) return ret(hipErrorInvalidValue);
  return hipMemcpy(dst, src, n, hipMemcpyDeviceToDevice);
}
hipError_t hipMemcpyPeerAsync(void* dst, int dstDev, const void* src, int srcDev, size_t n,
                              hipStream_t) {
  return hipMemcpyPeer(dst, dstDev, src, srcDev, n);
}
hipError_t hipMemcpyHtoD(void* d, const void* s, size_t n) { return hipMemcpy(d, s, n, hipMemcpyHostToDevice); }
hipError_t hipMemcpyDtoH(void* d, const void* s, size_t n) { return hipMemcpy(d, s, n, hipMemcpyDeviceToHost); }
hipError_t hipMemcpyDtoD(void* d, const void* s, size_t n) { return hipMemcpy(d, s, n, hipMemcpyDeviceToDevice); }
hipError_t hipMemset(void* p, int v, size_t n) {
  if (n == 0) return hipSuccess;
  if (!p) return ret(hipErrorInvalidValue);
  std::memset(p, v, n);
  return hipSuccess;
}
hipError_t hipMemsetAsync(void* p, int v, size_t n, hipStream_t) { return hipMemset(p, v, n); }
hipError_t hipMemsetD32(void* p, int v, size_t count) {
  if (count && !p) return ret(hipErrorInvalidValue);
  int* q = static_cast<int*>(p);
  for (size_t i = 0; i < count; ++i) q[i] = v;
  return hipSuccess;
}
hipError_t hipMemsetD32Async(void* p, int v, size_t c, hipStream_t) { return hipMemsetD32(p, v, c); }
hipError_t hipMemsetD8(void* p, unsigned char v, size_t c) { return hipMemset(p, v, c); }
hipError_t hipMemPrefetchAsync(const void*, size_t, int, hipStream_t) { return hipSuccess; }
hipError_t hipMemAdvise(const void* p, size_t n, hipMemoryAdvise advice, int device) {
  if (!p || n == 0) return ret(hipErrorInvalidValue);
  if ((advice < hipMemAdviseSetReadMostly || advice > hipMemAdviseUnsetAccessedBy) &&
      advice != hipMemAdviseSetCoarseGrain && advice != hipMemAdviseUnsetCoarseGrain)
    return ret(hipErrorInvalidValue);
  int count = 0;
  hipGetDeviceCount(&count);
  if (device != hipCpuDeviceId && (device < 0 || device >= count))
    return ret(hipErrorInvalidDevice);
  return hipSuccess;
}
hipError_t hipProfilerStart() { return hipSuccess; }
hipError_t hipProfilerStop() { return hipSuccess; }

hipError_t hipMemcpyToSymbol(const void* sym, const void* src, size_t n,
                             size_t off, hipMemcpyKind k) {
  if (!sym) return ret(hipErrorInvalidSymbol);
  return hipMemcpy(static_cast<char*>(const_cast<void*>(sym)) + off, src, n, k);
}
hipError_t hipMemcpyFromSymbol(void* dst, const void* sym, size_t n, size_t off,
                               hipMemcpyKind k) {
  if (!sym) return ret(hipErrorInvalidSymbol);
  return hipMemcpy(dst, static_cast<const char*>(sym) + off, n, k);
}
hipError_t hipMemcpyToSymbolAsync(const void* sym, const void* src, size_t n,
                                  size_t off, hipMemcpyKind k, hipStream_t) {
  return hipMemcpyToSymbol(sym, src, n, off, k);
}
hipError_t hipMemcpyFromSymbolAsync(void* dst, const void* sym, size_t n,
                                    size_t off, hipMemcpyKind k, hipStream_t) {
  return hipMemcpyFromSymbol(dst, sym, n, off, k);
}
hipError_t hipGetSymbolAddress(void** p, const void* sym) {
  if (!p || !sym) return ret(hipErrorInvalidSymbol);
  *p = const_cast<void*>(sym);
  return hipSuccess;
}
hipError_t hipGetSymbolSize(size_t*, const void*) {
  std::fprintf(stderr, "cu2hip-emu: hipGetSymbolSize is not supported (symbol sizes are unknown on the host)\n");
  return ret(hipErrorNotSupported);
}

// ---- streams and events: synchronous execution in issue order ----
hipError_t hipStreamCreate(hipStream_t* s) { return hipStreamCreateWithFlags(s, 0); }
hipError_t hipStreamCreateWithFlags(hipStream_t* s, unsigned flags) {
  if (!s) return ret(hipErrorInvalidValue);
  *s = new cu2hip_emu_stream{flags, tl_device};
  return hipSuccess;
}
hipError_t hipStreamCreateWithPriority(hipStream_t* s, unsigned flags, int) {
  return hipStreamCreateWithFlags(s, flags);
}
hipError_t hipStreamDestroy(hipStream_t s) {
  if (s == hipStreamLegacy || s == hipStreamPerThread) return hipSuccess;
  delete s;
  return hipSuccess;
}
hipError_t hipStreamSynchronize(hipStream_t) { return hipSuccess; }
hipError_t hipStreamQuery(hipStream_t) { return hipSuccess; }
hipError_t hipStreamWaitEvent(hipStream_t, hipEvent_t e, unsigned) {
  return e ? hipSuccess : ret(hipErrorInvalidResourceHandle);
}
hipError_t hipDeviceGetStreamPriorityRange(int* l, int* g) {
  if (l) *l = 0;
  if (g) *g = 0;
  return hipSuccess;
}
hipError_t hipEventCreate(hipEvent_t* e) { return hipEventCreateWithFlags(e, 0); }
hipError_t hipEventCreateWithFlags(hipEvent_t* e, unsigned flags) {
  if (!e) return ret(hipErrorInvalidValue);
  *e = new cu2hip_emu_event{0.0, false, flags, tl_device};
  return hipSuccess;
}
hipError_t hipEventDestroy(hipEvent_t e) {
  if (!e) return ret(hipErrorInvalidResourceHandle);
  delete e;
  return hipSuccess;
}
hipError_t hipEventRecord(hipEvent_t e, hipStream_t s) {
  if (!e) return ret(hipErrorInvalidResourceHandle);
  if (stream_device(s) != e->device) {
    std::fprintf(stderr,
                 "cu2hip-emu: hipEventRecord: the event belongs to device %d, the "
                 "stream to device %d\n", e->device, stream_device(s));
    return ret(hipErrorInvalidResourceHandle);
  }
  e->ms = now_ms();
  e->recorded = true;
  return hipSuccess;
}
hipError_t hipEventSynchronize(hipEvent_t e) {
  return e ? hipSuccess : ret(hipErrorInvalidResourceHandle);
}
hipError_t hipEventQuery(hipEvent_t e) {
  return e ? hipSuccess : ret(hipErrorInvalidResourceHandle);
}
hipError_t hipEventElapsedTime(float* ms, hipEvent_t a, hipEvent_t b) {
  if (!ms || !a || !b) return ret(hipErrorInvalidValue);
  if (!a->recorded || !b->recorded) return ret(hipErrorInvalidResourceHandle);
  if ((a->flags | b->flags) & hipEventDisableTiming)
    return ret(hipErrorInvalidResourceHandle);
  *ms = (float)(b->ms - a->ms);
  return hipSuccess;
}

// ---- functions ----
hipError_t hipFuncSetAttribute(const void*, hipFuncAttribute, int) { return hipSuccess; }
hipError_t hipFuncSetCacheConfig(const void*, hipFuncCache_t) { return hipSuccess; }
hipError_t hipFuncGetAttributes(hipFuncAttributes* a, const void*) {
  if (!a) return ret(hipErrorInvalidValue);
  std::memset(a, 0, sizeof *a);
  a->maxThreadsPerBlock = 1024;
  a->maxDynamicSharedSizeBytes = 65536;
  return hipSuccess;
}
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* n, const void*,
                                                        int block, size_t) {
  if (!n || block <= 0) return ret(hipErrorInvalidValue);
  *n = block > 1024 ? 0 : 2048 / block;
  return hipSuccess;
}
hipError_t hipOccupancyMaxPotentialBlockSize(int* grid, int* block, const void*,
                                             size_t, int limit) {
  if (!grid || !block) return ret(hipErrorInvalidValue);
  *block = (limit > 0 && limit < 1024) ? limit : 1024;
  *grid = emu_sm_count() * 2;
  return hipSuccess;
}

hipError_t hipLaunchKernel(const void*, dim3, dim3, void**, size_t, hipStream_t) {
  std::fprintf(stderr,
               "cu2hip-emu: error: hipLaunchKernel (untyped kernel pointer + "
               "void** arguments) is unsupported: port with --launch=ggl so "
               "launches become hipLaunchKernelGGL\n");
  return ret(hipErrorNotSupported);
}
hipError_t hipLaunchCooperativeKernel(const void*, dim3, dim3, void**, unsigned,
                                      hipStream_t) {
  std::fprintf(stderr,
               "cu2hip-emu: error: hipLaunchCooperativeKernel (grid-wide "
               "synchronisation) is unsupported by the emulator\n");
  return ret(hipErrorNotSupported);
}

bool cu2hip_emu::launch_devices_ok(const char* kernel, const void* const* ptrs,
                                   unsigned n, hipStream_t stream) {
  if (device_count() == 1) return true;  // one device: nothing can be on another
  const int dev = tl_device;
  if (stream_device(stream) != dev) {
    std::fprintf(stderr,
                 "cu2hip-emu: launch of '%s' on device %d into a stream of device "
                 "%d\n", kernel, dev, stream_device(stream));
    set_last_error(hipErrorInvalidResourceHandle);
    return false;
  }
  for (unsigned i = 0; i < n; ++i) {
    PointerInfo info;
    if (!ptrs[i] || !pointer_info(ptrs[i], &info) || info.kind != PointerInfo::Device)
      continue;
    if (!peer_access(dev, info.device)) {
      std::fprintf(stderr,
                   "cu2hip-emu: launch of '%s' on device %d: argument %u (%p) is "
                   "memory of device %d and peer access is not enabled "
                   "(hipDeviceEnablePeerAccess); on a GPU an illegal address\n",
                   kernel, dev, i + 1, ptrs[i], info.device);
      set_last_error(hipErrorIllegalAddress);
      return false;
    }
  }
  return true;
}
