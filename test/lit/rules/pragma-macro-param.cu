// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err || true
// RUN: %strip %t.hip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
//
// A `#pragma` in a function-like macro that names one of its parameters
// cannot become one string literal: kept, with a warning and the idiom that
// works with both compilers.
#include <cuda_runtime.h>
// DIAG: pragma-macro-param.cu:[[@LINE+3]]:21: warning: '#pragma' in the body of macro 'UNROLL_N' names its parameter 'n'{{.*}}kept [pragma-macro-param]
// DIAG-NEXT: note: fix: write the body as _Pragma(...) of a stringized parameter, e.g. #define P(x) _Pragma(#x)
// CHECK: #define UNROLL_N(n) #pragma unroll n
#define UNROLL_N(n) #pragma unroll n
