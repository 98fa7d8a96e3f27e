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
// them and do nothing, with every backend. NVTX's event attributes
// (nvtxEventAttributes_t, nvtxRangePushEx, ...) have cu2hip forms below
// that keep the message and drop colour, category and payload.
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

// NVTX event attributes (nvToolsExt.h, NVTX 3): the port renames
// nvtxEventAttributes_t and its enumerators to these, NVTX_VERSION and
// NVTX_EVENT_ATTRIB_STRUCT_SIZE to the CU2HIP_ macros below, and
// nvtxRangePushEx/nvtxMarkEx/nvtxRangeStartEx to the roctx*Ex functions.
// The layout is NVTX's nvtxEventAttributes_v2, so `= {0}`, designated
// member stores and sizeof checks behave as with NVTX. roctx records the
// ASCII message only: colour, category and payload are dropped (the port
// says so at each call).

/// NVTX_COLOR_*: what `color` holds.
enum nvtxColorType_t { NVTX_COLOR_UNKNOWN = 0, NVTX_COLOR_ARGB = 1 };
/// NVTX_MESSAGE_*: which member of `message` is set.
enum nvtxMessageType_t {
  NVTX_MESSAGE_UNKNOWN = 0,
  NVTX_MESSAGE_TYPE_ASCII = 1,
  NVTX_MESSAGE_TYPE_UNICODE = 2,
  NVTX_MESSAGE_TYPE_REGISTERED = 3
};
/// NVTX_PAYLOAD_*: which member of `payload` is set.
enum nvtxPayloadType_t {
  NVTX_PAYLOAD_UNKNOWN = 0,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 = 1,
  NVTX_PAYLOAD_TYPE_INT64 = 2,
  NVTX_PAYLOAD_TYPE_DOUBLE = 3,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 = 4,
  NVTX_PAYLOAD_TYPE_INT32 = 5,
  NVTX_PAYLOAD_TYPE_FLOAT = 6
};
/// nvtxMessageValue_t: the message, by messageType.
union nvtxMessageValue_t {
  const char *ascii;
  const wchar_t *unicode;
  const void *registered; ///< a registered string handle (no roctx form)
};
/// nvtxEventAttributes_t (NVTX's version 2 layout: 48 bytes on LP64).
struct nvtxEventAttributes_v2 {
  uint16_t version;   ///< CU2HIP_NVTX_VERSION
  uint16_t size;      ///< CU2HIP_NVTX_EVENT_ATTRIB_STRUCT_SIZE
  uint32_t category;  ///< dropped by roctx
  int32_t colorType;  ///< nvtxColorType_t; dropped by roctx
  uint32_t color;     ///< ARGB; dropped by roctx
  int32_t payloadType; ///< nvtxPayloadType_t; dropped by roctx
  int32_t reserved0;
  union payload_t {
    uint64_t ullValue;
    int64_t llValue;
    double dValue;
    uint32_t uiValue;
    int32_t iValue;
    float fValue;
  } payload;
  int32_t messageType; ///< nvtxMessageType_t
  nvtxMessageValue_t message;
};
typedef nvtxEventAttributes_v2 nvtxEventAttributes_t;

/// The message roctx records for `a`: the ASCII message, or "" for the
/// others (wide and registered strings have no roctx form).
inline const char *roctxMessageOf(const nvtxEventAttributes_t *a) {
  return a && a->messageType == NVTX_MESSAGE_TYPE_ASCII && a->message.ascii ? a->message.ascii
                                                                             : "";
}
/// nvtxRangePushEx(&a): roctxRangePushA(a.message.ascii); returns the
/// nesting depth as roctx does.
inline int roctxRangePushEx(const nvtxEventAttributes_t *a) {
  return roctxRangePushA(roctxMessageOf(a));
}
/// nvtxMarkEx(&a): roctxMarkA(a.message.ascii).
inline void roctxMarkEx(const nvtxEventAttributes_t *a) { roctxMarkA(roctxMessageOf(a)); }
/// nvtxRangeStartEx(&a): roctxRangeStartA(a.message.ascii); the id ends
/// with roctxRangeStop (nvtxRangeEnd).
inline roctx_range_id_t roctxRangeStartEx(const nvtxEventAttributes_t *a) {
  return roctxRangeStartA(roctxMessageOf(a));
}
} // namespace cu2hip

/// NVTX_VERSION of the NVTX 3 headers.
#define CU2HIP_NVTX_VERSION 3
/// NVTX_EVENT_ATTRIB_STRUCT_SIZE: the size of the attribute struct.
#define CU2HIP_NVTX_EVENT_ATTRIB_STRUCT_SIZE \
  (static_cast<uint16_t>(sizeof(cu2hip::nvtxEventAttributes_t)))

#endif // CU2HIP_ROCTX_H
