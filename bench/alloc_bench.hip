// alloc_bench: allocation + free round trip, raw HIP vs cu2hip hooks.
// HIP source; on NVIDIA: nvcc -D__HIP_PLATFORM_NVIDIA__ -I<hip headers> -x cu
// (bench/gpu-bench.sh). The hooks' mode comes from CU2HIP_ALLOC_CONF, read
// once per process, so the script runs this program once per setting.
// Prints markdown table rows: | setting | call | size | ns per round trip |
#include <hip/hip_runtime.h>

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

__global__ void touch(char *p) {
  if (threadIdx.x == 0 && blockIdx.x == 0)
    p[0] = 1;
}

using Clock = std::chrono::steady_clock;

// Mean ns per call of F over at least MinSeconds (after a warm-up).
template <class F> double timeIt(F f, double MinSeconds = 0.15, long MaxIt = 200000) {
  for (int i = 0; i < 20; ++i)
    f(i);
  long it = 0;
  auto t0 = Clock::now();
  double el = 0;
  while (true) {
    for (int k = 0; k < 50; ++k)
      f(it++);
    el = std::chrono::duration<double>(Clock::now() - t0).count();
    if (el >= MinSeconds || it >= MaxIt)
      break;
  }
  return el * 1e9 / double(it);
}

static std::string sizeName(size_t n) {
  char b[32];
  if (n >= (1u << 20))
    std::snprintf(b, sizeof b, "%zu MiB", n >> 20);
  else if (n >= 1024)
    std::snprintf(b, sizeof b, "%zu KiB", n >> 10);
  else
    std::snprintf(b, sizeof b, "%zu B", n);
  return b;
}

