#include <cuda_runtime.h>
__device__ __host__ inline float2 operator*(float2 a, float2 b) {
  return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
#define CMUL(a, b) ((a) * (b))
template <class V> __device__ V twice_product(V a, V b) { return a * b; }
__global__ void k(float2 *z, float2 *m) {
  int n = twice_product(2, 3);
  m[0] = CMUL(z[0], z[1]) + twice_product(z[2], z[3]) + make_float2(n, 0);
}
