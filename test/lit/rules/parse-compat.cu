// What nvcc's CUDA headers declare and Clang 16's CUDA wrapper does not is
// declared for the parse (the parse-compat header): sm_32's cache-hint
// loads/stores on the builtin and vector types, sm_80's warp reductions
// that cooperative groups' reduce calls, and in host code isfinite & co.,
// max/min, clock and CLOCKS_PER_SEC. The parse then has no errors, the
// index resolves each name to its SDK declaration, and the AST rules decide
// from the kernel's body instead of refusing it.
// RUN: %cu2hip %s -o - --no-summary --verbose --vectorize --wave=native 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o /dev/null --no-summary --dump-index 2>&1 | FileCheck --check-prefix=INDEX %s
// COMPILE-CHECK: all
// COMPILE-ARGS: --vectorize --wave=native
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
namespace cg = cooperative_groups;

// DIAG-NOT: parse-semantic
// CHECK: {{^}}__inline__ __device__ float warpReduceSum(float val, int cu2hip_width = 32) {
__inline__ __device__ float warpReduceSum(float val) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    val += __shfl_down_sync(0xffffffff, val, offset);
  return val;
}

// A float4 streaming load in the kernel that uses the warp sum per wavefront.
// CHECK: {{^}}__global__ void sum4(const float4 *__restrict__ in, float *out, int n) {
// CHECK-NEXT: {{^}}  const int cu2hip_w = cu2hip::native_wave_width();
// CHECK: {{^}}    float4 v = cu2hip::ldcs(&in[i]);
// CHECK: {{^}}  sum = warpReduceSum(sum, cu2hip_w);
// CHECK-NEXT: {{^}}  if (threadIdx.x % cu2hip_w == 0) atomicAdd(out, sum);
// INDEX: parse-compat.cu:[[@LINE+4]]:16: name __ldcs function sdk 'float4 (const float4 *)'
__global__ void sum4(const float4 *__restrict__ in, float *out, int n) {
  float sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    float4 v = __ldcs(&in[i]);
    sum += v.x + v.y + v.z + v.w;
  }
  sum = warpReduceSum(sum);
  if (threadIdx.x % 32 == 0) atomicAdd(out, sum);
}

// An int4 copy through the cache hints.
// CHECK: {{^}}  if (i < n) cu2hip::stcs(y + i, cu2hip::ldcs(x + i));
// INDEX: parse-compat.cu:[[@LINE+4]]:14: name __stcs function sdk 'void (int4 *, int4)'
// INDEX: parse-compat.cu:[[@LINE+3]]:28: name __ldcs function sdk 'int4 (const int4 *)'
__global__ void copy4(int4 *__restrict__ y, const int4 *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) __stcs(y + i, __ldcs(x + i));
}

// A cooperative-groups reduction: refused for what it is, not for errors.
// DIAG: parse-compat.cu:[[@LINE+2]]:17: note: 'cgSum' stays logical32 (32-lane warps): not a recognised warp or block reduction: it uses 'tiled_partition' at line [[@LINE+3]] directly [wave-native]
// INDEX: parse-compat.cu:[[@LINE+3]]:15: name cooperative_groups::__v1::reduce function sdk
__global__ void cgSum(const int *in, int *out) {
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  int v = cg::reduce(warp, in[threadIdx.x], cg::plus<int>());
  if (warp.thread_rank() == 0) out[threadIdx.x / 32] = v;
}

// The vectorizer sees the call: `__ldcs(&x[i])` reads the element's value
// (rules/vectorize-cache-hints.cu), so the kernel is vectorized.
// DIAG-NOT: note: kernel 'scaleHint' not vectorized
// CHECK-LABEL: __global__ void scaleHint(
// CHECK-NEXT: {{^}}  cu2hip::vec_map_grid_stride(
// CHECK: {{^}}      [=](float x_i) { return 2.0f * x_i; }, x);
__global__ void scaleHint(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = 2.0f * __ldcs(&x[i]);
}

// Host code: nvcc's headers include <math.h> and <time.h> and declare max/min
// for the host too.
int countBad(const float *h, int n) {
  int bad = 0;
  // INDEX: parse-compat.cu:[[@LINE+1]]:19: name clock function sdk
  clock_t start = clock();
  for (int i = 0; i < n; ++i)
    // INDEX: parse-compat.cu:[[@LINE+2]]:13: name std::isfinite function sdk 'bool (float)'
    // CHECK: {{^}}    bad += !isfinite(h[i]);
    bad += !isfinite(h[i]);
  double secs = double(clock() - start) / CLOCKS_PER_SEC;
  printf("%f\n", secs);
  // INDEX: parse-compat.cu:[[@LINE+2]]:10: name max function sdk 'int (int, int)'
  // CHECK: {{^}}  return max(bad, 0);
  return max(bad, 0);
}
// DIAG-NOT: parse-semantic
