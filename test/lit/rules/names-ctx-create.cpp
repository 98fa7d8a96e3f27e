// CUDA 13's cuCtxCreate takes a CUctxCreateParams pointer (cuda.h:
// cuCtxCreate_v4); HIP's hipCtxCreate has none. Both forms go through
// cu2hip::ctx_create (cu2hip/driver_ctx.h), which is hipCtxCreate for an
// empty or null parameter block. CUDART_CB / CUDA_CB (callback calling
// convention) become empty macros of the same header.
// RUN: %cu2hip %s -o - --no-summary 2>/dev/null | %strip | FileCheck %s
// COMPILE-CHECK: rocm72
// CHECK: #include <cu2hip/driver_ctx.h>
#include <cuda.h>
#include <cuda_runtime.h>

// CHECK: void CU2HIP_CUDART_CB onStream(hipStream_t s, hipError_t st, void *data) {}
void CUDART_CB onStream(cudaStream_t s, cudaError_t st, void *data) {}
// CHECK: void CU2HIP_CUDA_CB onHost(void *data) {}
void CUDA_CB onHost(void *data) {}

CUresult make(CUcontext *ctx, CUdevice dev) {
  // CHECK: cu2hip::ctx_create_params params = {};
  CUctxCreateParams params = {};
  // CHECK: hipError_t r = cu2hip::ctx_create(ctx, &params, 0, dev);
  CUresult r = cuCtxCreate(ctx, &params, 0, dev);
  if (r != CUDA_SUCCESS)
    return r;
  // CHECK: return cu2hip::ctx_create(ctx, NULL, 0, dev);
  return cuCtxCreate(ctx, NULL, 0, dev);
}

void callbacks(cudaStream_t s) {
  // CHECK: hipStreamAddCallback(s, onStream, nullptr, 0);
  cudaStreamAddCallback(s, onStream, nullptr, 0);
  // CHECK: hipLaunchHostFunc(s, onHost, nullptr);
  cudaLaunchHostFunc(s, onHost, nullptr);
}
