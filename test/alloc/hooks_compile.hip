// Compile check (not run): the exact call shapes `cu2hip --alloc-hooks`
// emits, with typed and untyped pointers and defaulted flags.
#include <hip/hip_runtime.h>

#include "cu2hip/alloc.h"

struct Item { float a, b; };

hipError_t ported(hipStream_t s) {
  float *f = nullptr;
  Item *it = nullptr;
  void *v = nullptr;
  char *h = nullptr;
  size_t pitch = 0, fr = 0, tot = 0;
  hipError_t e = cu2hip::hipMalloc(CU2HIP_SITE, &f, 1024 * sizeof(float));
  e = cu2hip::hipMalloc(CU2HIP_SITE, &v, 64);
  e = cu2hip::hipMallocAsync(CU2HIP_SITE, &it, 16 * sizeof(Item), s);
  e = cu2hip::hipFreeAsync(CU2HIP_SITE, it, s);
  e = cu2hip::hipMallocManaged(CU2HIP_SITE, &it, sizeof(Item));
  e = cu2hip::hipMallocManaged(CU2HIP_SITE, &v, 64, hipMemAttachGlobal);
  e = cu2hip::hipMallocPitch(CU2HIP_SITE, &f, &pitch, 100 * sizeof(float), 7);
  e = cu2hip::hipHostMalloc(CU2HIP_SITE, &h, 4096);                      // cudaMallocHost
  e = cu2hip::hipHostMalloc(CU2HIP_SITE, &h, 4096, hipHostMallocPortable); // cudaHostAlloc
  e = cu2hip::hipHostMalloc(CU2HIP_SITE, &h, 4096,
                            hipHostMallocMapped | hipHostMallocWriteCombined);
  e = cu2hip::hipHostFree(CU2HIP_SITE, h);
  e = cu2hip::hipMemGetInfo(CU2HIP_SITE, &fr, &tot);
  e = cu2hip::hipFree(CU2HIP_SITE, f);
  e = cu2hip::hipFree(CU2HIP_SITE, v);
  cu2hip_alloc_record_stream(f, s);
  cu2hip_alloc_empty_cache();
  cu2hip_alloc_stats st;
  cu2hip_alloc_get_stats(-1, &st);
  cu2hip_alloc_print_report(nullptr);
  return e;
}
