// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err
// RUN: %strip %t.hip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
//
// cuDNN's status enumerators map to MIOpen's where one has the same meaning;
// cuDNN 9's finer codes have none: reported, and a switch case on one is
// disabled (names-unsupported), so a status-to-string switch compiles.
#include <cudnn.h>
const char *why(cudnnStatus_t s) {
  switch (s) {
  // CHECK: case miopenStatusSuccess: return "ok";
  // CHECK-NEXT: case miopenStatusNotInitialized: return "not initialized";
  // CHECK-NEXT: case miopenStatusAllocFailed: return "alloc";
  // CHECK-NEXT: case miopenStatusBadParm: return "bad param";
  // CHECK-NEXT: case miopenStatusInternalError: return "internal";
  // CHECK-NEXT: case miopenStatusNotImplemented: return "not supported";
  // CHECK-NEXT: #if 0
  // CHECK-NEXT: case CUDNN_STATUS_BAD_PARAM_NULL_POINTER: return "null";
  // CHECK-NEXT: #endif
  case CUDNN_STATUS_SUCCESS: return "ok";
  case CUDNN_STATUS_NOT_INITIALIZED: return "not initialized";
  case CUDNN_STATUS_ALLOC_FAILED: return "alloc";
  case CUDNN_STATUS_BAD_PARAM: return "bad param";
  case CUDNN_STATUS_INTERNAL_ERROR: return "internal";
  case CUDNN_STATUS_NOT_SUPPORTED: return "not supported";
  // DIAG: names-cudnn-status.cu:[[@LINE+1]]:8: warning: 'CUDNN_STATUS_BAD_PARAM_NULL_POINTER' has no HIP equivalent{{.*}}[names-unsupported]
  case CUDNN_STATUS_BAD_PARAM_NULL_POINTER: return "null";
  default: return "other";
  }
}
