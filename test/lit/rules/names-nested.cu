// Qualified namespaces renamed as a unit (case 24): thrust::cuda (the CUDA
// backend's policies) -> thrust::hip, thrust::system::cuda ->
// thrust::system::hip, thrust::cuda_cub -> thrust::hip_rocprim; a bare
// `cuda` (libcu++, users' namespaces) stays.
// (Compile-checked once on ROCm 7.2 gfx942/gfx1100; case 24 keeps the thrust
// compile in the regular check, which is costly.)
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
#include <thrust/device_vector.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
// CHECK: #include <thrust/system/hip/execution_policy.h>
#include <thrust/system/cuda/execution_policy.h>
// CHECK: #include <thrust/system/hip/vector.h>
#include <thrust/system/cuda/vector.h>

namespace mylib { namespace cuda { inline int version() { return 13; } } }

// CHECK: #define ON_STREAM(s) thrust::hip::par.on(s)
#define ON_STREAM(s) thrust::cuda::par.on(s)
// CHECK: namespace tpol = thrust::hip;
namespace tpol = thrust::cuda;

#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
// CHECK: #if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_HIP
static const bool kDeviceBackend = true;
#else
static const bool kDeviceBackend = false;
#endif

template <typename Policy> long long total(const Policy &p, thrust::device_vector<int> &v) {
  return thrust::reduce(p, v.begin(), v.end(), 0LL);
}

long long run(cudaStream_t s, thrust::device_vector<int> &v) {
  // CHECK: thrust::sort(thrust::hip::par.on(s), v.begin(), v.end());
  thrust::sort(thrust::cuda::par.on(s), v.begin(), v.end());
  // CHECK: thrust::sort(::thrust::hip::par.on(s), v.begin(), v.end());
  thrust::sort(::thrust::cuda::par.on(s), v.begin(), v.end());
  // CHECK: long long a = total(ON_STREAM(s), v);
  long long a = total(ON_STREAM(s), v);
  // CHECK: long long b = total(tpol::par.on(s), v);
  long long b = total(tpol::par.on(s), v);
  // CHECK: long long c = total(thrust::system::hip::par, v);
  long long c = total(thrust::system::cuda::par, v);
  // CHECK: int d = mylib::cuda::version();
  int d = mylib::cuda::version();
  return a + b + c + d + kDeviceBackend;
}
// DIAG-NOT: error:
