// --wave=native matches templates per instantiation: a warp reduction and a
// block reduction instantiated for float and int are rewritten once (every
// instantiation matched alike); a template whose instantiations differ
// stays logical32 with a note naming them.
// RUN: %cu2hip %s -o - --no-summary --wave=native 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
// COMPILE-ARGS: --wave=native
#include <cuda_runtime.h>

// CHECK: {{^}}template <typename T>
// CHECK-NEXT: {{^}}__device__ T warpSumT(T v, int cu2hip_width = 32) {
// CHECK-NEXT: {{^}}  for (int o = cu2hip_width / 2; o > 0; o /= 2)
// CHECK-NEXT: {{^}}    v += __shfl_down_sync(cu2hip::width_mask(cu2hip_width), v, o, cu2hip_width);
template <typename T>
__device__ T warpSumT(T v) {
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}

// CHECK: {{^}}template <typename T>
// CHECK-NEXT: {{^}}__device__ T blockSumT(T v) {
// CHECK-NEXT: {{^}}  const int cu2hip_w = cu2hip::native_wave_width();
// CHECK-NEXT: {{^}}  __shared__ T s[32];
// CHECK-NEXT: {{^}}  const int lane = threadIdx.x % cu2hip_w, warp = threadIdx.x / cu2hip_w;
// CHECK-NEXT: {{^}}  v = warpSumT(v, cu2hip_w);
// CHECK: {{^}}  v = threadIdx.x < blockDim.x / cu2hip_w ? s[lane] : T(0);
// CHECK-NEXT: {{^}}  if (warp == 0) v = warpSumT<T>(v, cu2hip_w);
template <typename T>
__device__ T blockSumT(T v) {
  __shared__ T s[32];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  v = warpSumT(v);
  if (lane == 0) s[warp] = v;
  __syncthreads();
  v = threadIdx.x < blockDim.x / 32 ? s[lane] : T(0);
  if (warp == 0) v = warpSumT<T>(v);
  return v;
}

// Callers of the block reduction are left alone.
// CHECK: {{^}}  float a = blockSumT(x[i]);
// CHECK-NEXT: {{^}}  int b = blockSumT<int>(y[i]);
__global__ void sums(const float *x, const int *y, float *fo, int *io) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = blockSumT(x[i]);
  int b = blockSumT<int>(y[i]);
  if (threadIdx.x == 0) fo[blockIdx.x] = a, io[blockIdx.x] = b;
}

// A template kernel, instantiated explicitly for float and int.
// CHECK: {{^}}__global__ void maxKernel(const T *x, T *out) {
// CHECK-NEXT: {{^}}  const int cu2hip_w = cu2hip::native_wave_width();
// CHECK: {{^}}  T v = warpMaxT(x[blockIdx.x * blockDim.x + threadIdx.x], cu2hip_w);
// CHECK-NEXT: {{^}}  if (threadIdx.x % cu2hip_w == 0) atomicMax(out, v);
template <typename T>
__device__ T warpMaxT(T v) {
  for (int o = 1; o < 32; o <<= 1)
    v = max(v, __shfl_xor_sync(0xffffffff, v, o));
  return v;
}
template <typename T>
__global__ void maxKernel(const T *x, T *out) {
  T v = warpMaxT(x[blockIdx.x * blockDim.x + threadIdx.x]);
  if (threadIdx.x % 32 == 0) atomicMax(out, v);
}
template __global__ void maxKernel<int>(const int *, int *);
template __global__ void maxKernel<unsigned>(const unsigned *, unsigned *);

// The width as a template parameter: for 32 it is a warp reduction, for 16
// a half-warp one, so the template stays logical32.
// DIAG-DAG: wave-native-ast-template.cu:[[@LINE+3]]:{{[0-9]+}}: note: 'warpSumK' stays logical32 (32-lane warps): its instantiation <16> is not the same warp reduction as <32>
// CHECK: {{^}}__device__ float warpSumK(float v) {
template <int K>
__device__ float warpSumK(float v) {
  for (int o = K / 2; o > 0; o /= 2)
    v += __shfl_xor_sync(0xffffffff, v, o);
  return v;
}
// DIAG-DAG: wave-native-ast-template.cu:[[@LINE+2]]:{{[0-9]+}}: note: 'useK' stays logical32 (32-lane warps): not a recognised warp or block reduction: it calls 'warpSumK', which stays logical32: its instantiation <16> is not the same warp reduction as <32>
// CHECK: {{^}}  float a = warpSumK<32>(x[threadIdx.x]), b = warpSumK<16>(x[threadIdx.x]);
__global__ void useK(const float *x, float *y) {
  float a = warpSumK<32>(x[threadIdx.x]), b = warpSumK<16>(x[threadIdx.x]);
  if (threadIdx.x % 32 == 0) atomicAdd(y, a + b);
}
// DIAG-NOT: warpSumT
// DIAG-NOT: blockSumT
// DIAG-NOT: warpMaxT
// DIAG-NOT: error
