//===- LaunchSpacedRule.cpp - rule "launch-spaced" -------------------------===//
//
// CUDA:  kernel<< <grid, block>> >(args);
// HIP:   kernel<<<grid, block>>>(args);
// nvcc accepts launch brackets split by spaces (`<< <`, `>> >`); clang
// (hipcc) does not ("expected expression"). Each split bracket of a launch
// (an opening `<< <` whose matching `>> >` or `>>>` is followed by `(`) is
// written as one token. Context-free, so a token rule: macro bodies and
// inactive branches alike.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

using namespace clang;

namespace cu2hip {
namespace {

class LaunchSpacedRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"launch-spaced", IdKind::Edit, "launch brackets split by spaces (`<< <`, `>> >`) joined"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 0; I + 1 < T.size(); ++I) {
      bool SplitOpen = T[I].is(tok::lessless) && T[I + 1].is(tok::less);
      if (!SplitOpen && !T[I].is(tok::lesslessless))
        continue;
      size_t First = SplitOpen ? I + 2 : I + 1;
      auto Close = findClose(T, First);
      if (!Close || (!SplitOpen && !Close->second))
        continue;
      if (SplitOpen)
        C.replaceTokens(id(), I, I + 1, "<<<");
      if (Close->second)
        C.replaceTokens(id(), Close->first, Close->first + 1, ">>>");
      ++C.Stats.EditsPerRule[id()];
      I = Close->first;
    }
  }

private:
  /// The closing bracket of a launch configuration starting at token `I`:
  /// its first token and whether it is split (`>> >`); it must be followed
  /// by `(`. Parentheses, brackets and braces inside are skipped.
  static std::optional<std::pair<size_t, bool>> findClose(const TokenStream &T, size_t I) {
    int Depth = 0;
    for (size_t J = I; J + 1 < T.size(); ++J) {
      if (T[J].is(tok::l_paren) || T[J].is(tok::l_square) || T[J].is(tok::l_brace))
        ++Depth;
      else if (T[J].is(tok::r_paren) || T[J].is(tok::r_square) || T[J].is(tok::r_brace)) {
        if (--Depth < 0)
          return std::nullopt;
      } else if (T[J].is(tok::semi))
        return std::nullopt;
      else if (Depth == 0 && T[J].is(tok::greatergreatergreater))
        return J + 1 < T.size() && T[J + 1].is(tok::l_paren)
                   ? std::optional<std::pair<size_t, bool>>({J, false})
                   : std::nullopt;
      else if (Depth == 0 && T[J].is(tok::greatergreater) && T[J + 1].is(tok::greater))
        return J + 2 < T.size() && T[J + 2].is(tok::l_paren)
                   ? std::optional<std::pair<size_t, bool>>({J, true})
                   : std::nullopt;
    }
    return std::nullopt;
  }
};

} // namespace

std::unique_ptr<Rule> createLaunchSpacedRule() { return std::make_unique<LaunchSpacedRule>(); }

} // namespace cu2hip
