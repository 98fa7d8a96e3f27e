// The alignment assertions of --vectorize at casts to vector pointers: a
// typedef or alias of a vector type is decided by its canonical type (the
// typed index), so `using vec_t = float4;` gets the 16-byte check and an
// alias of float2 the 8-byte one; an alias of a scalar gets none. Without a
// parse only vector type names spelled so count.
// RUN: %cu2hip %s -o - --no-summary --vectorize 2>/dev/null | %strip | FileCheck %s
// RUN: %cu2hip %s -o - --no-summary --vectorize --no-semantic 2>/dev/null | %strip | FileCheck --check-prefix=TOK %s
#include <cuda_runtime.h>
using vec_t = float4;
typedef float2 pair_t;
typedef float scalar_t;
__global__ void k(const float *x, float *y) {
  // CHECK: {{^}}  CU2HIP_ASSERT_ALIGNED(x, 16);
  // CHECK-NEXT: {{^}}  vec_t v = reinterpret_cast<const vec_t *>(x)[threadIdx.x];
  // TOK-NOT: CU2HIP_ASSERT_ALIGNED(x, 16)
  vec_t v = reinterpret_cast<const vec_t *>(x)[threadIdx.x];
  // CHECK-NEXT: {{^}}  CU2HIP_ASSERT_ALIGNED(x + 4, 8);
  // CHECK-NEXT: {{^}}  pair_t p = *(const pair_t *)(x + 4);
  pair_t p = *(const pair_t *)(x + 4);
  // CHECK-NEXT: {{^}}  scalar_t s = *reinterpret_cast<const scalar_t *>(x);
  // TOK: {{^}}  scalar_t s = *reinterpret_cast<const scalar_t *>(x);
  scalar_t s = *reinterpret_cast<const scalar_t *>(x);
  y[threadIdx.x] = v.x + p.y + s;
}
