// RUN: %cu2hip %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: all
//
// <cuComplex.h> names map to hip/hip_complex.h's (same typedefs over
// float2/double2, same argument order; hipCfmaf(p, q, r) = p*q + r).
// SUM-NOT: names-unsupported
// SUM: names converted: runtime=
// CHECK: #include <hip/hip_complex.h>
// CHECK-NOT: cuC
// CHECK-NOT: cuFloatComplex
// CHECK-NOT: cuDoubleComplex
// CHECK-NOT: make_cu
#include <cuComplex.h>
#include <cuda_runtime.h>

// CHECK: __global__ void axpy(hipFloatComplex a, const hipFloatComplex *x, hipFloatComplex *y, int n) {
__global__ void axpy(cuFloatComplex a, const cuFloatComplex *x, cuFloatComplex *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: if (i < n) y[i] = hipCaddf(hipCmulf(a, x[i]), y[i]);
  if (i < n) y[i] = cuCaddf(cuCmulf(a, x[i]), y[i]);
}

// CHECK: __host__ __device__ float allf(hipComplex p, hipComplex q) {
__host__ __device__ float allf(cuComplex p, cuComplex q) {
  // CHECK-NEXT: hipFloatComplex r = make_hipFloatComplex(1.f, 2.f);
  cuFloatComplex r = make_cuFloatComplex(1.f, 2.f);
  // CHECK-NEXT: hipComplex s = make_hipComplex(3.f, 4.f);
  cuComplex s = make_cuComplex(3.f, 4.f);
  // CHECK-NEXT: r = hipCsubf(hipCdivf(p, q), hipConjf(s));
  r = cuCsubf(cuCdivf(p, q), cuConjf(s));
  // CHECK-NEXT: r = hipCfmaf(r, p, q);
  r = cuCfmaf(r, p, q);
  // CHECK-NEXT: return hipCabsf(r) + hipCrealf(r) + hipCimagf(s);
  return cuCabsf(r) + cuCrealf(r) + cuCimagf(s);
}

// CHECK: __host__ __device__ double all(hipDoubleComplex p, hipDoubleComplex q) {
__host__ __device__ double all(cuDoubleComplex p, cuDoubleComplex q) {
  // CHECK-NEXT: hipDoubleComplex r = hipCadd(hipCmul(p, q), hipConj(q));
  cuDoubleComplex r = cuCadd(cuCmul(p, q), cuConj(q));
  // CHECK-NEXT: r = hipCfma(hipCsub(r, p), hipCdiv(p, q), r);
  r = cuCfma(cuCsub(r, p), cuCdiv(p, q), r);
  // CHECK-NEXT: hipFloatComplex f = hipComplexDoubleToFloat(r);
  cuFloatComplex f = cuComplexDoubleToFloat(r);
  // CHECK-NEXT: r = hipComplexFloatToDouble(f);
  r = cuComplexFloatToDouble(f);
  // CHECK-NEXT: return hipCabs(r) + hipCreal(r) + hipCimag(make_hipDoubleComplex(1.0, 2.0));
  return cuCabs(r) + cuCreal(r) + cuCimag(make_cuDoubleComplex(1.0, 2.0));
}
