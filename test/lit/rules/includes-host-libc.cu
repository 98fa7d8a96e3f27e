// RUN: %cu2hip %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: %strip %t.hip | FileCheck %s
// RUN: %cu2hip %S/Inputs/host-libc-included.cu -o %t.inc.hip
// RUN: FileCheck --check-prefix=INC %s < %t.inc.hip
// COMPILE-CHECK: rocm72
//
// nvcc's implicit cuda_runtime.h includes <string.h>; ROCm 7.2's
// hip_runtime.h does not, and clang's HIP headers declare only device
// memset/memcpy: host calls fail ("no matching function for call to
// 'memset'", "use of undeclared identifier 'strlen'"). A host-side call the
// parse resolved to a C library function of such a header gets the header.
// Device calls (HIP declares those) and headers HIP's runtime brings
// (<stdio.h>, <stdlib.h>, <math.h>, <time.h>) add nothing.
// CHECK: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <string.h>
// CHECK-NEXT: #include <cstdio>
// CHECK-NOT: #include <stdlib.h>
// SUM-NOT: error
#include <cstdio>

__global__ void clear(char *d, int n) {
  char tmp[16];
  memset(tmp, 0, sizeof tmp);
  d[threadIdx.x % n] = tmp[0];
}

// CHECK: void host_init(char *p, const char *q, int n) {
void host_init(char *p, const char *q, int n) {
  memset(p, 0, n);
  memcpy(p, q, n);
  printf("%d %f\n", (int)strlen(q), sqrt(2.0));
  void *m = malloc(4);
  free(m);
}

// A file that includes the header itself (as <cstring>) gets no second one.
// INC: #include <hip/hip_runtime.h>
// INC-NOT: #include <string.h>
// INC: #include <cstring>
