//===- WaveBlockSizeRule.cpp - rule "wave-block-size" ---------------------===//
//
// Finding: a launch `k<<<g, 32>>>` (or `32 * n`, `n * 32`, `dim3(32)`
// threads per block) leaves half of every wave64 wavefront empty on CDNA
// (catalogue row 25, docs/wave64.md A.2). The block size is read from the
// launch's spelling: it is launch syntax, the same in every branch.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

using namespace clang;

namespace cu2hip {
namespace {

class WaveBlockSizeRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-block-size", IdKind::Note, "32-thread blocks leave wave64 half empty"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 0; I < T.size(); ++I) {
      if (!T[I].is(tok::lesslessless))
        continue;
      auto Conf = T.parseList(I);
      if (!Conf || Conf->Args.size() < 2)
        continue;
      const auto &B = Conf->Args[1];
      llvm::StringRef Text = T.argText(B);
      bool ThirtyTwo = Text == "32" || Text.startswith("32 *") || Text.startswith("32*") ||
                       Text.endswith("* 32") || Text.endswith("*32") || Text == "dim3(32)";
      if (ThirtyTwo)
        C.report(id(), Severity::Note, T[B.First].Offset,
                 "blocks of 32 threads (or multiples of 32 that are not "
                 "multiples of 64) leave wave64 wavefronts half empty on CDNA",
                 "prefer block sizes that are multiples of 64");
    }
  }
};

} // namespace

std::unique_ptr<Rule> createWaveBlockSizeRule() {
  return std::make_unique<WaveBlockSizeRule>();
}

} // namespace cu2hip
