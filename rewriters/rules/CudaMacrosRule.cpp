//===- CudaArchRule.cpp - rule "cuda-macros": compiler identification -----===//
//
// CUDA:  #ifdef __CUDA_ARCH__        HIP: #ifdef __HIP_DEVICE_COMPILE__
//        #ifdef __CUDACC__                 #ifdef __HIPCC__
// `__CUDA_ARCH__` used as a number (`__CUDA_ARCH__ >= 800`) selects NVIDIA
// architectures and has no AMD meaning: finding cuda-arch-version, kept as
// written (on AMD the macro is undefined, so such code takes the fallback).
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

using namespace clang;

namespace cu2hip {
namespace {

class CudaArchRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"cuda-macros", IdKind::Edit, "__CUDA_ARCH__/__CUDACC__ tests to HIP's macros"},
        {"cuda-arch-version", IdKind::Warning, "__CUDA_ARCH__ compared as a number"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 0; I < T.size(); ++I) {
      if (!T[I].isIdent())
        continue;
      llvm::StringRef N = T[I].Text;
      if (N == "__CUDACC__" || N == "__NVCC__") {
        if (!isMacroNameBeingDefined(C, I))
          C.replaceTokens(id(), I, I, "__HIPCC__");
        continue;
      }
      if (N != "__CUDA_ARCH__" || isMacroNameBeingDefined(C, I))
        continue;
      bool Defined = false;
      if (I >= 1 && (T[I - 1].isIdent("ifdef") || T[I - 1].isIdent("ifndef") ||
                     T[I - 1].isIdent("defined")))
        Defined = true;
      if (I >= 2 && T[I - 1].is(tok::l_paren) && T[I - 2].isIdent("defined"))
        Defined = true;
      if (Defined) {
        C.replaceTokens(id(), I, I, "__HIP_DEVICE_COMPILE__");
        continue;
      }
      C.report("cuda-arch-version", Severity::Warning, T[I].Offset,
               "__CUDA_ARCH__ compared as a number selects NVIDIA "
               "architectures; it is undefined on AMD, so the fallback branch "
               "is taken",
               "test __HIP_DEVICE_COMPILE__ and AMD feature macros (e.g. "
               "__gfx942__) instead");
    }
  }
};

} // namespace

std::unique_ptr<Rule> createCudaArchRule() { return std::make_unique<CudaArchRule>(); }

} // namespace cu2hip
