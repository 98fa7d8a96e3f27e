#include "cfg-nohalf.h"
#include <cuda_fp16.h>
__global__ void k(__half *p, __half a, __half b) { atomicAdd(p, a + b); }
