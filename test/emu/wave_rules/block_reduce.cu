// Wave-rule kernels for --wave=native (docs/wave64.md, "--wave=native"):
// the block-reduction idioms rule wave-native recognises, next to a kernel
// that uses the same warp reduction per 32-lane warp (which must stay
// logical32 in the same file). CUDA input for cu2hip (ported at build time
// with --wave=logical32 and --wave=native); harness: block_reduce_main.cpp.
#include <cuda_runtime.h>
#define WARP_SIZE 32

// Tree sum (lane 0 holds the warp's sum).
__inline__ __device__ float warpReduceSum(float val) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    val += __shfl_down_sync(0xffffffff, val, offset);
  return val;
}

// Block sum through a 32-entry shared array (thread 0 holds the total).
__inline__ __device__ float blockReduceSum(float val) {
  static __shared__ float shared[32];
  int lane = threadIdx.x % warpSize;
  int wid = threadIdx.x / warpSize;
  val = warpReduceSum(val);
  if (lane == 0) shared[wid] = val;
  __syncthreads();
  val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0;
  if (wid == 0) val = warpReduceSum(val);
  return val;
}

__global__ void block_sum(const float *in, float *out, int n) {
  float sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    sum += in[i];
  sum = blockReduceSum(sum);
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

// Butterfly max (every lane holds the warp's max).
template <typename T>
__device__ T warpMax(T v) {
#pragma unroll
  for (int o = WARP_SIZE >> 1; o > 0; o >>= 1)
    v = max(v, __shfl_xor_sync(0xffffffff, v, o, WARP_SIZE));
  return v;
}

// Block max written inline in the kernel, shift/mask spellings.
__global__ void block_max(const int *x, int *out, int n) {
  __shared__ int partial[WARP_SIZE];
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  const int nwarps = (blockDim.x + WARP_SIZE - 1) / WARP_SIZE;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? x[i] : -2147483647;
  int w = warpMax<int>(v);
  if (lane == 0) {
    partial[warp] = w;
  }
  __syncthreads();
  if (warp == 0) {
    v = lane < nwarps ? partial[lane] : -2147483647;
    v = warpMax(v);
    if (lane == 0) out[blockIdx.x] = v;
  }
}

// Per-warp partial sums into one atomic (also warp-width independent).
__global__ void atomic_total(const float *x, float *total, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? x[i] : 0.0f;
  v = warpReduceSum(v);
  if (threadIdx.x % 32 == 0) atomicAdd(total, v);
}

// Unrolled tree (offsets 16..1) and an ascending butterfly, inline forms.
__device__ float warpSumUnrolled(float val) {
  val += __shfl_down_sync(~0u, val, 16);
  val += __shfl_down_sync(~0u, val, 8);
  val += __shfl_down_sync(~0u, val, 4);
  val += __shfl_down_sync(~0u, val, 2);
  val += __shfl_down_sync(~0u, val, 1);
  return val;
}
__device__ float warpAllSum(float v) {
  for (int m = 1; m < 32; m *= 2)
    v += __shfl_xor_sync(0xffffffff, v, m);
  return v;
}
__global__ void block_sum2(const float *x, float *out, int n) {
  __shared__ float s[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? x[i] : 0.0f;
  v = warpSumUnrolled(v);
  if (threadIdx.x % 32 == 0) s[threadIdx.x / 32] = v;
  __syncthreads();
  v = threadIdx.x < (blockDim.x + 31) / 32 ? s[threadIdx.x % 32] : 0.f;
  if (threadIdx.x / 32 == 0) v = warpAllSum(v);
  if (threadIdx.x == 0) out[blockIdx.x] = v;
}

// Two reductions through one pass (sum and max of the same values).
__global__ void sum_and_max(const float *x, float *out, int n) {
  __shared__ float s[32];
  __shared__ float m[32];
  int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = i < n ? x[i] : 0.0f;
  float v = warpReduceSum(a);
  float mx = warpMax(a);
  if (lane == 0) {
    s[wid] = v;
    m[wid] = mx;
  }
  __syncthreads();
  if (wid == 0) {
    v = (lane < (blockDim.x + 31) / 32) ? s[lane] : 0;
    mx = (lane < (blockDim.x + 31) / 32) ? m[lane] : -1e30f;
    v = warpReduceSum(v);
    mx = warpMax(mx);
    if (lane == 0) {
      out[2 * blockIdx.x] = v;
      out[2 * blockIdx.x + 1] = mx;
    }
  }
}

// Per-warp sums: the result belongs to each 32-lane warp, so this kernel
// keeps logical32 while blockReduceSum's chain goes native.
__global__ void warp_sums(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = warpReduceSum(x[i]);
  if ((threadIdx.x & 31) == 0) y[i / 32] = v;
}

// What the AST match adds: a template block reduction on a typedef'd value
// type with constexpr and static constexpr widths, instantiated for float
// and int (one kernel calls both; each instantiation has its own staging
// array).
constexpr int kWarpWidth = 32;
typedef float sum_t;
struct WarpShape {
  static constexpr unsigned kLog2 = 5;
};
template <typename T>
__device__ T warpSumT(T v) {
  for (auto o = kWarpWidth / 2; o > 0; o >>= 1)
    v += __shfl_xor_sync(0xffffffffu, v, o, kWarpWidth);
  return v;
}
template <typename T>
__device__ T blockSumT(T v) {
  __shared__ T s[kWarpWidth];
  const auto lane = threadIdx.x & (kWarpWidth - 1);
  const auto warp = threadIdx.x >> WarpShape::kLog2;
  v = warpSumT(v);
  if (lane == 0) s[warp] = v;
  __syncthreads();
  v = lane < (blockDim.x + kWarpWidth - 1) / kWarpWidth ? s[lane] : T(0);
  if (warp == 0) v = warpSumT<T>(v);
  return v;
}
__global__ void template_sums(const sum_t *xf, const int *xi, sum_t *outf, int *outi, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sum_t a = blockSumT(i < n ? xf[i] : sum_t(0));
  int b = blockSumT<int>(i < n ? xi[i] : 0);
  if (threadIdx.x == 0) {
    outf[blockIdx.x] = a;
    outi[blockIdx.x] = b;
  }
}
