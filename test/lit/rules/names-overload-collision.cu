// Overloads on two CUDA types that map to one HIP type (cudaError_t and
// CUresult are both hipError_t) would be two definitions of one function on
// ROCm. The later definition is compiled only where the earlier one is not;
// calls (here from a template) resolve to the one kept. Overloads that stay
// distinct (int vs float), and a prototype followed by its definition, are
// left alone.
// RUN: %cu2hip %s -o - --no-summary 2>/dev/null | %strip | FileCheck %s
// RUN: %cu2hip %s -o /dev/null --no-summary 2>&1 | FileCheck %s --check-prefix=DIAG
// COMPILE-CHECK: rocm72
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>

// CHECK: static const char *errName(hipError_t e) { return hipGetErrorName(e); }
// CHECK-NEXT: #define [[M:CU2HIP_DEFINED_errName_[0-9a-f]+]]
static const char *errName(cudaError_t e) { return cudaGetErrorName(e); }

static const char *errName(int e);

// CHECK: #ifndef [[M]]
// CHECK-NEXT: static const char *errName(hipError_t e) {
// DIAG: [[@LINE+1]]:20: warning: this 'errName' and the one at names-overload-collision.cu:16 take the same parameter types after the port
static const char *errName(CUresult e) {
  const char *s = nullptr;
  cuGetErrorName(e, &s);
  return s ? s : "<unknown>";
}
// CHECK: #endif // [[M]]

// CHECK: static const char *errName(int e) { return e ? "error" : "ok"; }
// CHECK-NOT: #ifndef
static const char *errName(int e) { return e ? "error" : "ok"; }
static const char *errName(float e) { return e != 0.f ? "error" : "ok"; }

// Pointers to the colliding types collide too.
// CHECK: int first(hipError_t *e) { return 1; }
// CHECK-NEXT: #define [[P:CU2HIP_DEFINED_first_[0-9a-f]+]]
int first(cudaError_t *e) { return 1; }
// CHECK: #ifndef [[P]]
// CHECK-NEXT: int first(hipError_t *e) { return 2; }
// CHECK-NEXT: #endif // [[P]]
// CHECK-EMPTY:
// DIAG: [[@LINE+1]]:5: warning: this 'first' and the one at names-overload-collision.cu:38 take the same parameter types
int first(CUresult *e) { return 2; }

// Default arguments do not hide a collision: the earlier definition takes
// every call of the later one (one argument), so the later one is guarded.
// CHECK: const char *describe(hipError_t e, bool full = false) { return full ? "runtime error" : "rt"; }
// CHECK-NEXT: #define [[D:CU2HIP_DEFINED_describe_[0-9a-f]+]]
const char *describe(cudaError_t e, bool full = false) { return full ? "runtime error" : "rt"; }
// CHECK: #ifndef [[D]]
// CHECK-NEXT: const char *describe(hipError_t e) { return "driver error"; }
// CHECK-NEXT: #endif // [[D]]
// DIAG: [[@LINE+1]]:13: warning: this 'describe' and the one at names-overload-collision.cu:50 take the same parameter types after the port
const char *describe(CUresult e) { return "driver error"; }

// The later one takes more arguments: calls with one argument are
// ambiguous, and neither definition can go; a warning says so.
// CHECK: int code(hipError_t e) { return 1; }
// CHECK-NOT: CU2HIP_DEFINED_code
int code(cudaError_t e) { return 1; }
// DIAG: [[@LINE+1]]:5: warning: this 'code' and the one at names-overload-collision.cu:61 take the same parameter types after the port for calls with 1 argument(s)
int code(CUresult e, int base = 0) { return base + 2; }

// The same CUDA types over the shared arguments: CUDA's own overload set.
int scale(int v) { return v; }
int scale(int v, int by = 2) { return v * by; }

template <class T> void check(T r, const char *what) {
  if (r)
    fprintf(stderr, "%s: %s\n", what, errName(r));
}

void run() {
  check(cudaDeviceSynchronize(), "sync");
  check(cuCtxSynchronize(), "ctx");
}
// DIAG-NOT: warning:
