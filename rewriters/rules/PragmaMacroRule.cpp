//===- PragmaMacroRule.cpp - rule "pragma-macro" --------------------------===//
//
// CUDA:  #define PRAGMA_UNROLL #pragma unroll
// HIP:   #define PRAGMA_UNROLL _Pragma("unroll")
// nvcc's front end accepts a `#pragma` line produced by a macro expansion;
// clang does not: in a macro body `#` is the stringizing operator (an error
// in a function-like macro, "'#' is not followed by a macro parameter"), and
// in an object-like one the expansion leaves `# pragma unroll` in the code
// ("expected expression" at the use). C99/C++11's operator form
// `_Pragma("X")` ([cpp.pragma.op]) means the same to both compilers. The
// pragma runs to the end of the directive, so everything after `#pragma` in
// the body becomes the string, with `\` and `"` escaped and line
// continuations joined. A function-like macro whose pragma text names one of
// its parameters is left with a warning: a string literal cannot take the
// argument. Macro bodies are not parsed, so a token rule: it applies alike
// in inactive branches.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace cu2hip {
namespace {

/// `Text` as the body of a C string literal: `\` and `"` escaped, line
/// continuations (backslash-newline) and the blanks around them joined into
/// one space.
std::string pragmaString(llvm::StringRef Text) {
  std::string S;
  for (size_t I = 0; I < Text.size(); ++I) {
    char Ch = Text[I];
    if (Ch == '\\') {
      size_t J = I + 1;
      while (J < Text.size() && (Text[J] == ' ' || Text[J] == '\t' || Text[J] == '\r'))
        ++J;
      if (J < Text.size() && Text[J] == '\n') { // a continuation
        while (!S.empty() && (S.back() == ' ' || S.back() == '\t'))
          S.pop_back();
        S += ' ';
        I = J;
        while (I + 1 < Text.size() && (Text[I + 1] == ' ' || Text[I + 1] == '\t'))
          ++I;
        continue;
      }
    }
    if (Ch == '\\' || Ch == '"')
      S += '\\';
    S += Ch;
  }
  return S;
}

class PragmaMacroRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"pragma-macro", IdKind::Edit,
         "`#pragma X` in a macro body (nvcc only) written as `_Pragma(\"X\")`"},
        {"pragma-macro-param", IdKind::Warning,
         "`#pragma` in a function-like macro body naming a parameter: kept"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 0; I + 2 < T.size(); ++I) {
      if (!T[I].StartOfLine || !T[I].InDirective || !T[I].is(tok::hash) ||
          !T[I + 1].isIdent("define") || !T[I + 2].isIdent())
        continue;
      I = rewriteDefine(C, I + 2);
    }
  }

private:
  /// Rewrites a `#pragma` in the body of the #define whose name is token
  /// `Name`. Returns the last token of the directive.
  size_t rewriteDefine(FileContext &C, size_t Name) {
    const auto &T = C.Toks;
    size_t End = Name; // last token of the directive
    while (End + 1 < T.size() && T[End + 1].InDirective && !T[End + 1].StartOfLine)
      ++End;
    llvm::StringSet<> Params;
    size_t Body = Name + 1;
    if (Body <= End && T[Body].is(tok::l_paren) && T[Body].Offset == T[Name].end()) {
      for (; Body <= End && !T[Body].is(tok::r_paren); ++Body)
        if (T[Body].isIdent())
          Params.insert(T[Body].Text);
      ++Body;
    }
    for (size_t J = Body; J + 1 <= End; ++J) {
      if (!T[J].is(tok::hash) || !T[J + 1].isIdent("pragma"))
        continue;
      for (size_t K = J + 2; K <= End; ++K)
        if (T[K].isIdent() && Params.count(T[K].Text)) {
          C.report("pragma-macro-param", Severity::Warning, T[J].Offset,
                   "'#pragma' in the body of macro '" + T[Name].Text.str() +
                       "' names its parameter '" + T[K].Text.str() +
                       "': clang rejects '#' before 'pragma' in a macro body, and "
                       "_Pragma(\"...\") cannot take the argument; kept",
                   "write the body as _Pragma(...) of a stringized parameter, e.g. "
                   "#define P(x) _Pragma(#x)");
          return End;
        }
      std::string Text =
          J + 2 <= End ? pragmaString(T.text(J + 2, End)) : std::string();
      C.replaceTokens(id(), J, End, ("_Pragma(\"" + Text + "\")"));
      ++C.Stats.EditsPerRule[id()];
      return End;
    }
    return End;
  }
};

} // namespace

std::unique_ptr<Rule> createPragmaMacroRule() { return std::make_unique<PragmaMacroRule>(); }

} // namespace cu2hip
