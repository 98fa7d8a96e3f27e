#include <m_base.h>

void e() {
  float *p;
#ifdef M_EXTRA_FEATURE
  cudaMalloc(&p, 8);
#else
  cudaMalloc(&p, 4);
#endif
  cudaFree(p);
}
