// An SDK macro the bundled headers leave undefined, reached through a user
// macro in #if: the parse reads the SDK, whose branch is taken.
#include <cuda_runtime.h>
#include <cub/util_arch.cuh>
#define WARP CUB_PTX_WARP_THREADS
#if WARP == 32
void f() { cudaDeviceSynchronize(); }
#else
void g() { cudaStreamSynchronize(0); }
#endif
