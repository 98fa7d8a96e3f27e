// RUN: %cu2hip %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: rocm72
//
// A user's overload of a CUDA intrinsic whose HIP name is qualified
// (`__ldcs` -> `cu2hip::ldcs`) in a branch no configuration compiles (llm.c
// dev/cuda/common.h, for nvcc < 12): the declarator keeps its name (a
// declaration cannot be named `cu2hip::ldcs`), calls are renamed.
// MSG: note: '__ldcs' is declared here by the user; a declaration cannot be named 'cu2hip::ldcs', so it is kept as written [names-shadowed]
#include <cuda_bf16.h>
typedef __nv_bfloat16 floatX;

#if (__CUDACC_VER_MAJOR__ < 12) && defined(__CUDA_ARCH__) && (__CUDA_ARCH__ < 800)
// CHECK: __device__ floatX __ldcs(const floatX *address) {
__device__ floatX __ldcs(const floatX *address) {
  // CHECK: unsigned short bf = cu2hip::ldcs(reinterpret_cast<const unsigned short *>(address));
  unsigned short bf = __ldcs(reinterpret_cast<const unsigned short *>(address));
  return __nv_bfloat16_raw{bf};
}
#endif

__global__ void copy(float *out, const float *in) {
  // CHECK: out[threadIdx.x] = cu2hip::ldcs(in + threadIdx.x);
  out[threadIdx.x] = __ldcs(in + threadIdx.x);
}
