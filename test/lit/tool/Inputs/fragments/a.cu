#include <cuda_runtime.h>
#include "tbl.h"
#include "alloc.tpp"
#define X(n) My##n,
enum E {
#include "list.def"
};
struct S {
#include "members.inc"
};
__global__ void k(float *p) {
  if (threadIdx.x >= 48) return; // lanes leave: the shuffle keeps its mask
#include "body.inc"
}
int main() {
  float *p;
  allocate(&p);
  k<<<1, 64>>>(p);
  return rows[0];
}
