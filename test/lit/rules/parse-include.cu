// A missing #include is a warning naming -p / -I; the file is still ported
// and does not fail.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
#include <cuda_runtime.h>
// DIAG: parse-include.cu:[[@LINE+1]]:10: warning: 'not_there_cfg.h' file not found (pass -p <build dir> or -I after --{{.*}}[parse-include]
#include "not_there_cfg.h"
// CHECK: {{^}}void f(float **p) { hipMalloc(p, 4); }
void f(float **p) { cudaMalloc(p, 4); }
// DIAG-NOT: error
