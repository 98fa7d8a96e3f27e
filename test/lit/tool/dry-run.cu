// --dry-run ports and reports but writes nothing (single file and tree).
// RUN: rm -rf %t && mkdir -p %t/src && cp %s %t/src/in.cu
// RUN: %cu2hip %t/src/in.cu -o %t/out.cu --dry-run 2>&1 | FileCheck %s
// RUN: not ls %t/out.cu
// RUN: %cu2hip --in-root %t/src --out-root %t/tree --dry-run 2>&1 | FileCheck %s
// RUN: not ls %t/tree
// RUN: cmp %s %t/src/in.cu
// CHECK: 0 written
#include <cuda_runtime.h>
void f(float **p) { cudaMalloc(p, 4); }
