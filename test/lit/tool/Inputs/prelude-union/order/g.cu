#include <o_first.h>
#include <o_second.h>

void g() {
  float *p;
  cudaMalloc(&p, o_order());
}
