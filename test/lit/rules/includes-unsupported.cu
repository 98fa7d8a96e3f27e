// A CUDA header without a HIP equivalent is kept and reported.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
// DIAG: includes-unsupported.cu:[[@LINE+2]]:10: warning: header <mma.h> has no HIP equivalent{{.*}}[includes-unsupported]
// CHECK: {{^}}#include <mma.h>
#include <mma.h>
namespace wm = nvcuda::wmma; // a use: the include stays (includes-mma-unused otherwise)
void f() { cudaDeviceSynchronize(); }
// CHECK: {{^}}void f() { hipDeviceSynchronize(); }
