#include <cuda_runtime.h>
void release(float *p) { cudaFree(p); }
