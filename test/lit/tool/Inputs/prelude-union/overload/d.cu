#include <ovl_base.h>
#include <ovl_int.h>

int d() {
  float *p;
  cudaMalloc(&p, pick(1));
  return 0;
}
