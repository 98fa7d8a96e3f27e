//===- CudaMacrosRule.cpp - rule "cuda-macros": compiler identification ---===//
//
// CUDA:  #ifdef __CUDA_ARCH__        HIP: #ifdef __HIP_DEVICE_COMPILE__
//        #ifdef __CUDACC__                 #ifdef __HIPCC__
// `__CUDA_ARCH__` used as a number (`__CUDA_ARCH__ >= 800`) gates a CUDA
// feature: it becomes CU2HIP_CUDA_ARCH, the level of the features the port
// has on each gfx target (CudaArchGate.cpp, cu2hip/arch.h), or is kept with
// finding cuda-arch-version where its #if chain cannot compile for AMD.
//===----------------------------------------------------------------------===//
#include "CudaArchGate.h"
#include "RuleUtil.h"

using namespace clang;

namespace cu2hip {
namespace {

class CudaArchRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"cuda-macros", IdKind::Edit, "__CUDA_ARCH__/__CUDACC__ tests to HIP's macros"},
        {"cuda-arch-version", IdKind::Warning,
         "__CUDA_ARCH__ compared as a number in an #if chain the port cannot compile"},
        {"cuda-arch-gate", IdKind::Note,
         "__CUDA_ARCH__ compared as a number -> CU2HIP_CUDA_ARCH, the target's level"},
        {"cuda-arch-nvidia-only", IdKind::Warning,
         "__CUDA_ARCH__ gate no AMD target passes (sm_90 features)"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    llvm::SmallVector<size_t, 8> Noted;
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
      portCudaArchGate(C, id(), I, Noted);
    }
  }
};

} // namespace

std::unique_ptr<Rule> createCudaArchRule() { return std::make_unique<CudaArchRule>(); }

} // namespace cu2hip
