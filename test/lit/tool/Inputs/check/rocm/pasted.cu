// A runtime call spelled through token pasting: the port sees no CUDA name
// and leaves it, so the HIP compile finds cudaDeviceSynchronize undeclared.
#include <cuda_runtime.h>
#define RT(name) cuda##name
int main() { return int(RT(DeviceSynchronize)()); }
