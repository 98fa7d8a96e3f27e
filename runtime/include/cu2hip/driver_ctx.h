//===- cu2hip/driver_ctx.h - CUDA 13 context creation and callback macros -===//
//
// Included by code that cu2hip ported (maps: CUctxCreateParams, cuCtxCreate,
// CUDART_CB, CUDA_CB).
//
// CUDA 13's cuCtxCreate takes a CUctxCreateParams pointer before the flags
// (cuda.h: cuCtxCreate_v4(CUcontext *, CUctxCreateParams *, unsigned int,
// CUdevice)); HIP's hipCtxCreate(hipCtx_t *, unsigned int, hipDevice_t) has
// no parameter block (ROCm 5.2 .. 7.2). The port calls
//
//   cu2hip::ctx_create(&ctx, &params, flags, dev)   (CUDA 13 form)
//   cu2hip::ctx_create(&ctx, flags, dev)            (CUDA 12 form)
//
// With no parameter block, or one that asks for nothing (no execution
// affinity, no CIG), both are hipCtxCreate. Execution-affinity (SM count)
// and CUDA-in-graphics (CIG) contexts have no HIP counterpart: the call
// returns hipErrorNotSupported and creates no context, where CUDA would
// create a context with those properties.
//
// CUDART_CB and CUDA_CB are CUDA's calling convention of host callbacks
// (__stdcall on Windows, empty elsewhere); HIP callbacks use the default
// convention, so CU2HIP_CUDART_CB and CU2HIP_CUDA_CB are empty.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_DRIVER_CTX_H
#define CU2HIP_DRIVER_CTX_H

#include <hip/hip_runtime.h>

#ifndef CU2HIP_CUDART_CB
#define CU2HIP_CUDART_CB
#endif
#ifndef CU2HIP_CUDA_CB
#define CU2HIP_CUDA_CB
#endif

namespace cu2hip {

/// CUDA 13's CUctxCreateParams (cuda.h), field for field. The pointed-to
/// CUexecAffinityParam / CUctxCigParam have no HIP type: only their
/// presence is read.
struct ctx_create_params {
  void *execAffinityParams = nullptr;
  int numExecAffinityParams = 0;
  void *cigParams = nullptr;
};

/// hipCtxCreate for CUDA 12's cuCtxCreate(&ctx, flags, dev).
inline hipError_t ctx_create(hipCtx_t *ctx, unsigned int flags, hipDevice_t dev) {
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
  return hipCtxCreate(ctx, flags, dev);
#pragma clang diagnostic pop
}

/// CUDA 13's cuCtxCreate(&ctx, params, flags, dev): hipCtxCreate when
/// `params` is null or asks for nothing; hipErrorNotSupported (no context
/// created) for execution affinity or CIG, which HIP cannot express.
inline hipError_t ctx_create(hipCtx_t *ctx, const ctx_create_params *params,
                             unsigned int flags, hipDevice_t dev) {
  if (params && (params->numExecAffinityParams > 0 || params->execAffinityParams ||
                 params->cigParams))
    return hipErrorNotSupported;
  return ctx_create(ctx, flags, dev);
}

} // namespace cu2hip

#endif // CU2HIP_DRIVER_CTX_H
