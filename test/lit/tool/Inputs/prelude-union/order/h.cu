#include <o_second.h>
#include <o_first.h>

void h() {
  float *p;
  cudaMalloc(&p, o_order());
}
