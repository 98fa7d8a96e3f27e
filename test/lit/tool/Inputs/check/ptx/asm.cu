// Inline PTX that the port cannot translate: the device compile must reach
// the assembler for `check` to see that AMD cannot take it.
#include <cuda_runtime.h>

__global__ void permute(const unsigned *a, const unsigned *b, unsigned *out) {
  unsigned r;
  asm("prmt.b32 %0, %1, %2, 0x3210;" : "=r"(r) : "r"(a[threadIdx.x]), "r"(b[threadIdx.x]));
  out[threadIdx.x] = r;
}
