//===- WaveCubWidthRule.cpp - rule "wave-cub-width" -----------------------===//
//
// CUDA:  cub::WarpReduce<float>            (32 lanes)
// HIP:   hipcub::WarpReduce<float, 32>
// Why: hipCUB's default logical warp is the hardware wavefront (64 on CDNA),
// so 32-thread groups get wrong sums or zeros (catalogue row 19; hipCUB#122,
// ROCm/bitsandbytes#93). Applies to WarpReduce, WarpScan, WarpExchange,
// WarpLoad, WarpStore (whose 2nd/3rd parameter is the logical warp size).
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cu2hip {
namespace {

class WaveCubWidthRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-cub-width", IdKind::Edit, "cub::WarpReduce/WarpScan given logical width 32"},
    };
    return Ids;
  }

  bool enabled(const Options &O) const override { return O.Wave != WaveMode::Keep; }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 2; I + 1 < T.size(); ++I) {
      // Number of template arguments before the logical-warp parameter.
      unsigned Before = llvm::StringSwitch<unsigned>(T[I].Text)
                            .Cases("WarpReduce", "WarpScan", 1)
                            .Default(0);
      if (!T[I].isIdent() || !Before || !T[I + 1].is(tok::less))
        continue;
      if (!(T[I - 1].is(tok::coloncolon) &&
            (T[I - 2].isIdent("cub") || T[I - 2].isIdent("hipcub"))))
        continue;
      // Find the matching '>' of the template argument list.
      int Depth = 0;
      size_t J = I + 1, Commas = 0, Close = 0;
      for (; J < T.size(); ++J) {
        if (T[J].is(tok::less) || T[J].is(tok::l_paren))
          ++Depth;
        else if (T[J].is(tok::greater) || T[J].is(tok::r_paren)) {
          if (--Depth == 0) {
            Close = J;
            break;
          }
        } else if (T[J].is(tok::greatergreater)) {
          Depth -= 2;
          if (Depth <= 0) {
            Close = J;
            break;
          }
        } else if (T[J].is(tok::comma) && Depth == 1)
          ++Commas;
        else if (T[J].is(tok::semi))
          break;
      }
      if (!Close || Commas + 1 != Before)
        continue;
      if (T[Close].is(tok::greatergreater)) {
        // `WarpReduce<vec<float>>`: insert inside the outer '>'.
        C.insertAtOffset(id(), T[Close].Offset + 1, ", 32");
      } else
        C.insert(id(), Close, ", 32");
    }
  }
};

} // namespace

std::unique_ptr<Rule> createWaveCubWidthRule() {
  return std::make_unique<WaveCubWidthRule>();
}

} // namespace cu2hip
