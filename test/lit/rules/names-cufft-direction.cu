// RUN: %cu2hip %s -o %t.hip
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: rocm72
//
// cuFFT's directions: CUFFT_FORWARD is HIPFFT_FORWARD (-1), and the backward
// direction CUDA spells CUFFT_INVERSE is hipFFT's HIPFFT_BACKWARD (1), not a
// name without equivalent (cuda-samples simpleCUFFT stopped on it).
#include <cufft.h>

void transform(cufftHandle plan, cufftComplex *data) {
  // CHECK: hipfftExecC2C(plan, data, data, HIPFFT_FORWARD);
  cufftExecC2C(plan, data, data, CUFFT_FORWARD);
  // CHECK: hipfftExecC2C(plan, data, data, HIPFFT_BACKWARD);
  cufftExecC2C(plan, data, data, CUFFT_INVERSE);
}
// CHECK-NOT: CUFFT_
