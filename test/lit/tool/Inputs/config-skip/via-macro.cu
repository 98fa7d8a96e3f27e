// Names USE_FAST only in the body of a macro that an #if expands: the parse
// met the identifier, so the --config parse is run.
#include <cuda_runtime.h>

#define FAST_PATH USE_FAST
#if FAST_PATH
void fast(float *p) { cudaFreeAsync(p, 0); }
#endif
void slow(float *p) { cudaFree(p); }
