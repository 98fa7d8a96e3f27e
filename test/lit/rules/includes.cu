// Headers are mapped in every branch; hip_runtime.h is added where nvcc
// included the runtime implicitly; cu2hip/wave.h where wave helpers are used.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %S/Inputs/implicit-runtime.cu -o - --no-summary | %strip | FileCheck --check-prefix=IMPL %S/Inputs/implicit-runtime.cu
// COMPILE-CHECK: rocm72
// CHECK: {{^}}#include <hip/hip_runtime.h>
// CHECK-NEXT: {{^}}#include <cu2hip/wave.h>
#include <cuda_runtime.h>
// CHECK-NEXT: {{^}}#include <hipblas/hipblas.h>
#include <cublas_v2.h>
// CHECK-NEXT: {{^}}#include <hipcub/hipcub.hpp>
#include <cub/cub.cuh>
// CHECK-NEXT: {{^}}#include <hip/hip_fp16.h>
#include <cuda_fp16.h>
// CHECK-NEXT: {{^}}#include <hip/hip_cooperative_groups.h>
#include <cooperative_groups.h>
// CHECK-NEXT: {{^}}#include <hiprand/hiprand_kernel.h>
#include <curand_kernel.h>
// CHECK-NEXT: {{^}}#include <cstdio>
#include <cstdio>
#ifdef USE_FFT
// CHECK: {{^}}#include <hipfft/hipfft.h>
#include <cufft.h>
#endif

__device__ float sum(float v) { return v + __shfl_xor_sync(0xffffffff, v, 1); }
// DIAG-NOT: warning
