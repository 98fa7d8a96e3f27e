// __grid_constant__ has no HIP counterpart (hipcc: "unknown type name");
// AMD kernel arguments are read-only kernarg data, so the port spells the
// empty CU2HIP_GRID_CONSTANT of cu2hip/attrs.h.
// RUN: %cu2hip %s -o - --no-summary 2>/dev/null | %strip | FileCheck %s
// COMPILE-CHECK: rocm72
// CHECK: #include <cu2hip/attrs.h>
#include <cuda_runtime.h>

struct params { int v[256]; };

// CHECK: __global__ void sum(CU2HIP_GRID_CONSTANT const params p, int *out) {
__global__ void sum(__grid_constant__ const params p, int *out) {
  const params *q = &p;
  int s = 0;
  for (int i = 0; i < 256; ++i)
    s += q->v[i];
  *out = s;
}
