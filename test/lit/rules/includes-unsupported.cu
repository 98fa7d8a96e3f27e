// A CUDA header without a HIP equivalent is kept and reported.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
// DIAG: includes-unsupported.cu:[[@LINE+2]]:10: warning: header <cuda_awbarrier.h> has no HIP equivalent{{.*}}[includes-unsupported]
// CHECK: {{^}}#include <cuda_awbarrier.h>
#include <cuda_awbarrier.h>
void f() { cudaDeviceSynchronize(); }
// CHECK: {{^}}void f() { hipDeviceSynchronize(); }
