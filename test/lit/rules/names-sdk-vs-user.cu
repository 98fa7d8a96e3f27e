// A user overload or a namespaced function named like a CUDA API does not
// stop the real API calls from being ported: with a parse, each use is
// decided by the declaration it refers to (the typed index); uses of the
// user's functions stay as written. Without a parse (--no-semantic) the
// names the user declared at namespace scope are kept in the whole file.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary --no-semantic 2>%t.err2 | %strip | FileCheck --check-prefix=TOK %s
// RUN: FileCheck --check-prefix=TOKDIAG %s < %t.err2
#include <cuda_runtime.h>
#define CHECK(x) (void)(x)
// A macro body is not decided by the index (one body, many expansions):
// spelling decides, and the user's declaration of the name keeps it.
// CHECK: {{^}}#define ALLOC4(p) cudaMalloc(p, 4)
#define ALLOC4(p) cudaMalloc(p, 4)

namespace mylib {
// CHECK: {{^}}hipError_t cudaFree(void *p);
cudaError_t cudaFree(void *p);
// CHECK: {{^}}inline void release(float *p) { cudaFree(p); }
inline void release(float *p) { cudaFree(p); }
} // namespace mylib
// CHECK: {{^}}void cudaMalloc(int n);
void cudaMalloc(int n);

// A dependent call in a template is decided by its instantiations.
template <typename T> void grow(T **p, size_t n) {
  // CHECK: {{^}}  CHECK(hipMalloc(p, n * sizeof(T)));
  CHECK(cudaMalloc(p, n * sizeof(T)));
}

void f(float **p) {
  // CHECK: {{^}}  CHECK(hipMalloc(p, 16));
  // TOK: {{^}}  CHECK(cudaMalloc(p, 16));
  CHECK(cudaMalloc(p, 16));
  // CHECK: {{^}}  mylib::cudaFree(*p);
  mylib::cudaFree(*p);
  // CHECK: {{^}}  hipFree(*p);
  // TOK: {{^}}  cudaFree(*p);
  cudaFree(*p);
  // CHECK: {{^}}  cudaMalloc(3);
  cudaMalloc(3);
  grow(p, 4);
}
// DIAG: names-sdk-vs-user.cu:15:19: note: 'cudaMalloc' is declared by the user at namespace scope or as a macro; the name is kept as written in this file [names-shadowed]
// DIAG: names-sdk-vs-user.cu:19:13: note: 'cudaFree' is declared by the user; uses of that declaration are kept as written, uses of the CUDA API are renamed [names-shadowed]
// TOKDIAG: names-sdk-vs-user.cu:15:19: note: 'cudaMalloc' is declared by the user at namespace scope or as a macro; the name is kept as written in this file (guessed from spelling: the file was not parsed) [names-shadowed]
