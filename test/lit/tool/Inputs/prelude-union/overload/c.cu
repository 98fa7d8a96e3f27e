#include <ovl_base.h>

// Only pick(double) is declared here: pick(1) converts.
int c() {
  float *p;
  cudaMalloc(&p, pick(1));
  return 0;
}
