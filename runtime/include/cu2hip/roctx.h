//===- cu2hip/roctx.h - NVTX annotations as roctx, or no-ops --------------===//
//
// Ports include this header where CUDA code included <nvToolsExt.h> or
// <nvtx3/nvToolsExt.h>. It uses, in this order:
//   - <roctracer/roctx.h>: ROCm's roctx (Debian/Ubuntu package libroctx-dev,
//     source package roctracer; link with -lroctx64);
//   - <rocprofiler-sdk-roctx/roctx.h>: the roctx of rocprofiler-sdk, which
//     replaces roctracer in AMD's ROCm 7 packages (link with
//     -lrocprofiler-sdk-roctx);
//   - otherwise no-op inline functions with the same names and signatures,
//     so a port builds and runs without a tracer (nothing is recorded).
// -DCU2HIP_ROCTX_NOOP selects the no-ops even when a tracer is installed
// (no library to link). CU2HIP_ROCTX_BACKEND says which one was chosen:
// 1 roctracer, 2 rocprofiler-sdk, 0 no-op.
// Stream and event names (nvtxNameCudaStreamA, nvtxNameCudaEventA) have no
// form in roctracer's roctx: cu2hip::roctxNameStream/roctxNameEvent accept
// them and do nothing, with every backend.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_ROCTX_H
#define CU2HIP_ROCTX_H

#include <hip/hip_runtime.h>
#include <stdint.h>

#if !defined(CU2HIP_ROCTX_NOOP) && defined(__has_include)
#if __has_include(<roctracer/roctx.h>)
#include <roctracer/roctx.h>
#define CU2HIP_ROCTX_BACKEND 1
#elif __has_include(<rocprofiler-sdk-roctx/roctx.h>)
#include <rocprofiler-sdk-roctx/roctx.h>
#define CU2HIP_ROCTX_BACKEND 2
#endif
#endif

#ifndef CU2HIP_ROCTX_BACKEND
#define CU2HIP_ROCTX_BACKEND 0
typedef uint64_t roctx_range_id_t;
/// No-op roctx (no tracer installed): the same names and signatures as
/// roctracer's roctx.h. Push/pop return the nesting depth as roctx does
/// (0 after the first push), so code that checks them keeps working.
namespace cu2hip {
namespace detail {
inline int &roctxDepth() {
  static thread_local int Depth = 0;
  return Depth;
}
} // namespace detail
} // namespace cu2hip
inline void roctxMarkA(const char *) {}
inline int roctxRangePushA(const char *) { return cu2hip::detail::roctxDepth()++; }
inline int roctxRangePop() {
  int &D = cu2hip::detail::roctxDepth();
  return D > 0 ? --D : -1;
}
inline roctx_range_id_t roctxRangeStartA(const char *) { return 0; }
inline void roctxRangeStop(roctx_range_id_t) {}
#define roctxMark(message) roctxMarkA(message)
#define roctxRangePush(message) roctxRangePushA(message)
#define roctxRangeStart(message) roctxRangeStartA(message)
#endif

namespace cu2hip {
/// nvtxNameCudaStreamA(stream, name): roctx has no stream names; nothing is
/// recorded.
inline void roctxNameStream(hipStream_t stream, const char *name) {
  (void)stream;
  (void)name;
}
/// nvtxNameCudaEventA(event, name): roctx has no event names; nothing is
/// recorded.
inline void roctxNameEvent(hipEvent_t event, const char *name) {
  (void)event;
  (void)name;
}
} // namespace cu2hip

#endif // CU2HIP_ROCTX_H
