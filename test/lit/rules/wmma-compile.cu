// The rocWMMA ports of wave-wmma.cu (half 16x16x16, fill_fragment casts, the
// `wmma` alias, layout_t values) compile for gfx942 (wave64) and gfx1100
// (wave32). Needs a rocWMMA with its internal/ headers: Debian's
// librocwmma-dev 7.2.4-1~exp1 ships rocwmma.hpp without them, so this test
// is unsupported on a root built from it unless CU2HIP_ROCWMMA_INCLUDE names
// a complete rocWMMA include directory (docs/compile-checks.md).
// REQUIRES: rocm72, rocwmma
// RUN: %cu2hip %S/wave-wmma.cu -o %t.hip --no-summary 2>/dev/null
// RUN: %hipcc72 --arch gfx942,gfx1100 --ndebug off %rocwmma_inc %t.hip | FileCheck %s
// CHECK: ok {{.*}}gfx942
// CHECK: ok {{.*}}gfx1100
