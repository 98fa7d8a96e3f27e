// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err
// RUN: %strip %t.hip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: all
//
// NVTX event attributes become the cu2hip forms in <cu2hip/roctx.h> (the
// layout of nvtxEventAttributes_v2); the Ex calls record the ASCII message
// through roctx and drop colour, category and payload, which each call says.
#include <nvtx3/nvToolsExt.h>
// CHECK: #include <cu2hip/roctx.h>
// CHECK: static_assert(sizeof(cu2hip::nvtxEventAttributes_t) == 48, "NVTX v2 layout");
static_assert(sizeof(nvtxEventAttributes_t) == 48, "NVTX v2 layout");
int rangePush(const char *name, unsigned argb) {
  // CHECK: cu2hip::nvtxEventAttributes_t a = {0};
  // CHECK-NEXT: a.version = CU2HIP_NVTX_VERSION;
  // CHECK-NEXT: a.size = CU2HIP_NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  // CHECK-NEXT: a.colorType = cu2hip::NVTX_COLOR_ARGB;
  // CHECK-NEXT: a.color = argb;
  // CHECK-NEXT: a.messageType = cu2hip::NVTX_MESSAGE_TYPE_ASCII;
  // CHECK-NEXT: a.message.ascii = name;
  // CHECK-NEXT: a.payloadType = cu2hip::NVTX_PAYLOAD_TYPE_INT32;
  // CHECK-NEXT: a.payload.iValue = 7;
  nvtxEventAttributes_t a = {0};
  a.version = NVTX_VERSION;
  a.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  a.colorType = NVTX_COLOR_ARGB;
  a.color = argb;
  a.messageType = NVTX_MESSAGE_TYPE_ASCII;
  a.message.ascii = name;
  a.payloadType = NVTX_PAYLOAD_TYPE_INT32;
  a.payload.iValue = 7;
  // DIAG: names-nvtx-attributes.cu:[[@LINE+2]]:3: note: 'nvtxMarkEx' -> 'cu2hip::roctxMarkEx' differs in behaviour: roctxMarkA(a.message.ascii): roctx has no colour, category or payload; they are dropped [names-partial]
  // CHECK: cu2hip::roctxMarkEx(&a);
  nvtxMarkEx(&a);
  // CHECK: roctx_range_id_t id = cu2hip::roctxRangeStartEx(&a);
  nvtxRangeId_t id = nvtxRangeStartEx(&a);
  nvtxRangeEnd(id);
  // DIAG: names-nvtx-attributes.cu:[[@LINE+2]]:10: note: 'nvtxRangePushEx' -> 'cu2hip::roctxRangePushEx' differs in behaviour
  // CHECK: return cu2hip::roctxRangePushEx(&a);
  return nvtxRangePushEx(&a);
}
// CHECK: void rangePop() { roctxRangePop(); }
void rangePop() { nvtxRangePop(); }
