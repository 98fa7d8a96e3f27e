//===- VectorBraceInitRule.cpp - rule "vector-brace-init" -----------------===//
//
// CUDA:  float4 p = {x, y, z};          return {a, b, c};  (T = float4)
// HIP:   float4 p = {x, y, z, 0.0f};    return {a, b, c, 0.0f};
// CUDA's vector types are aggregates (vector_types.h: `struct float4 { float
// x, y, z, w; }`), so a braced list with fewer elements leaves the others
// zero. HIP's (HIP_vector_type, amd_hip_vector_types.h, ROCm 7.2) have a
// variadic constructor that wants exactly one value per member ("no
// matching constructor ... requirement 'sizeof...(Us) == 4U'") and a
// one-value constructor that broadcasts: `float4 p = {x}` is (x, x, x, x)
// on HIP and (x, 0, 0, 0) in CUDA. Each such list gets a zero of the
// member type per missing member, which is what CUDA's aggregate
// initialisation gives. AST rule, by the parse: an initializer list whose
// (semantic) type is CUDA's vector type and which spells fewer elements than
// the type has members. In a template the list's type comes from each
// instantiation, and instantiations (in this unit or others that include
// the header) may give it other types: such a list becomes
// `cu2hip::brace_init<T>(a, b, c)` (cu2hip/vector_init.h), with T the type
// the pattern spells (the function's return type, the variable's type),
// which pads HIP vector types and is `T{a, b, c}` for any other. Lists
// spelled in macros, or whose type is not spelled, are left with a warning.
//===----------------------------------------------------------------------===//
#include "cu2hip/AstRule.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Regex.h"
#include <map>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace cu2hip {
namespace {

/// The record of CUDA's vector type `T` (char2 ... double4, declared in a
/// system header); nullptr otherwise.
const RecordDecl *cudaVectorRecord(QualType T, const SourceManager &SM) {
  static const llvm::Regex Name(
      "^(u?char|u?short|u?int|u?long|u?longlong|float|double)[1-4](_16a|_32a)?$");
  const auto *RD = T->getAsRecordDecl();
  if (!RD || !RD->getIdentifier() || !Name.match(RD->getName()) ||
      !SM.isInSystemHeader(RD->getCanonicalDecl()->getLocation()))
    return nullptr;
  return RD;
}

/// A zero literal of the member type `T` (`0.0f`, `0.0`, `0u`, `0ull`, ...).
std::string zeroOf(QualType T) {
  const auto *B = T->getAs<BuiltinType>();
  if (!B)
    return "0";
  switch (B->getKind()) {
  case BuiltinType::Float:
    return "0.0f";
  case BuiltinType::Double:
    return "0.0";
  case BuiltinType::UInt:
    return "0u";
  case BuiltinType::Long:
    return "0l";
  case BuiltinType::ULong:
    return "0ul";
  case BuiltinType::LongLong:
    return "0ll";
  case BuiltinType::ULongLong:
    return "0ull";
  default:
    return "0"; // int, and char/short members (converted by HIP's constructor)
  }
}

class VectorBraceInitRule : public AstRule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"vector-brace-init", IdKind::Edit,
         "CUDA vector type brace-initialised with fewer elements than members: padded "
         "with zeros"},
        {"vector-brace-init-kept", IdKind::Warning,
         "such a list in a macro, or in a template whose instantiations disagree: kept"},
    };
    return Ids;
  }

  void registerMatchers(MatchFinder &F) override {
    F.addMatcher(initListExpr().bind("il"), this);
  }

  void check(const MatchFinder::MatchResult &R) override {
    const auto *IL = R.Nodes.getNodeAs<InitListExpr>("il");
    if (!IL)
      return;
    // The list as written, and the one Sema checked (its type).
    const InitListExpr *Syn =
        IL->isSemanticForm() && IL->getSyntacticForm() ? IL->getSyntacticForm() : IL;
    const InitListExpr *Sem =
        Syn->isSyntacticForm() && Syn->getSemanticForm() ? Syn->getSemanticForm() : Syn;
    if (Sem->getType().isNull() || Sem->isTypeDependent() || Syn->getNumInits() == 0 ||
        !Seen.insert(Syn).second)
      return;
    SourceLocation RBrace = Syn->getRBraceLoc();
    if (RBrace.isInvalid())
      return;
    const SourceManager &SM = *R.SourceManager;
    std::string Text = padding(*Syn, Sem->getType(), SM);
    bool Instantiated =
        !match(expr(isInTemplateInstantiation()), *IL, *R.Context).empty();
    if (!Instantiated && Text.empty())
      return;
    Site &S = Sites[RBrace];
    S.Texts.insert(Text);
    S.Template |= Instantiated;
    S.PatternTyped |= !Instantiated;
    if (Instantiated && S.TypeText.empty())
      S.TypeText = targetType(*IL, *R.Context);
    S.LBrace = Syn->getLBraceLoc();
    S.LastInit = Syn->getInit(Syn->getNumInits() - 1)->getEndLoc();
    S.LangOpts = &R.Context->getLangOpts();
    S.SM = &SM;
  }

  /// Edits each list whose instantiations (or the one non-template use)
  /// agree on the padding.
  void onEndOfTranslationUnit() override {
    for (auto &KV : Sites)
      emit(KV.first, KV.second);
    Sites.clear();
    Seen.clear();
  }

