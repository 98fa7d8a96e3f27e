#include <cuda_runtime.h>
// Clang's own test pragma: the parser traps here.
#pragma clang __debug parser_crash
void release(float *p) { cudaFree(p); }
