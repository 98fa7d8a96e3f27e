//===- ParseCompat.h - parse-only declarations nvcc's headers provide -----===//
//
// Clang 16 parses CUDA against the CUDA SDK through its own wrapper
// (__clang_cuda_runtime_wrapper.h), which keeps several SDK headers out and
// replaces them only in part. Code that nvcc accepts then fails to
// type-check: __ldcs on int4, cooperative groups' reductions on sm_80,
// isfinite/max/clock in host code. Every parse force-includes the header
// below (after the wrapper), so those kernels get typed facts like the rest.
//
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_PARSECOMPAT_H
#define CU2HIP_PARSECOMPAT_H

#include "llvm/ADT/StringRef.h"

namespace cu2hip {

/// File name of the parse-compat header inside compatDir().
llvm::StringRef parseCompatHeaderName();

/// Text of the parse-compat header: a system header of declarations and
/// standard includes, each group with the CUDA header that makes it visible
/// under nvcc; guarded by include guard, language, CUDA_VERSION and
/// __CUDA_ARCH__ as the SDK declares them. Only for Clang's parse: it
/// never reaches a ported file.
llvm::StringRef parseCompatHeader();

} // namespace cu2hip

#endif
