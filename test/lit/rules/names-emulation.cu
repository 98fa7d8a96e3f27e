// RUN: %cu2hip %s -o %t.hip --no-summary 2>&1 | FileCheck %s --check-prefix=FIND --allow-empty
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: rocm72
//
// CUDA 13's floating-point emulation settings (library_types.h) have no ROCm
// counterpart: hipBLAS computes in the native type. The types and enumerators
// become cu2hip's (cu2hip/compat.h, rewriters/maps/overrides/emulation.yaml)
// so code that only names them compiles (CUDALibrarySamples' cuBLAS utils:
// "unknown type name 'cudaEmulationMantissaControl'"); the cuBLAS calls that
// set them stay findings (names-unsupported, cublas.yaml).
// FIND-NOT: warning
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cstddef>
// CHECK: #include <cu2hip/compat.h>
// CHECK: size_t workspace(int m, int n, cu2hip::emulation_mantissa_control c, int bits) {
size_t workspace(int m, int n, cudaEmulationMantissaControl c, int bits) {
  size_t w = (size_t)m * n * (bits + 1);
  // CHECK: if (c == cu2hip::CUDA_EMULATION_MANTISSA_CONTROL_DYNAMIC) w += (size_t)m * n;
  if (c == CUDA_EMULATION_MANTISSA_CONTROL_DYNAMIC) w += (size_t)m * n;
  return w;
}
// CHECK: cu2hip::emulation_strategy parse(int s) {
// CHECK-NEXT: return s == 2 ? cu2hip::CUDA_EMULATION_STRATEGY_EAGER : cu2hip::CUDA_EMULATION_STRATEGY_DEFAULT;
cudaEmulationStrategy parse(int s) {
  return s == 2 ? CUDA_EMULATION_STRATEGY_EAGER : CUDA_EMULATION_STRATEGY_DEFAULT;
}
// CHECK: cu2hip::emulation_special_values_support special() { return cu2hip::CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_DEFAULT; }
cudaEmulationSpecialValuesSupport special() { return CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_DEFAULT; }
int main() {
  return (int)workspace(4, 4, CUDA_EMULATION_MANTISSA_CONTROL_FIXED, 7) + parse(1) + (int)special();
}
