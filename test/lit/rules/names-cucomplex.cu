// RUN: %cu2hip %s -o %t.hip --no-summary
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: rocm72
//
// cuComplex.h's types and functions have HIP counterparts of the same shape
// in hip/hip_complex.h (cuFloatComplex -> hipFloatComplex, cuCmulf ->
// hipCmulf, make_cuDoubleComplex -> make_hipDoubleComplex), and
// math_constants.h's CUDART_* macros are hip/hip_math_constants.h's HIP_*
// (rewriters/maps/overrides/cucomplex.yaml, math-constants.yaml).
// CHECK: #include <hip/hip_complex.h>
// CHECK: #include <hip/hip_math_constants.h>
#include <cuComplex.h>
#include <cuda_runtime.h>
#include <math_constants.h>
// CHECK: __global__ void axpy(hipFloatComplex a, const hipFloatComplex *x, hipFloatComplex *y, int n) {
__global__ void axpy(cuFloatComplex a, const cuFloatComplex *x, cuFloatComplex *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: if (i < n) y[i] = hipCaddf(hipCmulf(a, x[i]), y[i]);
  if (i < n) y[i] = cuCaddf(cuCmulf(a, x[i]), y[i]);
}
__global__ void gauss(float *y, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: y[i] = expf(-0.5f * x[i] * x[i]) / HIP_SQRT_2PI + HIP_PI_F * 0.f;
  if (i < n) y[i] = expf(-0.5f * x[i] * x[i]) / CUDART_SQRT_2PI + CUDART_PI_F * 0.f;
}
int main() {
  // CHECK: hipDoubleComplex z = make_hipDoubleComplex(1.0, 2.0);
  // CHECK-NEXT: hipComplex w = hipComplexDoubleToFloat(hipConj(z));
  // CHECK-NEXT: return hipCreal(z) + hipCrealf(w) + hipCabs(z) > 0 ? 0 : 1;
  cuDoubleComplex z = make_cuDoubleComplex(1.0, 2.0);
  cuComplex w = cuComplexDoubleToFloat(cuConj(z));
  return cuCreal(z) + cuCrealf(w) + cuCabs(z) > 0 ? 0 : 1;
}
