// --vectorize: existing vector code is kept; an alignment assertion goes next
// to every cast to a pointer to a 16- or 8-byte vector type (AMD does not
// fault on misaligned vector accesses as NVIDIA does). As a statement before
// the access where that runs exactly when the access does, else inside the
// cast; operands with side effects or calls, and macro bodies, get a note.
// RUN: %cu2hip %s -o - --no-summary --vectorize 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary 2>&1 | %strip | FileCheck --check-prefix=OFF %s
// COMPILE-ARGS: --vectorize
// COMPILE-CHECK: all
#include <cuda_runtime.h>
#include <cstdint>

template <class T> struct alignas(16) Packed128 { T v[16 / sizeof(T)]; };

// DIAG: vectorize-casts.cu:[[@LINE+2]]:{{[0-9]+}}: note: vector cast of 'p' in a macro body: no alignment assertion added (the macro argument would be evaluated twice); add CU2HIP_ASSERT_ALIGNED(p, 16) where the macro is used [vectorize]
// CHECK: {{^}}#define LOAD4(p) (*reinterpret_cast<const float4 *>(p))
#define LOAD4(p) (*reinterpret_cast<const float4 *>(p))

static float g_buf[64];
// Namespace scope: nothing runs there, nothing added.
// CHECK: {{^}}float4 *g_view = reinterpret_cast<float4 *>(g_buf);
float4 *g_view = reinterpret_cast<float4 *>(g_buf);

__device__ const float *next_ptr(const float *p) { return p + 4; }

