//===- LaunchSpacedRule.cpp - rule "launch-spaced" -------------------------===//
//
// CUDA:  kernel<< <grid, block>> >(args);
// HIP:   kernel<<<grid, block>>>(args);
// nvcc accepts launch brackets split by spaces (`<< <`, `>> >`); clang
// (hipcc) does not ("expected expression"). Each split bracket of a launch
// (an opening `<< <` whose matching `>> >` or `>>>` is followed by `(`) is
// written as one token. Context-free, so a token rule: macro bodies and
// inactive branches alike.
//
// Rule "launch-braced" (same pass): a braced list as the grid or block
// argument, `k<<<grid, {bx, by, 1}, 0, s>>>(x)`, initialises the dim3
// parameter under nvcc; clang's launch parser takes expressions only
// ("expected expression"). The list becomes `dim3(bx, by, 1)`.
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
        {"launch-braced", IdKind::Edit, "braced grid/block list of a launch written as dim3(...)"},
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
      if (!Close)
        continue;
      if (SplitOpen)
        C.replaceTokens(id(), I, I + 1, "<<<");
      if (Close->second)
        C.replaceTokens(id(), Close->first, Close->first + 1, ">>>");
      if (SplitOpen || Close->second)
        ++C.Stats.EditsPerRule[id()];
      bracedToDim3(C, First, Close->first);
      I = Close->first;
    }
  }

private:
  /// Rewrites each braced list that forms the whole grid (first) or block
  /// (second) argument of the launch configuration in tokens [First, Close)
  /// as `dim3(...)`: its `{` becomes `dim3(` and its matching `}` `)`.
  void bracedToDim3(FileContext &C, size_t First, size_t Close) {
    const auto &T = C.Toks;
    int Depth = 0;
    unsigned Arg = 0;
    bool ArgStart = true;
    std::optional<size_t> Open;
    for (size_t J = First; J < Close; ++J) {
      bool Opens = T[J].is(tok::l_paren) || T[J].is(tok::l_square) || T[J].is(tok::l_brace);
      bool Closes = T[J].is(tok::r_paren) || T[J].is(tok::r_square) || T[J].is(tok::r_brace);
      if (Depth == 0 && ArgStart && Arg < 2 && T[J].is(tok::l_brace))
        Open = J;
      ArgStart = false;
      if (Opens)
        ++Depth;
      else if (Closes && --Depth == 0 && Open && T[J].is(tok::r_brace)) {
        // Only a list that is the whole argument: `,` or the close follows.
        if (J + 1 == Close || T[J + 1].is(tok::comma)) {
          C.replaceTokens(braced(), *Open, *Open, "dim3(");
          C.replaceTokens(braced(), J, J, ")");
          ++C.Stats.EditsPerRule[braced()];
        }
        Open.reset();
      } else if (Depth == 0 && T[J].is(tok::comma)) {
        ++Arg;
        ArgStart = true;
        Open.reset();
      }
    }
  }
  static llvm::StringRef braced() { return "launch-braced"; }

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
