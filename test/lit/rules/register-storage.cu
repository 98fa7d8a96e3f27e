// RUN: %cu2hip %s -o %t.hip --no-summary 2>%t.err
// RUN: %strip %t.hip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
//
// C++17 has no `register` storage class: nvcc warns, clang rejects it. The
// keyword is dropped from every variable and parameter the parse gives the
// register storage class (device, host, templates), once per declaration
// list (register-storage-macro.cu: one spelled in a macro).
#include <cuda_runtime.h>
__global__ void spin(unsigned long long timeout) {
  // DIAG: register-storage.cu:[[@LINE+2]]:3: note: 'register' dropped: C++17 has no register storage class{{.*}}[register-storage]
  // CHECK: unsigned long long start = clock64(), now;
  register unsigned long long start = clock64(), now;
  do { now = clock64(); } while (now - start < timeout);
}
// CHECK: template <typename T> __host__ __device__ T twice(T x, int k) {
// CHECK-NEXT: const T r = x + x;
template <typename T> __host__ __device__ T twice(register T x, int k) {
  const register T r = x + x;
  return r * k;
}
// CHECK: int host(int a) { int b = a * 2; return b + twice(1, 2) + twice(1.f, 2); }
int host(int a) { register int b = a * 2; return b + twice(1, 2) + twice(1.f, 2); }
#if 0
// Not compiled by any configuration: no parse, left as written.
// CHECK: register int dead;
register int dead;
#endif
// The word in a comment or string is not a declaration.
// CHECK: const char *kRegister = "register int";
const char *kRegister = "register int";
