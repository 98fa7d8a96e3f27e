//===- CudaArchGate.h - `__CUDA_ARCH__ >= N` feature gates on AMD ----------===//
#ifndef CU2HIP_RULES_CUDAARCHGATE_H
#define CU2HIP_RULES_CUDAARCHGATE_H

#include "RuleUtil.h"

namespace cu2hip {

/// Index of the `#` that starts the directive holding token `I`, or npos.
size_t directiveStart(const TokenStream &T, size_t I);

/// The directive name after the `#` at `H` ("if", "elif", "endif", ...).
llvm::StringRef directiveName(const TokenStream &T, size_t H);

/// [Begin, End) token range of the #if chain whose `#if`/`#elif` starts at
/// `H`: from the chain's #if to its #endif (nested chains included).
std::pair<size_t, size_t> chainRange(const TokenStream &T, size_t H);

/// Does the chain [Begin, End) (chainRange) have an #else or #elif of its
/// own (nested chains' do not count)?
bool chainHasElse(const TokenStream &T, size_t Begin, size_t End);

/// What in tokens [Begin, End) the port cannot compile for AMD: "inline
/// PTX" (asm), "WMMA (nvcuda::wmma)", or a name the maps mark unsupported;
/// "" when nothing. Tokens at offsets where `Fenced` is true do not count.
std::string archBlocker(const TokenStream &T, const MapTable &Maps, size_t Begin, size_t End,
                        llvm::function_ref<bool(unsigned)> Fenced);

/// Ports the numeric use of __CUDA_ARCH__ at token `I` (not in `defined`):
/// to CU2HIP_CUDA_ARCH (cu2hip/arch.h, edit under `RuleId`, note
/// cuda-arch-gate or warning cuda-arch-nvidia-only once per directive line,
/// recorded in `Noted`), or kept with warning cuda-arch-version when its #if
/// chain holds code the port cannot compile for AMD (CudaArchGate.cpp); the
/// PTX-holding definitions rule cuda-arch-ptx-fence fenced off do not count.
void portCudaArchGate(FileContext &C, llvm::StringRef RuleId, size_t I,
                      llvm::SmallVectorImpl<size_t> &Noted);

} // namespace cu2hip

#endif
