// Gradient accumulation into fp16 / bf16 buckets (our own small kernels).
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void acc_half2(__half2 *buckets, const __half2 *g, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&buckets[i % 64], g[i]);
}
__global__ void acc_half(__half *total, const __half *g, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&total[i % 64], g[i]);
}
__global__ void acc_bf162(__nv_bfloat162 *buckets, const __nv_bfloat162 *g, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&buckets[i % 64], g[i]);
}
__global__ void acc_bf16(__nv_bfloat16 *total, const __nv_bfloat16 *g, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&total[i % 64], g[i]);
}
