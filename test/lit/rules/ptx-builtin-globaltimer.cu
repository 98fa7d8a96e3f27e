// PTX's %globaltimer (a global nanosecond timer; cuda-samples
// cudaGraphsPerfScaling) with the "=l" constraint clang rejects for AMDGPU
// ("invalid output constraint '=l' in asm"): the statement becomes
// cu2hip::globaltimer_ns() of cu2hip/clock.h (wall_clock64() in ns).
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cuda_runtime.h>
// CHECK: #include <cu2hip/clock.h>

__device__ __forceinline__ unsigned long long globaltimer() {
  unsigned long long t;
  // CHECK: {{^}}  (t) = cu2hip::globaltimer_ns();
  // DIAG: ptx-builtin-globaltimer.cu:[[@LINE+1]]:3: note: %globaltimer (nanoseconds) from wall_clock64()
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));
  return t;
}

__global__ void wait_ns(long long ns, long long *elapsed) {
  long long start = globaltimer(), now;
  do
    now = globaltimer();
  while (now < start + ns);
  *elapsed = now - start;
}
