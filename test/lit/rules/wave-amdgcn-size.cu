// __AMDGCN_WAVEFRONT_SIZE (removed from current Clang): in code it becomes
// cu2hip::device_wave_size(); in #if it is reported.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
// CHECK: {{^}}#include <cu2hip/wave.h>
// CHECK: {{^}}__device__ int wave() { return cu2hip::device_wave_size(); }
__device__ int wave() { return __AMDGCN_WAVEFRONT_SIZE; }
// CHECK: {{^}}#if __AMDGCN_WAVEFRONT_SIZE == 64
// DIAG: wave-amdgcn-size.cu:[[@LINE+1]]:5: warning: __AMDGCN_WAVEFRONT_SIZE is deprecated{{.*}}[wave-amdgcn-size]
#if __AMDGCN_WAVEFRONT_SIZE == 64
#define BIG 1
#endif
