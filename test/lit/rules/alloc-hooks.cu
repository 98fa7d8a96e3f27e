// --alloc-hooks: every allocation call site goes through the runtime hooks
// with its call site (CU2HIP_SITE first, the arguments as written), also in
// user macros; flag names are renamed by the names rule as usual.
// RUN: %cu2hip %s -o - --no-summary --alloc-hooks 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// Without the option the calls are plain HIP renames.
// RUN: %cu2hip %s -o - --no-summary 2>%t.off.err | %strip | FileCheck --check-prefix=OFF %s
// RUN: FileCheck --allow-empty --check-prefix=OFFDIAG %s < %t.off.err
// COMPILE-ARGS: --alloc-hooks
// COMPILE-CHECK: all
// CHECK: {{^}}#include <hip/hip_runtime.h>
// CHECK-NEXT: {{^}}#include <cu2hip/alloc.h>
// OFF-NOT: #include <cu2hip/alloc.h>
#include <cuda_runtime.h>
#include <cstdio>

struct Item { float a, b; };

// CHECK: {{^}}#define CK(x) do { hipError_t e_ = (x); if (e_ != hipSuccess) { std::printf("%s\n", hipGetErrorString(e_)); return e_; } } while (0)
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { std::printf("%s\n", cudaGetErrorString(e_)); return e_; } } while (0)
// A call spelled in a macro body is rewritten there.
// CHECK: {{^}}#define DEV_ALLOC(p, n) cu2hip::hipMalloc(CU2HIP_SITE, (void **)&(p), (n) * sizeof(*(p)))
#define DEV_ALLOC(p, n) cudaMalloc((void **)&(p), (n) * sizeof(*(p)))
// CHECK: {{^}}#define DEV_FREE(...) cu2hip::hipFree(CU2HIP_SITE, __VA_ARGS__)
#define DEV_FREE(...) cudaFree(__VA_ARGS__)