private:
  struct Site {
    std::set<std::string> Texts; ///< "" where an instantiation needs none
    bool Template = false;       ///< seen in a template instantiation
    bool PatternTyped = false;   ///< the pattern's list has its type already
    std::string TypeText;        ///< the spelled type it initialises (`T`)
    SourceLocation LBrace, LastInit;
    const LangOptions *LangOpts = nullptr;
    const SourceManager *SM = nullptr;
  };
  std::map<SourceLocation, Site> Sites;
  std::set<const InitListExpr *> Seen;

  /// ", 0.0f, 0.0f" for a list of `Syn`'s length initialising `T`, or ""
  /// when `T` is no CUDA vector type, the list is complete or has
  /// designators.
  static std::string padding(const InitListExpr &Syn, QualType T, const SourceManager &SM) {
    const RecordDecl *RD = cudaVectorRecord(T, SM);
    if (!RD)
      return "";
    unsigned N = 0;
    QualType Member;
    for (const FieldDecl *F : RD->fields()) {
      if (N++ == 0)
        Member = F->getType();
    }
    for (const Expr *E : Syn.inits())
      if (isa<DesignatedInitExpr>(E))
        return "";
    std::string Text;
    for (unsigned I = Syn.getNumInits(); I < N; ++I)
      Text += ", " + zeroOf(Member);
    return Text;
  }

  /// The type a list in a template instantiation initialises, as the
  /// pattern spells it: the return type of the function a `return {...}`
  /// is in, the declared type of the variable it initialises; "" for other
  /// contexts, `auto`, or a type spelled in a macro.
  static std::string targetType(const InitListExpr &IL, ASTContext &Ctx) {
    const SourceManager &SM = Ctx.getSourceManager();
    auto Text = [&](SourceRange R) -> std::string {
      if (R.isInvalid() || !R.getBegin().isFileID() || !R.getEnd().isFileID())
        return "";
      std::string T = Lexer::getSourceText(CharSourceRange::getTokenRange(R), SM,
                                           Ctx.getLangOpts())
                          .str();
      return llvm::StringRef(T).contains("auto") ? "" : T;
    };
    DynTypedNode N = DynTypedNode::create(IL);
    bool Returned = false;
    for (int Depth = 0; Depth < 64; ++Depth) {
      auto Ps = Ctx.getParents(N);
      if (Ps.empty())
        return "";
      N = Ps[0];
      if (const auto *VD = N.get<VarDecl>())
        return Returned || !VD->getTypeSourceInfo()
                   ? ""
                   : Text(VD->getTypeSourceInfo()->getTypeLoc().getSourceRange());
      if (N.get<ReturnStmt>())
        Returned = true;
      else if (!Returned && !N.get<ExprWithCleanups>() && !N.get<ImplicitCastExpr>() &&
               !N.get<CXXBindTemporaryExpr>() && !N.get<MaterializeTemporaryExpr>())
        return "";
      if (const auto *F = N.get<FunctionDecl>()) {
        const FunctionDecl *P = F->getTemplateInstantiationPattern();
        return Text((P ? P : F)->getReturnTypeSourceRange());
      }
    }
    return "";
  }

  /// In a template whose instantiations give the list different types:
  /// `{a, b, c}` -> `cu2hip::brace_init<T>(a, b, c)` (cu2hip/vector_init.h),
  /// which pads HIP vector types and is `T{a, b, c}` for the others; the
  /// same text for every instantiation, so every unit agrees.
  void emitHelper(SourceLocation RBrace, const Site &S) {
    if (S.TypeText.empty()) {
      ctx().report("vector-brace-init-kept", Severity::Warning, RBrace,
                   "this braced list in a template initialises a CUDA vector type with "
                   "fewer elements than members in some instantiation, and the type it "
                   "initialises is not spelled where the port can name it: kept (HIP's "
                   "vector types want one value per member)",
                   "write it as cu2hip::brace_init<T>(...) (cu2hip/vector_init.h)");
      return;
    }
    const SourceManager &SM = *S.SM;
    SourceLocation AfterLast = Lexer::getLocForEndOfToken(S.LastInit, 0, SM, *S.LangOpts);
    if (!ctx().replace(id(), CharSourceRange::getTokenRange(S.LBrace),
                       "cu2hip::brace_init<" + S.TypeText + ">("))
      return; // not a ported file
    // From the last element's end through `}`: a trailing comma goes too.
    ctx().replace(id(), CharSourceRange::getTokenRange(AfterLast, RBrace), ")");
    ctx().requestHeader(RBrace, "cu2hip/vector_init.h");
  }

  void emit(SourceLocation RBrace, const Site &S) {
    if (S.Texts.size() == 1 && S.Texts.begin()->empty())
      return; // nothing to pad in any instantiation
    const SourceManager &SM = *S.SM;
    bool Macro = !RBrace.isFileID() || !S.LastInit.isFileID() || !S.LBrace.isFileID();
    if (S.Template && !S.PatternTyped && !Macro) {
      emitHelper(RBrace, S);
      return;
    }
    const std::string &Text = *S.Texts.rbegin();
    if (Macro) {
      ctx().report("vector-brace-init-kept", Severity::Warning, SM.getExpansionLoc(RBrace),
                   "a braced list spelled in a macro initialises a CUDA vector type with "
                   "fewer elements than members: kept (HIP's vector types want one value "
                   "per member)",
                   "add the missing members' zeros" + Text);
      return;
    }
    // A trailing comma (`{a, b,}`) keeps its place: the zeros go after it.
    SourceLocation AfterLast = Lexer::getLocForEndOfToken(S.LastInit, 0, SM, *S.LangOpts);
    llvm::StringRef Between = Lexer::getSourceText(
        CharSourceRange::getCharRange(AfterLast, RBrace), SM, *S.LangOpts);
    std::string Insert = Between.contains(',') ? " " + Text.substr(2) : Text;
    ctx().insert(id(), Between.contains(',') ? RBrace : AfterLast, Insert);
  }
};

} // namespace

std::unique_ptr<AstRule> createVectorBraceInitRule() {
  return std::make_unique<VectorBraceInitRule>();
}

} // namespace cu2hip
