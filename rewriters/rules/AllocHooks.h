//===- AllocHooks.h - allocation calls owned by the alloc-hooks rule ------===//
#ifndef CU2HIP_RULES_ALLOCHOOKS_H
#define CU2HIP_RULES_ALLOCHOOKS_H

#include "cu2hip/Rule.h"

namespace cu2hip {

/// The cu2hip runtime hook (<cu2hip/alloc.h>) that replaces a CUDA
/// allocation API, e.g. "cu2hip::hipMalloc" for "cudaMalloc"; "" if none.
llvm::StringRef allocHookFor(llvm::StringRef CudaName);

/// True when --alloc-hooks is on and the identifier at token `I` is a call
/// the alloc-hooks rule rewrites; the names rule then leaves that token to it.
bool isAllocHookCall(const FileContext &C, size_t I);

} // namespace cu2hip

#endif
