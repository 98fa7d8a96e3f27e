// alloc_trace_replay: replays an allocation trace (bench/alloc_trace.h) on the
// GPU and prints one markdown row per allocator:
//   | allocator | peak allocated | peak reserved | ratio | device allocs |
//   OOM retries | ns / op | device used peak (hipMemGetInfo) |
// HIP source; on NVIDIA: nvcc -D__HIP_PLATFORM_NVIDIA__ -I<hip headers> -x cu
// (bench/alloc-trace-gpu.sh).
//
// Usage: alloc_trace_replay --mode hooks|raw-malloc|raw-async --label TEXT FILE
//   hooks       every op through cu2hip's hooks (setting: CU2HIP_ALLOC_CONF)
//   raw-malloc  hipMalloc / hipFree for every op
//   raw-async   hipMallocAsync / hipFreeAsync on the op's stream (stream 0:
//               the null stream), release threshold of the pool: max
// Pass 1 is timed (device ops only; the pinned host buffer's allocation is
// outside the clock); its statistics fill the row. Pass 2 replays again and
// samples hipMemGetInfo after every allocation (the driver's view, including
// its own rounding), after the cache was emptied.
#include <hip/hip_runtime.h>

#include "alloc_trace.h"
#include "cu2hip/alloc.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define CHECK(x)                                                              \
  do {                                                                        \
    hipError_t e_ = (x);                                                      \
    if (e_ != hipSuccess) {                                                   \
      std::fprintf(stderr, "%s:%d: %s -> %s\n", __FILE__, __LINE__, #x,       \
                   hipGetErrorString(e_));                                    \
      std::exit(1);                                                           \
    }                                                                         \
  } while (0)

using namespace cu2hip;
using Clock = std::chrono::steady_clock;

namespace {

enum class Mode { Hooks, RawMalloc, RawAsync };

struct Run {
  Mode M;
  std::vector<hipStream_t> Streams; // index 0: null stream
  uint64_t Live = 0, PeakLive = 0;  // requested bytes (raw modes)
  bool Sample = false;
  size_t Base = 0, PeakUsed = 0;     // hipMemGetInfo: used - base

  hipError_t alloc(const trace::Op &O, void **P) {
    hipStream_t S = Streams[O.Stream];
    switch (M) {
    case Mode::Hooks:
      return O.Stream == 0 ? cu2hip::hipMalloc(CU2HIP_SITE, P, O.Bytes)
                           : cu2hip::hipMallocAsync(CU2HIP_SITE, P, O.Bytes, S);
    case Mode::RawMalloc:
      return ::hipMalloc(P, O.Bytes);
    case Mode::RawAsync:
      return ::hipMallocAsync(P, O.Bytes, S);
    }
    return hipErrorUnknown;
  }
  hipError_t release(const trace::Op &O, void *P) {
    hipStream_t S = Streams[O.Stream];
    switch (M) {
    case Mode::Hooks:
      return O.Stream == 0 ? cu2hip::hipFree(CU2HIP_SITE, P)
                           : cu2hip::hipFreeAsync(CU2HIP_SITE, P, S);
    case Mode::RawMalloc:
      return ::hipFree(P);
    case Mode::RawAsync:
      return ::hipFreeAsync(P, S);
    }
    return hipErrorUnknown;
  }
  void sample() {
    size_t F = 0, T = 0;
    CHECK(::hipMemGetInfo(&F, &T));
    size_t Used = T - F;
    if (Used > Base && Used - Base > PeakUsed)
      PeakUsed = Used - Base;
  }

  /// One pass; returns seconds spent in device ops.
  double pass(const trace::Trace &Tr) {
    std::vector<void *> Ptrs;
    double Sec = 0;
    auto T0 = Clock::now();
    bool Ok = trace::replay(Tr, Ptrs, [&](const trace::Op &O,
                                          std::vector<void *> &Ptr) {
      if (O.Kind == 'h' || O.Kind == 'H') {
        Sec += std::chrono::duration<double>(Clock::now() - T0).count();
        if (O.Kind == 'h')
          CHECK(M == Mode::Hooks
                    ? cu2hip::hipHostMalloc(CU2HIP_SITE, &Ptr[O.Id], O.Bytes, 0)
                    : ::hipHostMalloc(&Ptr[O.Id], O.Bytes, 0));
        else
          CHECK(M == Mode::Hooks ? cu2hip::hipHostFree(CU2HIP_SITE, Ptr[O.Id])
                                 : ::hipHostFree(Ptr[O.Id]));
        T0 = Clock::now();
        return true;
      }
      if (O.Kind == 'a') {
        hipError_t E = alloc(O, &Ptr[O.Id]);
        if (E != hipSuccess) {
          std::fprintf(stderr, "allocation of %llu B (id %u) failed: %s\n",
                       (unsigned long long)O.Bytes, O.Id, hipGetErrorString(E));
          return false;
        }
        Live += O.Bytes;
        PeakLive = std::max(PeakLive, Live);
        if (Sample)
          sample();
      } else {
        CHECK(release(O, Ptr[O.Id]));
        Live -= O.Bytes;
      }
      return true;
    });
    CHECK(hipDeviceSynchronize());
    Sec += std::chrono::duration<double>(Clock::now() - T0).count();
    if (!Ok)
      std::exit(3);
    return Sec;
  }
};

std::string gib(uint64_t B) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.3f", double(B) / double(1ull << 30));
  return Buf;
}

} // namespace

