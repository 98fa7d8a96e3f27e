// Kind of case 02: the same names declared in several branches (functions,
// types, kernels) never abort the port; every branch is translated.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary --config="-DMODE=2" 2>&1 >/dev/null | FileCheck --check-prefix=DIAG %s
// COMPILE-CHECK: all
#include <cuda_runtime.h>
#ifndef MODE
#define MODE 1
#endif
#if MODE == 1
// CHECK: {{^}}typedef hipStream_t stream_t;
typedef cudaStream_t stream_t;
__global__ void kern(float *p) { p[threadIdx.x] = 1; }
// CHECK: {{^}}static hipError_t sync(stream_t s) { return hipStreamSynchronize(s); }
static cudaError_t sync(stream_t s) { return cudaStreamSynchronize(s); }
#elif MODE == 2
// CHECK: {{^}}typedef hipStream_t stream_t;
typedef cudaStream_t stream_t;
__global__ void kern(float *p) { p[threadIdx.x] = 2; }
// CHECK: {{^}}static hipError_t sync(stream_t s) { (void)s; return hipDeviceSynchronize(); }
static cudaError_t sync(stream_t s) { (void)s; return cudaDeviceSynchronize(); }
#else
typedef int stream_t;
// CHECK: {{^}}static hipError_t sync(stream_t) { return hipErrorNotSupported; }
static cudaError_t sync(stream_t) { return cudaErrorNotSupported; }
#endif
void run(float *p, stream_t s) { kern<<<1, 64>>>(p); sync(s); }
// DIAG-NOT: error
