// A libcu++ header the bundled headers lack: the parse with them fails to
// find it, the SDK has it.
#include <cuda/std/limits>
#include <cuda_runtime.h>
void h(float **p) { cudaMalloc(p, cuda::std::numeric_limits<int>::max()); }
