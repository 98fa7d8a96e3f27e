#include <m_base.h>
#include <m_extra.h>

void f() {
  float *p;
  cudaMalloc(&p, M_EXTRA_FEATURE);
  cudaFree(p);
}
