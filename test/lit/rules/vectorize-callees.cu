// --vectorize: what the expression calls and how the kernel is declared must
// keep the vectorized form exact. Each kernel below stays scalar with a note:
// a callee that reads the thread index or takes the element by reference
// (one not defined in the file: vectorize-callee-unknown.cu); a narrow index type; volatile data; launch
// pointer arguments a user type could overload (subscript, cast). A callee
// of this file without those is followed and accepted, and an enumeration
// count and a buffer class with a pointer conversion compile.
// RUN: %cu2hip %s -o - --no-summary --vectorize 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// COMPILE-ARGS: --vectorize
// COMPILE-CHECK: all
#include <cuda_runtime.h>

__device__ unsigned global_tid() { return blockIdx.x * blockDim.x + threadIdx.x; }
__device__ float dropout(float v, unsigned seed) {
  unsigned h = (global_tid() ^ seed) * 2654435761u;
  return (h >> 31) ? 0.f : 2.f * v;
}
// DIAG: vectorize-callees.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'drop' not vectorized: the expression calls 'global_tid', which uses 'blockIdx' (it depends on the thread or has effects) [vectorize]
__global__ void drop(float *__restrict__ y, const float *__restrict__ x, unsigned seed, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = dropout(x[i], seed);
}

__device__ float bump(float &v) { return v += 1.0f; }
// DIAG: vectorize-callees.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'byref' not vectorized: the expression calls 'bump', which takes a parameter by reference (the vectorized form passes a copy of the element) [vectorize]
__global__ void byref(float *__restrict__ y, float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = bump(x[i]);
}

// DIAG: vectorize-callees.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'narrow' not vectorized: the index has the narrow type 'unsigned char', which wraps where the vectorized size_t index would not [vectorize]
__global__ void narrow(float *__restrict__ y, const float *__restrict__ x, int n) {
  unsigned char i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = 2.0f * x[i];
}

// DIAG: vectorize-callees.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'vol' not vectorized: the input 'x' is volatile (each access must stay a scalar access) [vectorize]
__global__ void vol(float *__restrict__ y, const volatile float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}

struct Ring {
  float *slot[2];
  int next;
  __host__ float *operator[](int) { return slot[next++ & 1]; }
};
// DIAG: vectorize-callees.cu:[[@LINE+1]]:{{[0-9]+}}: note: kernel 'viaRing' not vectorized: {{.*}} passes 'r[0]' for 'y', which has calls, subscripts, casts or side effects {{.*}}; left scalar [vectorize]
__global__ void viaRing(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}

// Accepted: a pure callee of this file (followed), an enumeration count,
// and buffer objects that convert to pointers.
__device__ float gelu(float v) { return 0.5f * v * (1.0f + tanhf(0.79788456f * v)); }
// CHECK: {{^}}  cu2hip::vec_map_at(cu2hip_t, (n) > 0 ? (size_t)(n) : (size_t)0, y, [=](float x_i) { return gelu(x_i); }, x);
__global__ void act(float *__restrict__ y, const float *__restrict__ x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = gelu(x[i]);
}
struct Buf {
  float *p;
  __host__ operator float *() const { return p; }
};
enum { kN = 1000 };

void run(float *y, float *x, Ring r, Buf out, Buf in, int n) {
  drop<<<(n + 255) / 256, 256>>>(y, x, 1234u, n);
  byref<<<(n + 255) / 256, 256>>>(y, x, n);
  narrow<<<(n + 255) / 256, 256>>>(y, x, n);
  vol<<<(n + 255) / 256, 256>>>(y, x, n);
  viaRing<<<(n + 255) / 256, 256>>>(r[0], x, n);
  // CHECK: {{^}}  act<<<(cu2hip::vec_map_at_threads<float>(kN, y, x) + 255) / 256, 256>>>(y, x, kN);
  act<<<(kN + 255) / 256, 256>>>(y, x, kN);
  // CHECK: {{^}}  act<<<(cu2hip::vec_map_at_threads<float>(n, out, in) + 255) / 256, 256>>>(out, in, n);
  act<<<(n + 255) / 256, 256>>>(out, in, n);
}
// DIAG-NOT: note: kernel 'act'
// DIAG-NOT: error
