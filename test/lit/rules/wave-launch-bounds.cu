// __launch_bounds__(MAX, MIN_BLOCKS): HIP reads the 2nd argument as minimum
// waves per EU; it becomes CU2HIP_WAVES_PER_EU(MAX, MIN_BLOCKS), computed per
// target by cu2hip/launch.h (case 25). One argument stays; a third (CUDA 12
// maxBlocksPerCluster) is dropped with a warning.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: all
#include <cuda_runtime.h>
#define THREADS 256
#define MIN_BLOCKS(t) (2048 / (t))
// CHECK: #include <cu2hip/launch.h>
// CHECK: {{^}}__global__ void __launch_bounds__(256, CU2HIP_WAVES_PER_EU(256, 2)) k1(float *p) { p[threadIdx.x] = 0; }
// DIAG: wave-launch-bounds.cu:[[@LINE+1]]:17: note: minimum blocks '2' per multiprocessor becomes waves per execution unit{{.*}}[wave-launch-bounds]
__global__ void __launch_bounds__(256, 2) k1(float *p) { p[threadIdx.x] = 0; }
// CHECK: {{^}}__global__ void __launch_bounds__(THREADS, CU2HIP_WAVES_PER_EU(THREADS, 4 / 2)) k2(float *p) { p[threadIdx.x] = 0; }
__global__ void __launch_bounds__(THREADS, 4 / 2) k2(float *p) { p[threadIdx.x] = 0; }
// CHECK: {{^}}__global__ void __launch_bounds__(128) k3(float *p) { p[threadIdx.x] = 0; }
__global__ void __launch_bounds__(128) k3(float *p) { p[threadIdx.x] = 0; }
// DIAG-NOT: wave-launch-bounds.cu:[[@LINE-1]]:{{.*}}[wave-launch-bounds]
// Templates and macros: the expression is evaluated per instantiation.
// CHECK: template <int T> __global__ void __launch_bounds__(T, CU2HIP_WAVES_PER_EU(T, MIN_BLOCKS(T))) k4(float *p)
template <int T> __global__ void __launch_bounds__(T, MIN_BLOCKS(T)) k4(float *p) { p[threadIdx.x] = 0; }
template __global__ void k4<512>(float *);
// CHECK: {{^}}__global__ void __launch_bounds__(64, CU2HIP_WAVES_PER_EU(64, 32)) k5(float *p) { p[threadIdx.x] = 0; }
// DIAG: wave-launch-bounds.cu:[[@LINE+1]]:17: warning: dropped the maximum-blocks-per-cluster argument '4'{{.*}}[wave-launch-bounds]
__global__ void __launch_bounds__(64, 32, 4) k5(float *p) { p[threadIdx.x] = 0; }

// The values per target (checked when the port is compiled): ceil(blocks *
// ceil(threads / wave) / 4), between 1 and the target's maximum waves per EU.
#if defined(__HIP_DEVICE_COMPILE__) && defined(__gfx942__)
static_assert(CU2HIP_WAVES_PER_EU(128, 8) == 4, "8 * 2 waves / 4 SIMDs");
static_assert(CU2HIP_WAVES_PER_EU(64, 32) == 8, "32 * 1 / 4 = 8, the gfx942 maximum");
static_assert(CU2HIP_WAVES_PER_EU(64, 40) == 8, "clamped to 8");
static_assert(CU2HIP_WAVES_PER_EU(256, 2) == 2, "2 * 4 / 4");
static_assert(CU2HIP_WAVES_PER_EU(96, 3) == 2, "3 * 2 / 4 = 1.5 -> 2");
static_assert(CU2HIP_WAVES_PER_EU(1024, 0) == 1, "at least 1");
#endif
#if defined(__HIP_DEVICE_COMPILE__) && defined(__gfx1100__)
static_assert(CU2HIP_WAVES_PER_EU(128, 8) == 8, "8 * 4 waves / 4 SIMD32 of a WGP");
static_assert(CU2HIP_WAVES_PER_EU(64, 32) == 16, "32 * 2 / 4 = 16, the gfx11 maximum");
static_assert(CU2HIP_WAVES_PER_EU(256, 2) == 4, "2 * 8 / 4");
#endif
#if defined(__HIP_DEVICE_COMPILE__) && defined(__gfx90a__)
static_assert(CU2HIP_WAVES_PER_EU(128, 8) == 4, "as gfx942");
static_assert(CU2HIP_WAVES_PER_EU(64, 64) == 8, "clamped to 8");
#endif
