// RUN: %cu2hip %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: %strip %t.hip | FileCheck %s
// COMPILE-CHECK: rocm72
//
// CUDA declares one form of each bit intrinsic, HIP several (__ffsll(long
// long) and __ffsll(unsigned long long); __ffs(int) and __ffs(unsigned)):
// a uint64_t, long or unsigned argument is an ambiguous call on ROCm. Where
// the parse says the argument's type differs from the parameter type of the
// declaration the CUDA parse resolved (clang's CUDA headers: __popcll(long
// long), __popc(int); the value's bits are the same), the argument is cast
// to it. Arguments already of that type, or an int, unsigned, long long or
// unsigned long long of the parameter's width (HIP has an exact overload),
// are left alone.
#include <cstdint>

// SUM: edits by rule: {{.*}}bit-intrinsic-arg={{[0-9]+}}
__device__ int lanes(uint64_t m, unsigned long w, long s, unsigned u, long long q) {
  // CHECK: int a = __ffsll((long long)(m)) + __ffs(u) + __ffs((int)(s));
  int a = __ffsll(m) + __ffs(u) + __ffs(s);
  // CHECK-NEXT: int b = __popcll((long long)(w)) + __clzll((long long)(s)) + __popc((int)(w));
  int b = __popcll(w) + __clzll(s) + __popc(w);
  // CHECK-NEXT: unsigned long long r = __brevll((unsigned long long)(m)) ^ __brevll(q);
  unsigned long long r = __brevll(m) ^ __brevll(q);
  // CHECK-NEXT: return a + b + (int)r + __ffsll(q) + __ffs((int)u);
  return a + b + (int)r + __ffsll(q) + __ffs((int)u);
}

__global__ void first_set(int *out, const uint64_t *masks) {
  unsigned i = threadIdx.x;
  out[i] = lanes(masks[i], masks[i] >> 1, (long)masks[i], i, (long long)i);
}
