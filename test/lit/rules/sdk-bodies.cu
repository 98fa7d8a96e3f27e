// Clang skips the bodies of functions declared in system headers (the SDK,
// the C++ library) unless a rule needs one: --vectorize follows callees into
// their bodies, so a parse where it meets a skipped one is redone with every
// body. The port is then the one --parse-sdk-bodies gives: 'scaled' is
// vectorized (its callee is pure), 'offset' is not (its callee reads
// threadIdx), and the summary counts the parses redone.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cu2hip %s -o %t/skip.hip --vectorize --verbose -- -isystem %S/Inputs/sdk-bodies/sys 2>%t/skip.err
// RUN: %cu2hip %s -o %t/full.hip --vectorize --verbose --parse-sdk-bodies -- -isystem %S/Inputs/sdk-bodies/sys 2>%t/full.err
// RUN: diff %t/skip.hip %t/full.hip
// RUN: %strip < %t/skip.hip | FileCheck --check-prefix=OUT %s
// RUN: FileCheck --check-prefix=SKIP %s < %t/skip.err
// RUN: FileCheck --check-prefix=FULL %s < %t/full.err
// Without --vectorize no rule follows a body: nothing is parsed twice.
// RUN: %cu2hip %s -o %t/plain.hip --verbose -- -isystem %S/Inputs/sdk-bodies/sys 2>%t/plain.err
// RUN: FileCheck --check-prefix=PLAIN %s < %t/plain.err
// SKIP: sdk-bodies.cu:[[@LINE+15]]:{{[0-9]+}}: note: kernel 'offset' not vectorized: the expression calls 'thread_offset', which uses 'threadIdx' (it depends on the thread or has effects) [vectorize]
// SKIP: time: parse {{.*}} (3 parses, 1 redone with the SDK's function bodies)
// FULL: time: parse {{.*}} (2 parses)
// PLAIN: time: parse {{.*}} (2 parses)
// OUT: cu2hip::vec_map_grid_stride(
// OUT: return scale2(x_i);
// OUT-NOT: cu2hip::vec_map
#include <cuda_runtime.h>
#include <vendor_math.h>

__global__ void scaled(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = scale2(x[i]);
}

__global__ void offset(float *__restrict__ y, const float *__restrict__ x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = thread_offset(x[i]);
}

// Callees in the SDK headers whose bodies are kept (Clang's CUDA wrappers, the
// per-element fp16/bf16/math headers) need no second parse. (The bundled
// headers hold no bodies: with them, such a parse reads the SDK; see
// tool/cuda-headers.test.)
// RUN: %cu2hip %S/Inputs/sdk-bodies/kept.cu -o %t/kept.hip --vectorize --verbose --cuda-headers=sdk 2>%t/kept.err
// RUN: %cu2hip %S/Inputs/sdk-bodies/kept.cu -o %t/kept-full.hip --vectorize --parse-sdk-bodies --cuda-headers=sdk
// RUN: diff %t/kept.hip %t/kept-full.hip
// RUN: FileCheck --check-prefix=KEPT %s < %t/kept.err
// RUN: FileCheck --check-prefix=KEPT-OUT %s < %t/kept.hip
// KEPT: time: parse {{.*}} (2 parses)
// KEPT-OUT: cu2hip::vec_map_grid_stride(
