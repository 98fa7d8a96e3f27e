// Tests USE_FAST: the --config=-DUSE_FAST parse may differ, so it is run;
// its branch is active there, so it is not reported inactive.
#include <cuda_runtime.h>

#ifdef USE_FAST
void fast(float *p) { cudaFreeAsync(p, 0); }
#else
void slow(float *p) { cudaFree(p); }
#endif
