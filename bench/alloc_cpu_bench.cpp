// alloc_cpu_bench: CPU cost of the caching allocator's logic alone (fake
// device, no driver calls): ns per allocate+deallocate round trip.
// g++ -O2 -std=c++17 -Iruntime/alloc bench/alloc_cpu_bench.cpp
//     runtime/alloc/allocator.cpp runtime/alloc/config.cpp -o alloc_cpu_bench
#include "allocator.h"
#include "fake_backend.h"

#include <chrono>
#include <cstdio>

using namespace cu2hip::alloc;

int main() {
  const size_t sizes[] = {512, 64 << 10, 1 << 20, 16 << 20, 256 << 20};
  std::printf("| mode | size | ns / round trip (CPU only) |\n|---|---|---|\n");
  for (int mode = 0; mode < 3; ++mode)
    for (size_t n : sizes) {
      FakeBackend BE(size_t(64) << 30);
      Config C;
      C.Backend = BackendKind::Caching;
      C.FreeFence = mode != 1;
      Allocator A(BE, C);
      Stream S = mode == 2 ? reinterpret_cast<Stream>(0x10) : nullptr;
      bool Ordered = mode == 2, K;
      void *P;
      const long It = 2000000;
      for (int i = 0; i < 100; ++i) {
        A.allocate(&P, n, S, Ordered, Site{__FILE__, __LINE__});
        A.deallocate(P, S, Ordered, K);
      }
      auto t0 = std::chrono::steady_clock::now();
      for (long i = 0; i < It; ++i) {
        A.allocate(&P, n, S, Ordered, Site{__FILE__, __LINE__});
        A.deallocate(P, S, Ordered, K);
      }
      double ns = std::chrono::duration<double, std::nano>(
                      std::chrono::steady_clock::now() - t0).count() / It;
      const char *m = mode == 0 ? "hipMalloc/hipFree, free_fence:1"
                    : mode == 1 ? "hipMalloc/hipFree, free_fence:0"
                                : "hipMallocAsync/hipFreeAsync, 1 stream";
      std::printf("| %s | %zu B | %.0f |\n", m, n, ns);
    }
}
