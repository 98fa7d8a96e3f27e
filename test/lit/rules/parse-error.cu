// A file that does not compile as CUDA: error with file:line:col, exit code
// non-zero; the token rules still port the file.
// RUN: not %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
void f(float **p) {
  // CHECK: {{^}}  hipMalloc(p, 4)
  // DIAG: parse-error.cu:[[@LINE+1]]:19: error: expected ';' after expression [parse-error]
  cudaMalloc(p, 4)
}
