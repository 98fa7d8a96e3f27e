//===- LaunchBoundsRule.cpp - rule "wave-launch-bounds" --------------------===//
//
// CUDA:  __launch_bounds__(256, 2)        (max threads, min blocks per SM)
// HIP:   __launch_bounds__(256)
// Why: HIP reads the second argument as the minimum number of waves per
// execution unit, not blocks per multiprocessor; passing the CUDA value
// over-constrains registers (catalogue row 26; ROCm/hip#2521, #3167,
// rocm-systems#646). The argument is dropped, with a warning that says what
// it was, so a user can tune amdgpu_waves_per_eu by hand.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

namespace cu2hip {
namespace {

class LaunchBoundsRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-launch-bounds", IdKind::Edit, "__launch_bounds__ minimum-blocks argument dropped"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 0; I < T.size(); ++I) {
      if (!T[I].isIdent("__launch_bounds__") || isMacroNameBeingDefined(C, I))
        continue;
      auto Args = callArgs(C, I);
      if (!Args || Args->Args.size() < 2)
        continue;
      const auto &A0 = Args->Args[0];
      unsigned From = T[A0.Last].end();
      unsigned To = T[Args->RParen].Offset;
      std::string Dropped = T.text(Args->Args[1].First, Args->Args.back().Last).str();
      C.Edits.add({From, To - From, "", id().str()});
      C.report(id(), Severity::Warning, T[I].Offset,
               "dropped the minimum-blocks argument '" + Dropped +
                   "': HIP reads it as minimum waves per execution unit",
               "if occupancy matters, add "
               "__attribute__((amdgpu_waves_per_eu(N))) with N = blocks * "
               "threads / (wave size * 4)");
    }
  }
};

} // namespace

std::unique_ptr<Rule> createLaunchBoundsRule() {
  return std::make_unique<LaunchBoundsRule>();
}

} // namespace cu2hip
