// Does not compile with nvcc either: an undeclared name.
#include <cuda_runtime.h>
__global__ void k(float *x) { x[threadIdx.x] = undeclared_helper(x); }
int main() { k<<<1, 64>>>(nullptr); return 0; }
