#include "RuleUtil.h"

using namespace clang;

namespace cu2hip {

std::optional<ArgList> callArgs(const FileContext &C, size_t I) {
  if (I + 1 >= C.Toks.size() || !C.Toks[I + 1].is(tok::l_paren))
    return std::nullopt;
  return C.Toks.parseArgs(I + 1);
}

void wrapArg(FileContext &C, llvm::StringRef Rule, const ArgList::Arg &A,
             llvm::StringRef Open, llvm::StringRef Close) {
  if (A.First > A.Last)
    return;
  C.insert(Rule, A.First, Open);
  C.insert(Rule, A.Last, Close, /*After=*/true);
}

bool isMacroNameBeingDefined(const FileContext &C, size_t I) {
  return I >= 2 && C.Toks[I].InDirective && C.Toks[I - 1].isIdent("define") &&
         C.Toks[I - 2].is(tok::hash);
}

bool inIncludeDirective(const FileContext &C, size_t I) {
  if (!C.Toks[I].InDirective)
    return false;
  size_t J = I;
  while (J > 0 && !C.Toks[J].StartOfLine)
    --J;
  return J + 1 < C.Toks.size() && C.Toks[J].is(tok::hash) &&
         (C.Toks[J + 1].isIdent("include") || C.Toks[J + 1].isIdent("include_next") ||
          C.Toks[J + 1].isIdent("import"));
}

} // namespace cu2hip
