// --wave=native refuses, with a note, what the AST match does not follow:
// code with errors, functions written by a macro, bodies with #if lines,
// cooperative groups. It never falls back to matching tokens: each
// function stays logical32 (the default port's text).
// RUN: %cu2hip %s -o - --no-summary --wave=native 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ float warpSum(float v) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}

// An undeclared name: Clang keeps the statement as an error node.
// DIAG-DAG: wave-native-ast-refused.cu:[[@LINE+2]]:{{[0-9]+}}: note: 'withError' stays logical32 (32-lane warps): not a recognised warp or block reduction: its body has errors (Clang could not type-check it)
// CHECK: {{^}}  float v = warpSum(x[threadIdx.x]) + undeclared_scale;
__global__ void withError(const float *x, float *y) {
  float v = warpSum(x[threadIdx.x]) + undeclared_scale;
  if (threadIdx.x % 32 == 0) atomicAdd(y, v);
}

// A whole block reduction written by a macro.
#define DEFINE_TOTAL(name)                                                     \
  __global__ void name(const float *x, float *y) {                            \
    float v = warpSum(x[threadIdx.x]);                                         \
    if (threadIdx.x % 32 == 0) atomicAdd(y, v);                                \
  }
// DIAG-DAG: wave-native-ast-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'macroTotal' stays logical32 (32-lane warps): not a recognised warp or block reduction: it is defined inside a macro expansion
DEFINE_TOTAL(macroTotal)

// #if lines in the body of a block reduction.
// DIAG-DAG: wave-native-ast-refused.cu:[[@LINE+2]]:{{[0-9]+}}: note: 'withIf' stays logical32 (32-lane warps): its body has #if/#else lines, which the idiom match does not follow
// CHECK: {{^}}  if (threadIdx.x % cu2hip::logical_warp_size == 0) atomicAdd(y, v);
__global__ void withIf(const float *x, float *y) {
  float v = warpSum(x[threadIdx.x]);
#if defined(SCALE)
  v *= 2.0f;
#endif
  if (threadIdx.x % warpSize == 0) atomicAdd(y, v);
}

// Cooperative groups next to the reduction.
// DIAG-DAG: wave-native-ast-refused.cu:[[@LINE+1]]:{{[0-9]+}}: note: 'withGroups' stays logical32 (32-lane warps): not a recognised warp or block reduction: it uses cooperative groups ('this_thread_block' at line [[@LINE+2]])
__global__ void withGroups(const float *x, float *y) {
  cg::thread_block b = cg::this_thread_block();
  float v = warpSum(x[threadIdx.x]);
  b.sync();
  if (threadIdx.x % 32 == 0) atomicAdd(y, v);
}

// The macro's use of warpSum keeps it logical32 everywhere.
// DIAG-DAG: wave-native-ast-refused.cu:11:{{[0-9]+}}: note: 'warpSum' stays logical32 (32-lane warps): a macro uses 'warpSum' at line 27
// CHECK-NOT: cu2hip_w
// CHECK-NOT: width_mask
