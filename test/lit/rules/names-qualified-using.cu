// A CUDA API reached through a user namespace's using-declaration is the
// API (by the typed index): `rt::cudaMalloc` becomes `rt::hipMalloc`, like
// the using-declaration itself; a static member named like the API is a
// member and kept. Without a parse an unmapped qualifier keeps the name.
// RUN: %cu2hip %s -o - --no-summary 2>/dev/null | %strip | FileCheck %s
// RUN: %cu2hip %s -o - --no-summary --no-semantic 2>/dev/null | %strip | FileCheck --check-prefix=TOK %s
#include <cuda_runtime.h>
// CHECK: {{^}}namespace rt { using ::hipMalloc; }
namespace rt { using ::cudaMalloc; }
struct Alloc { static int cudaMalloc(void **, size_t); };
int host() {
  void *p;
  // CHECK: {{^}}  rt::hipMalloc(&p, 16);
  // TOK: {{^}}  rt::cudaMalloc(&p, 16);
  rt::cudaMalloc(&p, 16);
  // CHECK: {{^}}  return Alloc::cudaMalloc(&p, 16);
  // TOK: {{^}}  return Alloc::cudaMalloc(&p, 16);
  return Alloc::cudaMalloc(&p, 16);
}
