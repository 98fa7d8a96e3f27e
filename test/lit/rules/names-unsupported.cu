// A CUDA API without a HIP equivalent is kept as written and reported.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>

int f() {
  // CHECK: {{^}}  int v = cudaAsyncNotificationTypeOverBudget;
  // DIAG: names-unsupported.cu:[[@LINE+1]]:11: warning: 'cudaAsyncNotificationTypeOverBudget' has no HIP equivalent{{.*}}[names-unsupported]
  int v = cudaAsyncNotificationTypeOverBudget;
  // The rest of the file is still ported.
  // CHECK: {{^}}  hipDeviceSynchronize();
  cudaDeviceSynchronize();
  return v;
}
