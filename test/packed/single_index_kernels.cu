// Single-index elementwise kernels and their launches, written as a CUDA
// program writes them: the input of the single-index exactness test on the
// CPU emulator (single_index_emu_main.cpp, registered in CMakeLists.txt) and
// of the GPU benchmark (bench/vectorize_at_bench.hip). Both port this file
// twice with cu2hip --launch=ggl: without --vectorize (the scalar original)
// and with --vectorize (vec_map_at kernels, launches sized by
// vec_map_at_threads), and compile the ports with -DSI_NS=<namespace> so that
// both live in one program.
#include <cuda_runtime.h>

#ifndef SI_NS
#define SI_NS si_scalar
#endif

#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))

namespace SI_NS {

__device__ float gelu(float x) {
  return 0.5f * x * (1.0f + tanhf(0.7978845608f * (x + 0.044715f * x * x * x)));
}

__global__ void scale(float *__restrict__ y, const float *__restrict__ x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = s * x[i];
}

__global__ void add(float *__restrict__ y, const float *__restrict__ a,
                    const float *__restrict__ b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  y[i] = a[i] + b[i];
}

__global__ void gelu_fwd(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    y[i] = gelu(x[i]);
  }
}

// Launches: the spellings of a ceiling division the porter recognises.
void run_scale(float *y, const float *x, float s, int n) {
  scale<<<(n + 255) / 256, 256>>>(y, x, s, n);
}

void run_scale_blocks(float *y, const float *x, float s, int n, int threads) {
  scale<<<(n + (threads - 1)) / threads, threads>>>(y, x, s, n);
}

void run_add(float *y, const float *a, const float *b, int n, int threads) {
  add<<<CEIL_DIV(n, threads), threads>>>(y, a, b, n);
}

void run_gelu(float *y, const float *x, int n, int threads) {
  gelu_fwd<<<(n + threads - 1) / threads, threads>>>(y, x, n);
}

} // namespace SI_NS
