// A type-check error (not a syntax error) is a note shown with --verbose;
// it does not fail the file.
// RUN: %cu2hip %s -o - --no-summary --verbose 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary 2>&1 >/dev/null | FileCheck --allow-empty --check-prefix=QUIET %s
#include <cuda_runtime.h>
void f(float **p) {
  // DIAG: parse-semantic.cu:[[@LINE+2]]:3: note: clang: use of undeclared identifier 'undeclared_helper' [parse-semantic]
  // CHECK: {{^}}  undeclared_helper(p);
  undeclared_helper(p);
  // CHECK: {{^}}  hipFree(*p);
  cudaFree(*p);
}
// QUIET-NOT: parse-semantic
