// `__CUDA_ARCH__ >= N` feature gates: the port gives each the CUDA level
// whose features it has on the gfx target (CU2HIP_CUDA_ARCH, cu2hip/arch.h:
// 800 on gfx908/90a/94x/950 and gfx11/12, 610 elsewhere), so fp16, dp4a and
// bf16 paths stay compiled instead of falling back to "no device code"; a
// gate no AMD target passes (sm_90 features) gets a warning. On the host,
// cudaGetDeviceProperties / cudaDeviceGetAttribute report that level as
// major.minor (8.0), not the gfx version (9.4), so dispatch agrees.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
// CHECK: #include <cu2hip/arch.h>

// The table for the compile-checked targets: gfx942 and gfx1100 are level 800.
// CHECK: #if defined(__HIP_DEVICE_COMPILE__) && !(CU2HIP_CUDA_ARCH >= 800)
#if defined(__CUDA_ARCH__) && !(__CUDA_ARCH__ >= 800)
#error "gfx942 and gfx1100 have the level-800 features in the port"
#endif

__global__ void hadd(const __half *a, __half *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
// CHECK: #if CU2HIP_CUDA_ARCH >= 530
// DIAG: cuda-arch-gate.cu:[[@LINE+1]]:5: note: __CUDA_ARCH__ >= 530 -> CU2HIP_CUDA_ARCH: holds on every AMD target{{.*}}[cuda-arch-gate]
#if __CUDA_ARCH__ >= 530
  o[i] = __hadd(a[i], a[i]);
#else
  o[i] = a[i];  // the fallback
#endif
}

__global__ void int8dot(const int *a, const int *b, int *o) {
  int acc = 0;
// CHECK: #if CU2HIP_CUDA_ARCH >= 610
#if __CUDA_ARCH__ >= 610
  // CHECK: acc = cu2hip::dp4a(a[threadIdx.x], b[threadIdx.x], acc);
  acc = __dp4a(a[threadIdx.x], b[threadIdx.x], acc);
#endif
  o[threadIdx.x] = acc;
}

__global__ void bf16max(const __nv_bfloat16 *a, __nv_bfloat16 *o) {
// CHECK: #if defined(__HIP_DEVICE_COMPILE__) && (CU2HIP_CUDA_ARCH >= 800)
// DIAG: cuda-arch-gate.cu:[[@LINE+1]]:32: note: __CUDA_ARCH__ >= 800 -> CU2HIP_CUDA_ARCH: holds on gfx908, gfx90a, gfx94x, gfx950, gfx11 and gfx12 (level 800), not on other gfx targets (level 610){{.*}}[cuda-arch-gate]
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800)
  o[threadIdx.x] = __hmax(a[threadIdx.x], a[threadIdx.x + 1]);
#endif
}

__global__ void hopper(float *o) {
// CHECK: #if CU2HIP_CUDA_ARCH >= 900
// DIAG: cuda-arch-gate.cu:[[@LINE+1]]:5: warning: __CUDA_ARCH__ >= 900 gates features no AMD target has{{.*}}[cuda-arch-nvidia-only]
#if __CUDA_ARCH__ >= 900
  o[0] = 1.f;
#else
  o[0] = 2.f;
#endif
}

// One NVIDIA part singled out (occupancy tuning): kept, it reads 0 on AMD;
// the >= 900 half is ported and holds nowhere.
// CHECK: #if __CUDA_ARCH__ == 800 || CU2HIP_CUDA_ARCH >= 900
// DIAG: cuda-arch-gate.cu:[[@LINE+2]]:5: warning: __CUDA_ARCH__ == 800 singles out one NVIDIA architecture{{.*}}[cuda-arch-version]
// DIAG: cuda-arch-gate.cu:[[@LINE+1]]:29: warning: __CUDA_ARCH__ >= 900 gates features no AMD target has{{.*}}[cuda-arch-nvidia-only]
#if __CUDA_ARCH__ == 800 || __CUDA_ARCH__ >= 900
#define BLOCKS_PER_SM 2
#else
#define BLOCKS_PER_SM 1
#endif
static_assert(BLOCKS_PER_SM == 1, "the tuning for A100/H100 is not taken on AMD");

int pick_kernel(int dev) {
  cudaDeviceProp prop;
  // CHECK: cu2hip::getDeviceProperties(&prop, dev);
  cudaGetDeviceProperties(&prop, dev);
  int major = 0;
  // CHECK: cu2hip::deviceGetAttribute(&major, hipDeviceAttributeComputeCapabilityMajor, dev);
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev);
  int cc = 100 * prop.major + 10 * prop.minor;
  return cc >= 800 && major >= 8 ? 2 : 1;
}
