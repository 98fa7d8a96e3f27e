// Reference values of cuRAND's device Philox4x32-10 for the emulator's
// hipRAND test. Build and run on an NVIDIA GPU:
//   nvcc -O2 -o philox_cuda_ref test/emu/philox_cuda_ref.cu
//   ./philox_cuda_ref > philox_cuda.txt
//   build/test/emu/emu_philox_test --compare philox_cuda.txt
// (u32 and uniform values must match exactly; normals within 1e-5, relative
// above 1, since the GPU's Box-Muller uses fast sin/cos/log approximations.)
#include <cstdio>
#include <cuda_runtime.h>
#include <curand_kernel.h>

#define RNG_STATE_T curandStatePhilox4_32_10_t
#define RNG_INIT curand_init
#define RNG_U32 curand
#define RNG_UNIFORM curand_uniform
#define RNG_UNIFORM4 curand_uniform4
#define RNG_NORMAL curand_normal
#define RNG_NORMAL4 curand_normal4
#define RNG_UNIFORM_DOUBLE curand_uniform_double
#include "philox_sequence.inc"

int main() {
  const int n = PHILOX_NUM_CASES * PHILOX_VALUES_PER_CASE;
  double* d = nullptr;
  if (cudaMalloc(&d, n * sizeof(double)) != cudaSuccess) {
    std::fprintf(stderr, "cudaMalloc failed\n");
    return 1;
  }
  philox_sequence<<<1, 32>>>(d);
  double h[n];
  if (cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess) {
    std::fprintf(stderr, "kernel or copy failed: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  for (int c = 0; c < PHILOX_NUM_CASES; ++c) {
    unsigned long long seed, sub, off;
    philox_case(c, &seed, &sub, &off);
    for (int i = 0; i < PHILOX_VALUES_PER_CASE; ++i)
      std::printf("%llu %llu %llu %s %d %.17g\n", seed, sub, off, philox_kind(i), i,
                  h[c * PHILOX_VALUES_PER_CASE + i]);
  }
  return 0;
}
