// __has_include of an SDK header the bundled headers lack (nvJitLink).
#include <cuda_runtime.h>
#if __has_include(<nvJitLink.h>)
void g(void *p) { cudaFree(p); }
#else
void g(void *p) { cudaFreeHost(p); }
#endif
