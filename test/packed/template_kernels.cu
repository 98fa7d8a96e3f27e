// Templated elementwise kernels and their launches, written as a PyTorch
// extension writes them (one template, instantiated for float, __half and
// __nv_bfloat16): the input of the templated exactness test on the CPU
// emulator (template_emu_main.cpp, registered in CMakeLists.txt) and of the
// GPU benchmark (bench/vectorize_at_bench.hip). Both port this file twice with
// cu2hip --launch=ggl, without --vectorize (the scalar original) and with it
// (vec_map_grid_stride / vec_map_at kernels edited once at the template,
// single-index launches sized by vec_map_at_threads<T>), and compile the ports
// with -DTK_NS=<namespace> so that both live in one program; -DTK_NO_BF16
// leaves the bf16 instantiations out (HIP 5.2's headers, which the NVIDIA
// benchmark builds on, have no bfloat16 type).
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#ifndef TK_NO_BF16
#include <cuda_bf16.h>
#endif

#ifndef TK_NS
#define TK_NS tk_scalar
#endif

namespace TK_NS {

// Grid-stride: y = x * s + b.
template <typename scalar_t>
__global__ void axpb_gs(scalar_t *__restrict__ y, const scalar_t *__restrict__ x, scalar_t s,
                        scalar_t b, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = x[i] * s + b;
}

// Grid-stride over whole vectors: 8 * rows elements, a multiple of the
// width of every element type here (vec_map_grid_stride_whole).
template <typename scalar_t>
__global__ void axpb_whole(scalar_t *__restrict__ y, const scalar_t *__restrict__ x, scalar_t s,
                           scalar_t b, int rows) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < 8 * rows; i += blockDim.x * gridDim.x)
    y[i] = x[i] * s - b;
}

// Single index: y = a * b + a.
template <typename scalar_t>
__global__ void muladd_at(scalar_t *__restrict__ y, const scalar_t *__restrict__ a,
                          const scalar_t *__restrict__ b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a[i] * b[i] + a[i];
}

// Launches, one per element type: the grid-stride kernel with a fixed grid,
// the single-index kernel with a ceiling division (rewritten by --vectorize).
void run_axpb_f32(float *y, const float *x, float s, float b, int n, int blocks, int threads) {
  axpb_gs<float><<<blocks, threads>>>(y, x, s, b, n);
}
void run_axpb_f16(__half *y, const __half *x, __half s, __half b, int n, int blocks,
                  int threads) {
  axpb_gs<__half><<<blocks, threads>>>(y, x, s, b, n);
}
#ifndef TK_NO_BF16
void run_axpb_bf16(__nv_bfloat16 *y, const __nv_bfloat16 *x, __nv_bfloat16 s, __nv_bfloat16 b,
                   int n, int blocks, int threads) {
  axpb_gs<__nv_bfloat16><<<blocks, threads>>>(y, x, s, b, n);
}
#endif
void run_whole_f32(float *y, const float *x, float s, float b, int rows, int blocks, int threads) {
  axpb_whole<float><<<blocks, threads>>>(y, x, s, b, rows);
}
void run_whole_f16(__half *y, const __half *x, __half s, __half b, int rows, int blocks,
                   int threads) {
  axpb_whole<__half><<<blocks, threads>>>(y, x, s, b, rows);
}
#ifndef TK_NO_BF16
void run_whole_bf16(__nv_bfloat16 *y, const __nv_bfloat16 *x, __nv_bfloat16 s,
                    __nv_bfloat16 b, int rows, int blocks, int threads) {
  axpb_whole<__nv_bfloat16><<<blocks, threads>>>(y, x, s, b, rows);
}
#endif
void run_muladd_f32(float *y, const float *a, const float *b, int n, int threads) {
  muladd_at<float><<<(n + threads - 1) / threads, threads>>>(y, a, b, n);
}
void run_muladd_f16(__half *y, const __half *a, const __half *b, int n, int threads) {
  muladd_at<__half><<<(n + threads - 1) / threads, threads>>>(y, a, b, n);
}
#ifndef TK_NO_BF16
void run_muladd_bf16(__nv_bfloat16 *y, const __nv_bfloat16 *a, const __nv_bfloat16 *b, int n,
                     int threads) {
  muladd_at<__nv_bfloat16><<<(n + threads - 1) / threads, threads>>>(y, a, b, n);
}
#endif

} // namespace TK_NS
