// CUdeviceptr is an integer in CUDA, void * (hipDeviceptr_t) in HIP: byte
// arithmetic on it is done on char *, integers stored into it go through
// uintptr_t; a null constant, pointer values and plain integers are left.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --allow-empty --check-prefix=DIAG %s < %t.err
// COMPILE-CHECK: rocm72
#include <cuda.h>
#include <cstddef>
#include <cstdint>

CUresult map(CUdeviceptr *dptr, size_t stripe, int n, CUmemGenericAllocationHandle h) {
  for (int i = 0; i < n; ++i) {
    // CHECK: hipError_t st = hipMemMap(static_cast<char *>(*dptr) + (stripe * i), stripe, 0, h, 0);
    CUresult st = cuMemMap(*dptr + (stripe * i), stripe, 0, h, 0);
    if (st != CUDA_SUCCESS)
      return st;
  }
  return CUDA_SUCCESS;
}

#define CHECK_DRV(call) (void)(call)

void in_macro(CUdeviceptr base, size_t size, CUmemGenericAllocationHandle h) {
  // CHECK: CHECK_DRV(hipMemMap(static_cast<char *>(base) + 2 * size, size, 0, h, 0));
  CHECK_DRV(cuMemMap(base + 2 * size, size, 0, h, 0));
}

void args(char *buf, CUdeviceptr a, size_t width) {
  size_t off = 0;
  // CHECK: *(reinterpret_cast<hipDeviceptr_t *>(&buf[off])) = a;
  *(reinterpret_cast<CUdeviceptr *>(&buf[off])) = a;
  off += sizeof(a);
  // CHECK: *(reinterpret_cast<hipDeviceptr_t *>(&buf[off])) = reinterpret_cast<hipDeviceptr_t>(static_cast<uintptr_t>(width));
  *(reinterpret_cast<CUdeviceptr *>(&buf[off])) = width;
  // CHECK: hipDeviceptr_t none = 0;
  CUdeviceptr none = 0;
  // CHECK: size_t span = static_cast<char *>(a) - static_cast<char *>(none);
  size_t span = a - none;
  int k = (int)width + 1;
  (void)span;
  (void)k;
}

// A CUdeviceptr read as an integer (initialiser, braced or parenthesised,
// assignment, return) goes through uintptr_t; `auto` and a CUdeviceptr
// destination follow the value.
// CHECK-LABEL: uintptr_t as_integer(hipDeviceptr_t d) {
uintptr_t as_integer(CUdeviceptr d) {
  // CHECK-NEXT: uintptr_t p = reinterpret_cast<uintptr_t>(d);
  uintptr_t p = d;
  // CHECK-NEXT: unsigned long long b{reinterpret_cast<uintptr_t>(d)};
  unsigned long long b{d};
  // CHECK-NEXT: unsigned long long q((reinterpret_cast<uintptr_t>(d)));
  unsigned long long q((d));
  // CHECK-NEXT: auto same = d;
  auto same = d;
  // CHECK-NEXT: hipDeviceptr_t copy = same;
  CUdeviceptr copy = same;
  // CHECK-NEXT: p = reinterpret_cast<uintptr_t>(copy);
  p = copy;
  (void)b;
  (void)q;
  if (p == 0)
    // CHECK: return reinterpret_cast<uintptr_t>(d);
    return d;
  return p;
}

// DIAG-NOT: deviceptr-int

// A sum of sums converts the CUdeviceptr once (two casts over one operand
// gave unbalanced parentheses); `p += n` becomes `p = (char *)(p) + n`.
// CHECK: hipDeviceptr_t last(hipDeviceptr_t p, size_t a) { return (static_cast<char *>(p) + a - 1); }
CUdeviceptr last(CUdeviceptr p, size_t a) { return (p + a - 1); }
// CHECK: hipDeviceptr_t bump(hipDeviceptr_t p, size_t a) {
// CHECK-NEXT: p = static_cast<char *>(p) + 256;
// CHECK-NEXT: p = static_cast<char *>(p) - a;
CUdeviceptr bump(CUdeviceptr p, size_t a) {
  p += 256;
  p -= a;
  return p;
}