cudaError_t all(cudaStream_t s, unsigned user_flags) {
  float *f = nullptr;
  Item *it = nullptr;
  void *v = nullptr;
  char *h = nullptr, *h2 = nullptr, *h3 = nullptr;
  size_t pitch = 0, fr = 0, tot = 0;
  // CHECK: {{^}}  CK(cu2hip::hipMalloc(CU2HIP_SITE, &f, 1024 * sizeof(float)));
  CK(cudaMalloc(&f, 1024 * sizeof(float)));
  // CHECK: {{^}}  CK(cu2hip::hipMalloc(CU2HIP_SITE, &v, 64));
  CK(cudaMalloc(&v, 64));
  // CHECK: {{^}}  CK(cu2hip::hipMallocAsync(CU2HIP_SITE, &it, 16 * sizeof(Item), s));
  CK(cudaMallocAsync(&it, 16 * sizeof(Item), s));
  // CHECK: {{^}}  CK(cu2hip::hipFreeAsync(CU2HIP_SITE, it, s));
  CK(cudaFreeAsync(it, s));
  // CHECK: {{^}}  CK(cu2hip::hipMallocManaged(CU2HIP_SITE, &it, sizeof(Item)));
  CK(cudaMallocManaged(&it, sizeof(Item)));
  // CHECK: {{^}}  CK(cu2hip::hipMallocManaged(CU2HIP_SITE, &v, 64, hipMemAttachGlobal));
  CK(cudaMallocManaged(&v, 64, cudaMemAttachGlobal));
  // CHECK: {{^}}  CK(cu2hip::hipMallocPitch(CU2HIP_SITE, (void **)&f, &pitch, 100 * sizeof(float), 7));
  CK(cudaMallocPitch((void **)&f, &pitch, 100 * sizeof(float), 7));
  // CHECK: {{^}}  CK(cu2hip::hipHostMalloc(CU2HIP_SITE, &h, 4096));
  CK(cudaMallocHost(&h, 4096));
  // CHECK: {{^}}  CK(cu2hip::hipHostMalloc(CU2HIP_SITE, (void **)&h2, 4096, hipHostMallocMapped));
  CK(cudaHostAlloc((void **)&h2, 4096, cudaHostAllocMapped));
  // Non-coherent on AMD as written: a note, the hook keeps CUDA's meaning.
  // DIAG: alloc-hooks.cu:[[@LINE+2]]:31: note: 'cudaHostAlloc' flags 'cudaHostAllocPortable' (portable or write-combined without mapped) would give non-coherent pinned memory on AMD; cu2hip::hipHostMalloc adds hipHostMallocCoherent {{.*}}[alloc-hooks]
  // CHECK: {{^}}  CK(cu2hip::hipHostMalloc(CU2HIP_SITE, &h3, 4096, hipHostMallocPortable));
  CK(cudaHostAlloc(&h3, 4096, cudaHostAllocPortable));
  // DIAG: alloc-hooks.cu:[[@LINE+2]]:31: note: 'cudaMallocHost' flags 'cudaHostAllocWriteCombined' (portable or write-combined without mapped) {{.*}}[alloc-hooks]
  // CHECK: {{^}}  CK(cu2hip::hipHostMalloc(CU2HIP_SITE, &h, 4096, hipHostMallocWriteCombined));
  CK(cudaMallocHost(&h, 4096, cudaHostAllocWriteCombined));
  // Mapped makes it coherent on AMD too: no note.
  // CHECK: {{^}}  CK(cu2hip::hipHostMalloc(CU2HIP_SITE, &h, 4096, hipHostMallocMapped | hipHostMallocWriteCombined));
  CK(cudaHostAlloc(&h, 4096, cudaHostAllocMapped | cudaHostAllocWriteCombined));
  // DIAG: alloc-hooks.cu:[[@LINE+2]]:28: note: 'cudaHostAlloc' flags 'user_flags' are only known at run time; {{.*}}[alloc-hooks]
  // CHECK: {{^}}  CK(cu2hip::hipHostMalloc(CU2HIP_SITE, &h, 16, user_flags));
  CK(cudaHostAlloc(&h, 16, user_flags));
  // CHECK: {{^}}  CK(cu2hip::hipHostFree(CU2HIP_SITE, h));
  CK(cudaFreeHost(h));
  // CHECK: {{^}}  CK(cu2hip::hipMemGetInfo(CU2HIP_SITE, &fr, &tot));
  CK(cudaMemGetInfo(&fr, &tot));
  // CHECK: {{^}}  CK(DEV_ALLOC(f, 256));
  CK(DEV_ALLOC(f, 256));
  // CHECK: {{^}}  DEV_FREE(f);
  DEV_FREE(f);
  // Globally qualified, unchecked, in an expression statement:
  // CHECK: {{^}}  (void)::cu2hip::hipFree(CU2HIP_SITE, v);
  (void)::cudaFree(v);
  // CHECK: {{^}}  if (h2) cu2hip::hipHostFree(CU2HIP_SITE, h2); else return cu2hip::hipFree(CU2HIP_SITE, v);
  if (h2) cudaFreeHost(h2); else return cudaFree(v);
  // Freeing null frees nothing (the idiom that creates the context): plain HIP.
  // CHECK: {{^}}  CK(hipFree(0));
  CK(cudaFree(0));
  // CHECK: {{^}}  return cu2hip::hipHostFree(CU2HIP_SITE, h3);
  return cudaFreeHost(h3);
}

// OFF: {{^}}  CK(hipMalloc(&f, 1024 * sizeof(float)));
// OFF: {{^}}  CK(hipHostMalloc(&h3, 4096, hipHostMallocPortable));
// OFF: {{^}}  return hipHostFree(h3);
// OFFDIAG-NOT: alloc-hooks
// DIAG-NOT: warning
// DIAG-NOT: error
