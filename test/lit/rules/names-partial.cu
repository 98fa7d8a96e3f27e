// A HIP equivalent whose argument list differs is renamed and flagged. (The
// runtime API's changed shapes are rewritten by rule api-shape; the driver
// API's are not.)
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda.h>

void f(CUgraph g, CUgraphNode *a, CUgraphNode *b) {
  // CHECK: {{^}}  hipGraphAddDependencies(g, a, b, nullptr, 1);
  // DIAG: names-partial.cu:[[@LINE+1]]:3: note: 'cuGraphAddDependencies' -> 'hipGraphAddDependencies' differs in behaviour{{.*}}[names-partial]
  cuGraphAddDependencies(g, a, b, nullptr, 1);
}
