//===- RegisterStorageRule.cpp - rule "register-storage" ------------------===//
//
// CUDA:  register unsigned long long start = clock64(), now;
// HIP:   unsigned long long start = clock64(), now;
// C++17 removed the `register` storage class ([diff.cpp14.dcl.dcl]). nvcc 13
// (C++17 by default) only warns; clang (hipcc) rejects it by default ("ISO
// C++17 does not allow 'register' storage class specifier", -Wregister, an
// error). The keyword has had no effect on code generation for decades, so
// it is dropped, with a note. Decided by the parse: a variable or parameter
// whose storage class is SC_Register (clang keeps the declaration after the
// diagnostic); the keyword is the `register` token between the
// declaration's start and its name. Declarations spelled in macros are left
// with a note saying so.
//===----------------------------------------------------------------------===//
#include "cu2hip/AstRule.h"
#include "clang/AST/Decl.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <optional>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace cu2hip {
namespace {

/// The `register` keyword token of `VD`, found by raw lexing from the
/// declaration's start (its decl-specifiers) up to its name; std::nullopt
/// when either end is in a macro or no such token is there.
std::optional<Token> registerKeyword(const VarDecl &VD, const SourceManager &SM,
                                     const LangOptions &LO) {
  SourceLocation B = VD.getBeginLoc(), Name = VD.getLocation();
  if (B.isInvalid() || !B.isFileID() || !Name.isFileID() ||
      SM.getFileID(B) != SM.getFileID(Name))
    return std::nullopt;
  unsigned End = SM.getFileOffset(Name);
  for (SourceLocation L = B; L.isValid() && SM.getFileOffset(L) < End;) {
    Token T;
    if (Lexer::getRawToken(L, T, SM, LO, /*IgnoreWhiteSpace=*/true))
      return std::nullopt;
    if (T.is(tok::raw_identifier) && T.getRawIdentifier() == "register")
      return T;
    if (T.is(tok::eof))
      return std::nullopt;
    L = T.getEndLoc();
  }
  return std::nullopt;
}

class RegisterStorageRule : public AstRule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"register-storage", IdKind::Edit,
         "`register` storage class (C++17 has none; clang rejects it): keyword dropped"},
    };
    return Ids;
  }

  void registerMatchers(MatchFinder &F) override {
    F.addMatcher(varDecl().bind("v"), this);
  }

  void check(const MatchFinder::MatchResult &R) override {
    const auto *VD = R.Nodes.getNodeAs<VarDecl>("v");
    if (!VD || VD->getStorageClass() != SC_Register)
      return;
    const SourceManager &SM = *R.SourceManager;
    const LangOptions &LO = R.Context->getLangOpts();
    std::optional<Token> Kw = registerKeyword(*VD, SM, LO);
    if (!Kw) {
      SourceLocation At = SM.getExpansionLoc(VD->getBeginLoc());
      if (Seen.insert(At).second)
        ctx().report(id(), Severity::Note, At,
                     "'register' storage class spelled in a macro: kept (C++17 has none; "
                     "clang rejects it)",
                     "drop 'register' from the macro");
      return;
    }
    if (!Seen.insert(Kw->getLocation()).second)
      return; // another declarator of the list, or another instantiation
    // The keyword and the blanks after it.
    SourceLocation Next = Lexer::findNextToken(Kw->getLocation(), SM, LO)
                              .value_or(*Kw)
                              .getLocation();
    if (Next == Kw->getLocation())
      Next = Kw->getEndLoc();
    if (ctx().replace(id(), CharSourceRange::getCharRange(Kw->getLocation(), Next), ""))
      ctx().report(id(), Severity::Note, Kw->getLocation(),
                   "'register' dropped: C++17 has no register storage class (nvcc warns, "
                   "clang rejects it); it never changed code generation");
  }

private:
  std::set<SourceLocation> Seen;
};

} // namespace

std::unique_ptr<AstRule> createRegisterStorageRule() {
  return std::make_unique<RegisterStorageRule>();
}

} // namespace cu2hip
