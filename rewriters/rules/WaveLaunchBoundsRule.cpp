//===- WaveLaunchBoundsRule.cpp - rule "wave-launch-bounds" ---------------===//
//
// CUDA:  __launch_bounds__(256, 2)        (max threads, min blocks per SM)
// HIP:   __launch_bounds__(256, CU2HIP_WAVES_PER_EU(256, 2))   <cu2hip/launch.h>
// Why: HIP reads the second argument as the minimum number of waves per
// execution unit, not blocks per multiprocessor; passing the CUDA value
// over-constrains registers (catalogue row 26; case 25; ROCm/hip#2521,
// #3167, rocm-systems#646). CU2HIP_WAVES_PER_EU computes, per
// device-compilation target, the waves per EU that `min blocks` blocks need
// (wave size, EUs per CU and the target's maximum: cu2hip/launch.h). A third
// argument (CUDA 12 maxBlocksPerCluster) has no HIP meaning and is dropped
// with a warning.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

namespace cu2hip {
namespace {

class LaunchBoundsRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-launch-bounds", IdKind::Edit, "__launch_bounds__ minimum blocks turned into waves per EU for the target"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 0; I < T.size(); ++I) {
      if (!T[I].isIdent("__launch_bounds__") || isMacroNameBeingDefined(C, I))
        continue;
      // An attribute after the declaration's type, not a call: its
      // arguments are read as they are (callArgs refuses declarators).
      if (I + 1 >= T.size() || !T[I + 1].is(clang::tok::l_paren))
        continue;
      auto Args = T.parseArgs(I + 1);
      if (!Args || Args->Args.size() < 2)
        continue;
      const auto &A0 = Args->Args[0], &A1 = Args->Args[1];
      if (A0.First > A0.Last || A1.First > A1.Last)
        continue;
      if (T.argText(A1).startswith("CU2HIP_WAVES_PER_EU"))
        continue; // already ported
      if (Args->Args.size() > 2) {
        unsigned From = T[A1.Last].end(), To = T[Args->RParen].Offset;
        C.Edits.add({From, To - From, "", id().str()});
        C.report(id(), Severity::Warning, T[I].Offset,
                 "dropped the maximum-blocks-per-cluster argument '" +
                     T.text(Args->Args[2].First, Args->Args.back().Last).str() +
                     "': HIP has no thread block clusters");
      }
      wrapArg(C, id(), A1, ("CU2HIP_WAVES_PER_EU(" + T.argText(A0) + ", ").str(), ")");
      C.requestHeader("cu2hip/launch.h");
      C.report(id(), Severity::Note, T[I].Offset,
               "minimum blocks '" + T.argText(A1).str() +
                   "' per multiprocessor becomes waves per execution unit for each target "
                   "(CU2HIP_WAVES_PER_EU, cu2hip/launch.h): HIP reads the second argument "
                   "as waves per EU");
    }
  }
};

} // namespace

std::unique_ptr<Rule> createLaunchBoundsRule() {
  return std::make_unique<LaunchBoundsRule>();
}

} // namespace cu2hip
