// A HIP equivalent whose argument list differs is renamed and flagged.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>

void f(cudaGraph_t g, cudaGraphNode_t *a, cudaGraphNode_t *b) {
  // CHECK: {{^}}  hipGraphAddDependencies(g, a, b, nullptr, 1);
  // DIAG: names-partial.cu:[[@LINE+1]]:3: note: 'cudaGraphAddDependencies' -> 'hipGraphAddDependencies' differs in behaviour{{.*}}[names-partial]
  cudaGraphAddDependencies(g, a, b, nullptr, 1);
}
