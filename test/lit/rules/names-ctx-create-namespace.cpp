// cuda.h spells cuCtxCreate as a macro (`#define cuCtxCreate cuCtxCreate_v4`),
// so a user's own cuCtxCreate in a namespace is that namespace's
// cuCtxCreate_v4. The names rule decides each use by the declaration the
// macro's name reaches: the global CUDA function (qualified `::cuCtxCreate`,
// also after `return`) is ported, the user's function is kept, with a note.
// RUN: %cu2hip %s -o - --no-summary 2>%t.err | %strip | FileCheck %s
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// RUN: %cu2hip %s -o - --no-summary --cuda-path=%t.none 2>/dev/null | %strip | FileCheck %s
// COMPILE-CHECK: rocm72
#include <cuda.h>

namespace mine {
// CHECK: hipError_t cuCtxCreate(hipCtx_t *ctx, unsigned flags, hipDevice_t dev);
CUresult cuCtxCreate(CUcontext *ctx, unsigned flags, CUdevice dev);

CUresult make(CUcontext *ctx, CUdevice dev) {
  // CHECK: hipError_t a = ::cu2hip::ctx_create(ctx, NULL, 0, dev);
  CUresult a = ::cuCtxCreate(ctx, NULL, 0, dev);
  // CHECK-NEXT: hipError_t b = cuCtxCreate(ctx, 0, dev);
  CUresult b = cuCtxCreate(ctx, 0, dev);
  if (a != CUDA_SUCCESS || b != CUDA_SUCCESS)
    return a;
  // CHECK: return ::cu2hip::ctx_create(ctx, NULL, 0, dev);
  return ::cuCtxCreate(ctx, NULL, 0, dev);
}
} // namespace mine

// DIAG: names-ctx-create-namespace.cpp:14:10: note: 'cuCtxCreate' is declared by the user{{.*}}[names-shadowed]
