// The rocWMMA ports of wave-wmma.cu (half 16x16x16, fill_fragment casts, the
// `wmma` alias, layout_t values) and wmma-bf16.cu (bf16 through cu2hip/wmma.h)
// compile for gfx942 (wave64) and gfx1100 (wave32); wmma-tf32.cu (xfloat32)
// for gfx942. Needs a rocWMMA with its internal/ headers: Debian's
// librocwmma-dev 7.2.4-1~exp1 ships rocwmma.hpp without them, so this test
// is unsupported on a root built from it unless CU2HIP_ROCWMMA_INCLUDE names
// a complete rocWMMA include directory (docs/compile-checks.md).
// REQUIRES: rocm72, rocwmma
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cu2hip %S/wave-wmma.cu -o %t/half.hip --no-summary 2>/dev/null
// RUN: %cu2hip %S/wmma-bf16.cu -o %t/bf16.hip --no-summary 2>/dev/null
// RUN: %hipcc72 --arch gfx942,gfx1100 --ndebug off %rocwmma_inc %t/half.hip %t/bf16.hip | FileCheck %s
// CHECK-DAG: ok {{.*}}gfx942 {{.*}}half.hip
// CHECK-DAG: ok {{.*}}gfx1100 {{.*}}half.hip
// CHECK-DAG: ok {{.*}}gfx942 {{.*}}bf16.hip
// CHECK-DAG: ok {{.*}}gfx1100 {{.*}}bf16.hip
// CHECK: hipcc-check: 4 ok, 0 failed
// RUN: %cu2hip %S/wmma-tf32.cu -o %t/tf32.hip --no-summary 2>/dev/null
// RUN: %hipcc72 --arch gfx942 --ndebug off %rocwmma_inc %t/tf32.hip | FileCheck --check-prefix=TF32 %s
// TF32: ok {{.*}}gfx942 {{.*}}tf32.hip
