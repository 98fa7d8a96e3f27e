// --vectorize: a kernel whose expression calls a function defined in another
// file stays scalar (the callee's body cannot be checked for thread-index
// reads or reference parameters). Not compile-checked: the callee is not
// defined anywhere, so the device code would not link.
// RUN: %cu2hip %s -o - --no-summary --vectorize 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>

__device__ float elsewhere(float);
// DIAG: vectorize-callee-unknown.cu:[[@LINE+3]]:{{[0-9]+}}: note: kernel 'unknown' not vectorized: the expression calls 'elsewhere', which is not defined in this file (its body cannot be checked) [vectorize]
// CHECK: {{^}}  if (i < n) y[i] = elsewhere(x[i]);
// CHECK-NOT: vec_map
__global__ void unknown(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = elsewhere(x[i]);
}
void run(float *y, float *x, int n) { unknown<<<(n + 255) / 256, 256>>>(y, x, n); }
