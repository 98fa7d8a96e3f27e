// The ports of wave-wmma.cu (half 16x16x16, fill_fragment casts, the `wmma`
// alias, layout_t values) and wmma-bf16.cu (bf16 through cu2hip/wmma.h)
// compile for gfx942 (wave64) and gfx1100 (wave32); wmma-tf32.cu
// (xfloat32) for gfx942. <mma.h> becomes <cu2hip/wmma.h>: rocWMMA where it is
// complete (the root's has its internal/ headers, or CU2HIP_ROCWMMA_INCLUDE
// names a complete rocWMMA include directory: feature rocwmma,
// docs/compile-checks.md), otherwise cu2hip's software WMMA, as on a root
// built from Debian's librocwmma-dev 7.2.4-1~exp1 (rocwmma.hpp without its
// internal/ headers).
// REQUIRES: rocm72
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
//
// The header chose rocWMMA where it is complete, the software WMMA
// otherwise (%rocwmma_soft: 1 without feature rocwmma), and the software
// WMMA whenever CU2HIP_WMMA_SOFTWARE is defined.
// RUN: %hipcc72 --arch gfx942 --ndebug off %rocwmma_inc --extra-flags "-DWANT_SOFT=%rocwmma_soft" %S/Inputs/wmma-which.hip | FileCheck --check-prefix=WHICH %s
// RUN: %hipcc72 --arch gfx942 --ndebug off %rocwmma_inc --extra-flags "-DWANT_SOFT=1 -DCU2HIP_WMMA_SOFTWARE" %S/Inputs/wmma-which.hip | FileCheck --check-prefix=WHICH %s
// WHICH: ok {{.*}}gfx942 {{.*}}wmma-which.hip
//
// The software WMMA (forced, so also where rocWMMA is complete) compiles
// what rocWMMA lacks on both targets: tf32 for gfx1100, and every shape of
// wmma-shape.cu (m8n8k4 double, m16n16k8 tf32, u8, m32n8k16).
// RUN: %cu2hip %S/wmma-shape.cu -o %t/shape.hip --no-summary 2>/dev/null
// RUN: %hipcc72 --arch gfx942,gfx1100 --ndebug off --extra-flags -DCU2HIP_WMMA_SOFTWARE %t/tf32.hip %t/shape.hip %t/half.hip %t/bf16.hip | FileCheck --check-prefix=SOFT %s
// SOFT-DAG: ok {{.*}}gfx942 {{.*}}tf32.hip
// SOFT-DAG: ok {{.*}}gfx1100 {{.*}}tf32.hip
// SOFT-DAG: ok {{.*}}gfx942 {{.*}}shape.hip
// SOFT-DAG: ok {{.*}}gfx1100 {{.*}}shape.hip
// SOFT: hipcc-check: 8 ok, 0 failed
