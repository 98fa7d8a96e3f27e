// dynamic-shared with the typed index: the element type may be a typedef or
// a template parameter (kept as written, the macro takes it); a declaration
// of several arrays is left as written with a warning (the macro declares
// one), with a parse and without.
// RUN: %cu2hip %s -o - --no-summary --dynamic-shared=macro 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary --dynamic-shared=macro --no-semantic 2>%t.err2 | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err2
#include <cuda_runtime.h>
typedef float real_t;
template <typename T> struct Pair { T a, b; };
template <typename T> __global__ void k(T *o) {
  // CHECK: {{^}}  HIP_DYNAMIC_SHARED(T, tile)
  extern __shared__ T tile[];
  o[0] = tile[0];
}
__global__ void g(float *o) {
  // CHECK: {{^}}  HIP_DYNAMIC_SHARED(real_t, buf)
  extern __shared__ real_t buf[];
  // CHECK: {{^}}  HIP_DYNAMIC_SHARED(Pair<float>, pairs)
  extern __shared__ Pair<float> pairs[];
  // CHECK: {{^}}  extern __shared__ float s1[], s2[];
  extern __shared__ float s1[], s2[];
  o[0] = buf[0] + pairs[0].a + s1[0] + s2[0];
}
template __global__ void k<float>(float *);
// DIAG: dynamic-shared-index.cu:23:3: warning: dynamic shared declaration left as written: it declares several arrays, HIP_DYNAMIC_SHARED one [dynamic-shared]
// DIAG-NOT: [dynamic-shared]