int main(int argc, char **argv) {
  Mode M = Mode::Hooks;
  std::string Label = "?", File;
  for (int I = 1; I < argc; ++I) {
    if (!std::strcmp(argv[I], "--mode") && I + 1 < argc) {
      std::string V = argv[++I];
      M = V == "raw-malloc" ? Mode::RawMalloc
          : V == "raw-async" ? Mode::RawAsync
                             : Mode::Hooks;
    } else if (!std::strcmp(argv[I], "--label") && I + 1 < argc) {
      Label = argv[++I];
    } else {
      File = argv[I];
    }
  }
  trace::Trace Tr;
  std::string Err = trace::load(File, Tr);
  if (!Err.empty()) {
    std::fprintf(stderr, "%s\n", Err.c_str());
    return 2;
  }
  CHECK(hipSetDevice(0));
  CHECK(::hipFree(nullptr));
  Run R;
  R.M = M;
  R.Streams.push_back(nullptr);
  for (int S = 1; S < Tr.NumStreams; ++S) {
    hipStream_t H;
    CHECK(hipStreamCreateWithFlags(&H, hipStreamNonBlocking));
    R.Streams.push_back(H);
  }
  hipMemPool_t Pool;
  if (M == Mode::RawAsync) {
    CHECK(hipDeviceGetDefaultMemPool(&Pool, 0));
    uint64_t Max = UINT64_MAX;
#if defined(__HIP_PLATFORM_NVIDIA__)
    CHECK(hipMemPoolSetAttribute(Pool, cudaMemPoolAttrReleaseThreshold, &Max));
#else
    CHECK(hipMemPoolSetAttribute(Pool, hipMemPoolAttrReleaseThreshold, &Max));
#endif
  }
  size_t F0 = 0, T0 = 0;
  CHECK(::hipMemGetInfo(&F0, &T0));
  R.Base = T0 - F0;
  double Sec = R.pass(Tr);
  uint64_t Ops = Tr.DeviceAllocs + Tr.DeviceFrees;

  uint64_t PeakAlloc = R.PeakLive, PeakRes = R.PeakLive, Dev = Tr.DeviceAllocs,
           Retries = 0;
  std::string DevS, ResS;
  if (M == Mode::Hooks) {
    cu2hip_alloc_stats St;
    CHECK(cu2hip_alloc_get_stats(-1, &St));
    PeakAlloc = St.peak_allocated_bytes;
    PeakRes = St.peak_reserved_bytes;
    Dev = St.num_device_mallocs;
    Retries = St.num_oom_retries;
    std::fprintf(stderr, "[%s] %s: allocs %llu, driver mallocs %llu, cache hits "
                         "%llu, host waits %llu, stream waits %llu\n",
                 Label.c_str(), cu2hip_alloc_settings(),
                 (unsigned long long)St.num_allocs,
                 (unsigned long long)St.num_device_mallocs,
                 (unsigned long long)St.num_cache_hits,
                 (unsigned long long)St.num_host_waits,
                 (unsigned long long)St.num_stream_waits);
    CHECK(cu2hip_alloc_empty_cache());
  } else if (M == Mode::RawAsync) {
#if defined(__HIP_PLATFORM_NVIDIA__)
    cudaMemPoolAttr AResH = cudaMemPoolAttrReservedMemHigh,
                    AUsedH = cudaMemPoolAttrUsedMemHigh;
#else
    hipMemPoolAttr AResH = hipMemPoolAttrReservedMemHigh,
                   AUsedH = hipMemPoolAttrUsedMemHigh;
#endif
    uint64_t V = 0;
    CHECK(hipMemPoolGetAttribute(Pool, AResH, &V));
    PeakRes = V;
    CHECK(hipMemPoolGetAttribute(Pool, AUsedH, &V));
    PeakAlloc = V;
    CHECK(hipMemPoolTrimTo(Pool, 0));
  }
  DevS = M == Mode::RawAsync ? std::string("-") : std::to_string(Dev);
  // Without a cache (raw hipMalloc, the hooks' passthrough and async
  // backends) the program's view has reserved = allocated: the ratio then
  // comes from the driver's view.
  bool DriverView = M == Mode::RawMalloc ||
                    (M == Mode::Hooks &&
                     std::strncmp(cu2hip_alloc_settings(), "backend:caching", 15));
  ResS = DriverView ? std::string("(= allocated)") : gib(PeakRes);
  // Pass 2: the driver's view.
  CHECK(hipDeviceSynchronize());
  CHECK(::hipMemGetInfo(&F0, &T0));
  R.Base = T0 - F0;
  R.Sample = true;
  R.Live = 0;
  R.pass(Tr);
  std::printf("| %s | %s | %s | %.3f | %s | %llu | %.0f | %s |\n", Label.c_str(),
              gib(PeakAlloc).c_str(), ResS.c_str(),
              double(DriverView ? R.PeakUsed : PeakRes) /
                  double(PeakAlloc),
              DevS.c_str(), (unsigned long long)Retries, Sec * 1e9 / double(Ops),
              gib(R.PeakUsed).c_str());
  std::fflush(stdout);
  return 0;
}
