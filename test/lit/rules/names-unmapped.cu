// A name that a CUDA library's header declares and the maps lack is
// undeclared in the port (MIOpen, hipBLAS, ... name their whole API with
// their own prefix): reported once per file at its first use, decided by the
// declaration the parse resolved. Mapped names are renamed or reported by
// the names rule; the user's own names with the library's prefix are kept.
// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err
// RUN: %strip %t.hip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: FileCheck --check-prefix=NOT %s < %t.err
#include <cudnn.h>
#include <cublas_v2.h>

// NOT-NOT: 'cudnnMyMode'
// NOT-NOT: 'cudnnCreate'
// NOT-NOT: 'cudaStream_t'
// NOT-NOT: 'cudnnHandle_t'
enum cudnnMyMode { cudnnMyRelu };

// CHECK: int act(cudnnActivationMode_t m, cudnnMyMode u, miopenHandle_t h, hipStream_t s) {
// DIAG: names-unmapped.cu:[[@LINE+1]]:9: warning: 'cudnnActivationMode_t' (cudnn_{{[a-z]+}}.h) has no entry in cu2hip's maps and MIOpen does not declare it{{.*}}[names-unmapped]
int act(cudnnActivationMode_t m, cudnnMyMode u, cudnnHandle_t h, cudaStream_t s) {
  // CHECK: miopenCreate(&h);
  cudnnCreate(&h);
  // DIAG: names-unmapped.cu:[[@LINE+1]]:15: warning: 'CUDNN_TENSOR_NHWC' (cudnn_{{[a-z]+}}.h) has no entry{{.*}}port it by hand to MIOpen [names-unmapped]
  int f = u ? CUDNN_TENSOR_NHWC : CUDNN_TENSOR_NCHW;
  // One finding per name and file.
  // NOT-NOT: names-unmapped.cu:[[@LINE+1]]:{{.*}}'CUDNN_TENSOR_NHWC'
  f += CUDNN_TENSOR_NHWC;
  return f + (m == CUDNN_ACTIVATION_RELU) + (u == cudnnMyRelu);
}