int main(int argc, char **argv) {
  const char *label = argc > 1 ? argv[1] : "default";
  bool raw = argc > 2 && std::strcmp(argv[2], "raw") == 0;
  CHECK(hipSetDevice(0));
  CHECK(hipFree(nullptr)); // create the context
  hipStream_t s1, s2;
  CHECK(hipStreamCreateWithFlags(&s1, hipStreamNonBlocking));
  CHECK(hipStreamCreateWithFlags(&s2, hipStreamNonBlocking));
  const size_t sizes[] = {512, 64 << 10, 1 << 20, 16 << 20, 256 << 20};
  if (raw) { // what the caching path's driver calls cost on their own
    hipEvent_t ev;
    CHECK(hipEventCreateWithFlags(&ev, hipEventDisableTiming));
    int dev = 0;
    double t = timeIt([&](long) { CHECK(hipGetDevice(&dev)); });
    std::printf("| raw HIP | hipGetDevice | - | %.0f |\n", t);
    t = timeIt([&](long) { CHECK(hipEventRecord(ev, nullptr)); });
    std::printf("| raw HIP | hipEventRecord (null stream) | - | %.0f |\n", t);
    t = timeIt([&](long) { (void)hipEventQuery(ev); });
    std::printf("| raw HIP | hipEventQuery (complete) | - | %.0f |\n", t);
    // What one free fence costs: a record and the first query of it.
    t = timeIt([&](long) {
      CHECK(hipEventRecord(ev, nullptr));
      (void)hipEventQuery(ev);
    });
    std::printf("| raw HIP | hipEventRecord + hipEventQuery (fresh) | - | %.0f |\n", t);
    CHECK(hipEventDestroy(ev));
  }
  for (size_t n : sizes) {
    void *p = nullptr;
    double t;
    if (raw) {
      t = timeIt([&](long) {
        CHECK(::hipMalloc(&p, n));
        CHECK(::hipFree(p));
      }, 0.15, 20000);
      std::printf("| raw HIP | hipMalloc+hipFree | %s | %.0f |\n", sizeName(n).c_str(), t);
      t = timeIt([&](long) {
        CHECK(::hipMallocAsync(&p, n, s1));
        CHECK(::hipFreeAsync(p, s1));
      }, 0.15, 20000);
      std::printf("| raw HIP | hipMallocAsync+hipFreeAsync (1 stream) | %s | %.0f |\n",
                  sizeName(n).c_str(), t);
      t = timeIt([&](long i) {
        CHECK(::hipMalloc(&p, n));
        touch<<<1, 32, 0, s1>>>(static_cast<char *>(p));
        CHECK(::hipFree(p));
      }, 0.15, 20000);
      std::printf("| raw HIP | hipMalloc+kernel+hipFree | %s | %.0f |\n", sizeName(n).c_str(), t);
      continue;
    }
    t = timeIt([&](long) {
      CHECK(cu2hip::hipMalloc(CU2HIP_SITE, &p, n));
      CHECK(cu2hip::hipFree(CU2HIP_SITE, p));
    });
    std::printf("| %s | hipMalloc+hipFree | %s | %.0f |\n", label, sizeName(n).c_str(), t);
    t = timeIt([&](long) {
      CHECK(cu2hip::hipMallocAsync(CU2HIP_SITE, &p, n, s1));
      CHECK(cu2hip::hipFreeAsync(CU2HIP_SITE, p, s1));
    });
    std::printf("| %s | hipMallocAsync+hipFreeAsync (1 stream) | %s | %.0f |\n", label,
                sizeName(n).c_str(), t);
    t = timeIt([&](long i) {
      hipStream_t s = (i & 1) ? s1 : s2;
      CHECK(cu2hip::hipMallocAsync(CU2HIP_SITE, &p, n, s));
      CHECK(cu2hip::hipFreeAsync(CU2HIP_SITE, p, s));
    });
    std::printf("| %s | hipMallocAsync+hipFreeAsync (2 streams alternating) | %s | %.0f |\n",
                label, sizeName(n).c_str(), t);
    t = timeIt([&](long) {
      CHECK(cu2hip::hipMalloc(CU2HIP_SITE, &p, n));
      touch<<<1, 32, 0, s1>>>(static_cast<char *>(p));
      CHECK(cu2hip::hipFree(CU2HIP_SITE, p));
    }, 0.15, 20000);
    std::printf("| %s | hipMalloc+kernel+hipFree | %s | %.0f |\n", label, sizeName(n).c_str(), t);
  }
  CHECK(hipDeviceSynchronize());
  if (!raw) {
    cu2hip_alloc_stats st;
    CHECK(cu2hip_alloc_get_stats(-1, &st));
    std::fprintf(stderr,
                 "[%s] settings %s: allocs %llu, driver mallocs %llu, cache hits %llu, "
                 "cross-stream reuses %llu, stream waits %llu, host waits %llu, "
                 "free fences %llu, hot-loop segments %llu, peak reserved %llu B\n",
                 label, cu2hip_alloc_settings(), (unsigned long long)st.num_allocs,
                 (unsigned long long)st.num_device_mallocs,
                 (unsigned long long)st.num_cache_hits,
                 (unsigned long long)st.num_cross_stream_reuses,
                 (unsigned long long)st.num_stream_waits,
                 (unsigned long long)st.num_host_waits,
                 (unsigned long long)st.num_fences,
                 (unsigned long long)st.num_fence_lag_segments,
                 (unsigned long long)st.peak_reserved_bytes);
    // An out-of-memory request shows the report (and must fail cleanly).
    void *big = nullptr;
    void *live = nullptr;
    CHECK(cu2hip::hipMalloc(CU2HIP_SITE, &live, 64 << 20));
    hipError_t e = cu2hip::hipMalloc(CU2HIP_SITE, &big, size_t(1) << 50);
    std::fprintf(stderr, "[%s] 1 PiB request -> %s\n", label, hipGetErrorString(e));
    CHECK(cu2hip::hipFree(CU2HIP_SITE, live));
    size_t fr = 0, tot = 0;
    CHECK(cu2hip::hipMemGetInfo(CU2HIP_SITE, &fr, &tot));
    std::fprintf(stderr, "[%s] hipMemGetInfo via hook: free %zu of %zu\n", label, fr, tot);
  }
  return 0;
}
