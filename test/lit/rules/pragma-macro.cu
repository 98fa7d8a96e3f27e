// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err || true
// RUN: %strip %t.hip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
//
// nvcc takes a `#pragma` line that a macro produces; clang does not (`#` in a
// macro body stringizes). The body `#pragma X` becomes `_Pragma("X")`, with
// `"` and `\` escaped and continuation lines joined (pragma-macro-param.cu:
// a pragma naming a parameter). The original does not parse with clang
// (parse-error), so the port exits 1 (which scripts/lit-compile-check.sh
// counts as a failed port); tool/pragma-macro-hipcc.test compiles the output
// with ROCm 7.2 for gfx942 and gfx1100.
#include <cuda_runtime.h>
#ifdef __CUDA_ARCH__
// CHECK: #define PRAGMA_UNROLL _Pragma("unroll")
#define PRAGMA_UNROLL #pragma unroll
#else
// CHECK: #define PRAGMA_UNROLL{{$}}
#define PRAGMA_UNROLL
#endif
// DIAG: pragma-macro.cu:[[@LINE+2]]:20: error: '#' is not followed by a macro parameter [parse-error]
// CHECK: #define UNROLL4() _Pragma("unroll 4")
#define UNROLL4() #pragma unroll 4
// CHECK: #define NOTE_MSG _Pragma("message(\"a \\\\ b\")")
#define NOTE_MSG #pragma message("a \\ b")
// CHECK: #define LONG_PRAGMA _Pragma("clang loop unroll(enable)")
#define LONG_PRAGMA #pragma clang loop \
    unroll(enable)
// Stringizing is left alone.
// CHECK: #define STR(x) #x
#define STR(x) #x

template <int N> __device__ float sum(const float *x) {
  float s = 0;
  PRAGMA_UNROLL
  for (int i = 0; i < N; ++i) s += x[i];
  UNROLL4()
  for (int i = 0; i < N; ++i) s += x[i];
  LONG_PRAGMA
  for (int i = 0; i < N; ++i) s -= x[i];
  return s;
}
__global__ void k(float *y, const float *x) { y[0] = sum<8>(x); }
const char *name = STR(k);
