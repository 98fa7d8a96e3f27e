// clock64() without a clock rate in the file: a cycle count (profiling),
// kept, with one note.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
__global__ void cost(long long *cycles, float *x) {
  // CHECK: {{^}}  long long t0 = clock64();
  // DIAG: clock-cycles.cu:[[@LINE+1]]:18: note: clock64() counts shader-clock cycles at a variable rate on AMD{{.*}}[clock-cycles]
  long long t0 = clock64();
  x[threadIdx.x] = x[threadIdx.x] * 2.f + 1.f;
  // CHECK: {{^}}  cycles[threadIdx.x] = clock64() - t0;
  cycles[threadIdx.x] = clock64() - t0;
}
// DIAG-NOT: [clock-
