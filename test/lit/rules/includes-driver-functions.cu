// RUN: %cu2hip %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: rocm72
//
// CUDA's <driver_functions.h> (make_cudaExtent, make_cudaPitchedPtr,
// make_cudaPos) has no header of that name in ROCm ("'driver_functions.h'
// file not found"); HIP declares the make_hip* forms in hip/driver_types.h.
// SUM-NOT: includes-unknown
// CHECK: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <hip/driver_types.h>
#include <cuda_runtime.h>
#include <driver_functions.h>

// CHECK: hipExtent box(size_t w) { return make_hipExtent(w * sizeof(float), 4, 2); }
cudaExtent box(size_t w) { return make_cudaExtent(w * sizeof(float), 4, 2); }
__global__ void k(float *x) { x[threadIdx.x] = 1.f; }
