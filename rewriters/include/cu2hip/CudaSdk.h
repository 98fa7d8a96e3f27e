//===- CudaSdk.h - where the installed CUDA SDK is -*- C++ -*-===//
//
// One rule for "is this directory a CUDA SDK", used by the parses
// (findCudaPath) and by `cu2hip doctor` and --cuda-path's warning
// (whyNotCudaSdk): Clang 16's CUDA detection takes a directory with
// include/cuda_runtime.h and a bin/ directory; without bin/ it ignores the
// SDK and a parse has no CUDA.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_CUDASDK_H
#define CU2HIP_CUDASDK_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace cu2hip {

/// Why the directory `Dir` is no CUDA SDK that Clang's CUDA detection takes:
/// "it does not exist", "it is not a directory", or what it lacks; "" when
/// it is one.
std::string whyNotCudaSdk(llvm::StringRef Dir);

/// Finds the CUDA SDK: `Explicit`, then $CUDA_PATH, then /usr/local/cuda.
/// Returns "" when none is one (whyNotCudaSdk), e.g. a copy of include/
/// alone.
std::string findCudaPath(llvm::StringRef Explicit);

} // namespace cu2hip

#endif
