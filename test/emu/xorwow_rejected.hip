// The XORWOW device generator (cuRAND's curandState, ported to
// hiprandState_t) is not emulated: using it must stop the build with a
// message naming it (test emu_rejects_xorwow). Declaring the state compiles.
#include <hip/hip_runtime.h>
#include <hiprand/hiprand_kernel.h>

__global__ void init_rng(hiprandState_t* states, unsigned seed) {
  unsigned tid = threadIdx.x + blockIdx.x * blockDim.x;
  hiprand_init(seed, tid, 0, &states[tid]);
}
