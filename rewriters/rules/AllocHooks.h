//===- AllocHooks.h - allocation calls owned by the alloc-hooks rule ------===//
#ifndef CU2HIP_RULES_ALLOCHOOKS_H
#define CU2HIP_RULES_ALLOCHOOKS_H

#include "cu2hip/Rule.h"

namespace cu2hip {

/// True when --alloc-hooks is on and the identifier at token `I` is a call
/// the alloc-hooks rule rewrites; the names rule then leaves that token to it.
bool isAllocHookCall(const FileContext &C, size_t I);

} // namespace cu2hip

#endif
