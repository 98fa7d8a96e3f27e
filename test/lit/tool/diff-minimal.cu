// RUN: %cu2hip %s --diff --no-summary 2>/dev/null | FileCheck %s
#include <cuda_runtime.h>
int unchanged_line_1;
int unchanged_line_2;
void f(float **p) { cudaMalloc(p, 4); }
// CHECK: {{^}} int unchanged_line_1;
// CHECK-NEXT: {{^}} int unchanged_line_2;
// CHECK-NOT: {{^}}-int unchanged
