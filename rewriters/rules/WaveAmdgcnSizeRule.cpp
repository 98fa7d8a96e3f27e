//===- WaveAmdgcnSizeRule.cpp - rule "wave-amdgcn-size" -------------------===//
//
// CUDA/HIP: n = __AMDGCN_WAVEFRONT_SIZE;
// HIP:      n = cu2hip::device_wave_size();
// __AMDGCN_WAVEFRONT_SIZE(__) is deprecated and removed from current Clang
// (catalogue row 18, docs/wave64.md A.2). In code it becomes the runtime
// helper; in a preprocessor condition, where no function can stand, it is
// reported (it has no value in the host pass).
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

namespace cu2hip {
namespace {

class WaveAmdgcnSizeRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-amdgcn-size", IdKind::Edit, "__AMDGCN_WAVEFRONT_SIZE to cu2hip::device_wave_size()"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 0; I < T.size(); ++I) {
      const Tok &K = T[I];
      if (!K.isIdent("__AMDGCN_WAVEFRONT_SIZE") && !K.isIdent("__AMDGCN_WAVEFRONT_SIZE__"))
        continue;
      if (K.InDirective)
        C.report(id(), Severity::Warning, K.Offset,
                 "__AMDGCN_WAVEFRONT_SIZE is deprecated and removed from current "
                 "Clang; it has no value in the host pass",
                 "use cu2hip::device_wave_size() in device code, or test __GFX9__");
      else if (C.Opts.Wave != WaveMode::Keep) {
        C.replaceTokens(id(), I, I, "cu2hip::device_wave_size()");
        C.requestHeader("cu2hip/wave.h");
      }
    }
  }
};

} // namespace

std::unique_ptr<Rule> createWaveAmdgcnSizeRule() {
  return std::make_unique<WaveAmdgcnSizeRule>();
}

} // namespace cu2hip
