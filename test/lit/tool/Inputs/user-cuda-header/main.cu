#include "cuda_runtime.h"
#include <cuda_fp16.h>
void f(float **p) { cudaMalloc(p, userHelper()); }
