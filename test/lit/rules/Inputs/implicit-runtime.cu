// No runtime header: nvcc includes it implicitly; the port adds it first.
// IMPL: {{^}}#include <hip/hip_runtime.h>
// IMPL-NEXT: {{^}}#include <cstdio>
#include <cstdio>
// IMPL: {{^}}__global__ void k(int *p) { p[threadIdx.x] = 1; }
__global__ void k(int *p) { p[threadIdx.x] = 1; }
void run(int *p) { k<<<1, 32>>>(p); }