__global__ void copy4(float *__restrict__ y, const float *__restrict__ x, int n4, int off) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n4)
    return;
  // CHECK: {{^}}  CU2HIP_ASSERT_ALIGNED(x, 16);
  // CHECK-NEXT: {{^}}  float4 v = reinterpret_cast<const float4 *>(x)[i];
  float4 v = reinterpret_cast<const float4 *>(x)[i];
  // C-style cast of an element's address.
  // CHECK: {{^}}  CU2HIP_ASSERT_ALIGNED(&y[4 * i], 16);
  // CHECK-NEXT: {{^}}  *(float4 *)&y[4 * i] = v;
  *(float4 *)&y[4 * i] = v;
  // Two different operands in one statement, one check each.
  // CHECK: {{^}}  CU2HIP_ASSERT_ALIGNED(y + off, 16);
  // CHECK-NEXT: {{^}}  CU2HIP_ASSERT_ALIGNED(x + off, 16);
  // CHECK-NEXT: {{^}}  ((float4 *)(y + off))[i] = ((const float4 *)(x + off))[i];
  ((float4 *)(y + off))[i] = ((const float4 *)(x + off))[i];
  // The same operand twice: one check.
  // CHECK: {{^}}  CU2HIP_ASSERT_ALIGNED(y, 16);
  // CHECK-NEXT: {{^}}  reinterpret_cast<float4 *>(y)[i] = reinterpret_cast<float4 *>(y)[i];
  reinterpret_cast<float4 *>(y)[i] = reinterpret_cast<float4 *>(y)[i];
  // A braceless if body: the check goes inside the cast.
  // CHECK: {{^}}  if (off == 0) reinterpret_cast<float4 *>((CU2HIP_ASSERT_ALIGNED(y, 16), y))[i] = v;
  if (off == 0) reinterpret_cast<float4 *>(y)[i] = v;
  // A condition and a conditional operator: inside the cast.
  // CHECK: {{^}}  if (off > 0 && reinterpret_cast<const float4 *>((CU2HIP_ASSERT_ALIGNED(x + 4 * off, 16), x + 4 * off))->x > 0.f)
  if (off > 0 && reinterpret_cast<const float4 *>(x + 4 * off)->x > 0.f)
    v.x = 0.f;
  // CHECK: {{^}}  v = off < 0 ? reinterpret_cast<const float4 *>((CU2HIP_ASSERT_ALIGNED(x, 16), x))[0] : v;
  v = off < 0 ? reinterpret_cast<const float4 *>(x)[0] : v;
  // A braceless loop body.
  // CHECK: {{^}}  for (int k = 0; k < 2; ++k) v.y += reinterpret_cast<const float4 *>((CU2HIP_ASSERT_ALIGNED(x + 4 * k, 16), x + 4 * k))->y;
  for (int k = 0; k < 2; ++k) v.y += reinterpret_cast<const float4 *>(x + 4 * k)->y;
  // 8-byte vectors.
  // CHECK: {{^}}  CU2HIP_ASSERT_ALIGNED(y, 8);
  // CHECK-NEXT: {{^}}  float2 h = reinterpret_cast<float2 *>(y)[i];
  float2 h = reinterpret_cast<float2 *>(y)[i];
  v.z += h.x;
  // Packed128 (llm.c style) and static_cast from void*.
  const void *vx = x;
  // CHECK: {{^}}  CU2HIP_ASSERT_ALIGNED(x, 16);
  // CHECK-NEXT: {{^}}  Packed128<float> pk = *reinterpret_cast<const Packed128<float> *>(x);
  Packed128<float> pk = *reinterpret_cast<const Packed128<float> *>(x);
  // CHECK: {{^}}  CU2HIP_ASSERT_ALIGNED(vx, 16);
  // CHECK-NEXT: {{^}}  v.w += static_cast<const int4 *>(vx)->x + pk.v[0];
  v.w += static_cast<const int4 *>(vx)->x + pk.v[0];
  // Declared in the same statement: inside the cast.
  // CHECK: {{^}}  float *q = y + 4, *r = (float *)reinterpret_cast<float4 *>((CU2HIP_ASSERT_ALIGNED(q, 16), q));
  float *q = y + 4, *r = (float *)reinterpret_cast<float4 *>(q);
  // Side effects or calls in the operand: a note, no check.
  // DIAG: vectorize-casts.cu:[[@LINE+2]]:{{[0-9]+}}: note: vector cast of 'q++': the operand has side effects or calls, so no alignment assertion was added {{.*}}[vectorize]
  // CHECK: {{^}}  *reinterpret_cast<float4 *>(q++) = v;
  *reinterpret_cast<float4 *>(q++) = v;
  // DIAG: vectorize-casts.cu:[[@LINE+2]]:{{[0-9]+}}: note: vector cast of 'next_ptr(x)': the operand has side effects or calls{{.*}}[vectorize]
  // CHECK: {{^}}  v = *reinterpret_cast<const float4 *>(next_ptr(x));
  v = *reinterpret_cast<const float4 *>(next_ptr(x));
  // Inside a lambda body.
  auto put = [&](int k) {
    // CHECK: {{^}}    CU2HIP_ASSERT_ALIGNED(r + 4 * k, 16);
    // CHECK-NEXT: {{^}}    reinterpret_cast<float4 *>(r + 4 * k)[0] = v;
    reinterpret_cast<float4 *>(r + 4 * k)[0] = v;
  };
  put(0);
  // CHECK: {{^}}  y[0] = LOAD4(x).x;
  y[0] = LOAD4(x).x;
  // Not vector pointers: nothing.
  // CHECK: {{^}}  y[1] = *reinterpret_cast<const float *>(vx);
  y[1] = *reinterpret_cast<const float *>(vx);
}

// Host code gets the same check.
void host_view(float *h) {
  // CHECK: {{^}}  CU2HIP_ASSERT_ALIGNED(h, 16);
  // CHECK-NEXT: {{^}}  float4 *hv = reinterpret_cast<float4 *>(h);
  float4 *hv = reinterpret_cast<float4 *>(h);
  hv->x = 1.f;
}
// OFF-NOT: CU2HIP_ASSERT_ALIGNED(
// DIAG-NOT: copy4
// DIAG-NOT: error
