//===- CudaArchGate.h - `__CUDA_ARCH__ >= N` feature gates on AMD ----------===//
#ifndef CU2HIP_RULES_CUDAARCHGATE_H
#define CU2HIP_RULES_CUDAARCHGATE_H

#include "RuleUtil.h"

namespace cu2hip {

/// Ports the numeric use of __CUDA_ARCH__ at token `I` (not in `defined`):
/// to CU2HIP_CUDA_ARCH (cu2hip/arch.h, edit under `RuleId`, note
/// cuda-arch-gate or warning cuda-arch-nvidia-only once per directive line,
/// recorded in `Noted`), or kept with warning cuda-arch-version when its #if
/// chain holds code the port cannot compile for AMD (CudaArchGate.cpp).
void portCudaArchGate(FileContext &C, llvm::StringRef RuleId, size_t I,
                      llvm::SmallVectorImpl<size_t> &Noted);

} // namespace cu2hip

#endif
