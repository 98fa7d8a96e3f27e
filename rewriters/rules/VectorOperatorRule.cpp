//===- VectorOperatorRule.cpp - rule "vector-operator" --------------------===//
//
// CUDA:  __device__ float2 operator*(float2 a, float2 b) { ... }
//        c = a * b;  acc += c;            (with a tree's own operator+=)
// HIP:   c = ::operator*(a, b);  ::operator+=(acc, c);
// CUDA's vector types (vector_types.h: `struct float2 { float x, y; }`) have
// no operators, so trees define their own. HIP's (HIP_vector_type,
// amd_hip_vector_types.h, ROCm 7.2 and HIP 5.2) come with non-template ones
// of the same signature: a friend `operator*` / `operator/` (V, const V&)
// and members `operator+=` / `-=` / `*=` / `/=` (const V&). A call where
// both the tree's operator and HIP's fit exactly is ambiguous on ROCm ("use
// of overloaded operator '*' is ambiguous"). The tree's definition keeps its
// meaning (it may be a complex product, not HIP's elementwise one): each use
// the parse resolved to it is spelled as a qualified call of it, which finds
// neither the friend (visible only through argument-dependent lookup) nor
// the members, and the tree's non-template operator wins over HIP's
// templates. Decided by declaration identity: the callee is the tree's own
// non-member operator, its parameters CUDA's vector type. A note at each
// such definition; uses spelled in macros are left with a warning.
//
// CUDA:  __device__ void operator/=(float4 &a, float s);  v /= 4.0;
// HIP:   v /= static_cast<float>(4.0);
// A tree's operator of a vector and a scalar (`V op S`, `S op V`, `V& op= S`
// for + - * /) loses to HIP's templates (`operator/=(U)`, `operator*(const
// V&, U)`, ...) wherever the argument is not already of type S: the
// template takes a double exactly where the tree's operator converts it.
// HIP's template then runs instead of the tree's, and its compound forms
// call `*this /= V`, ambiguous with a tree's `operator/=(V&, V)`. The
// argument gets the conversion the parse applied, spelled: with both exact,
// the tree's non-template operator wins again.
//===----------------------------------------------------------------------===//
#include "cu2hip/AstRule.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
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

/// The record of CUDA's vector type `T` (int2, float4, ...: declared in a
/// system header), through references and qualifiers; nullptr otherwise.
const RecordDecl *cudaVectorRecord(QualType T, const SourceManager &SM) {
  static const llvm::Regex Name(
      "^(u?char|u?short|u?int|u?long|u?longlong|float|double)[1-4]$");
  const auto *RD = T.getNonReferenceType()->getAsRecordDecl();
  if (!RD || !RD->getIdentifier() || !Name.match(RD->getName()) ||
      !SM.isInSystemHeader(RD->getCanonicalDecl()->getLocation()))
    return nullptr;
  return cast<RecordDecl>(RD->getCanonicalDecl());
}

/// Does HIP declare a non-template operator `Op` with the parameters of
/// `F` (the vector type V: `V op V` for * and /, `V& op= V` for the
/// compound assignments +=, -=, *=, /=)?
bool hipHasSameOperator(const FunctionDecl &F, const SourceManager &SM) {
  if (F.getNumParams() != 2)
    return false;
  OverloadedOperatorKind Op = F.getOverloadedOperator();
  QualType P0 = F.getParamDecl(0)->getType(), P1 = F.getParamDecl(1)->getType();
  const RecordDecl *V0 = cudaVectorRecord(P0, SM), *V1 = cudaVectorRecord(P1, SM);
  if (!V0 || V0 != V1 || (P1->isReferenceType() && !P1.getNonReferenceType().isConstQualified()))
    return false;
  switch (Op) {
  case OO_Star:
  case OO_Slash:
    return !P0->isReferenceType() || P0.getNonReferenceType().isConstQualified();
  case OO_PlusEqual:
  case OO_MinusEqual:
  case OO_StarEqual:
  case OO_SlashEqual:
    return P0->isLValueReferenceType() && !P0.getNonReferenceType().isConstQualified();
  default:
    return false;
  }
}

/// For a tree's operator `F` of a CUDA vector type and an arithmetic scalar
/// (`V op S` or `S op V` for + - * /, `V& op= S` for += -= *= /=): the
/// index of the scalar parameter; -1 for any other operator.
int scalarParam(const FunctionDecl &F, const SourceManager &SM) {
  if (F.getNumParams() != 2)
    return -1;
  QualType P[2] = {F.getParamDecl(0)->getType(), F.getParamDecl(1)->getType()};
  auto scalar = [](QualType T) {
    return T.getNonReferenceType()->isArithmeticType() && !T->isReferenceType();
  };
  switch (F.getOverloadedOperator()) {
  case OO_Plus:
  case OO_Minus:
  case OO_Star:
  case OO_Slash:
    if (cudaVectorRecord(P[0], SM) && scalar(P[1]))
      return 1;
    return cudaVectorRecord(P[1], SM) && scalar(P[0]) ? 0 : -1;
  case OO_PlusEqual:
  case OO_MinusEqual:
  case OO_StarEqual:
  case OO_SlashEqual:
    return P[0]->isLValueReferenceType() && !P[0].getNonReferenceType().isConstQualified() &&
                   cudaVectorRecord(P[0], SM) && scalar(P[1])
               ? 1
               : -1;
  default:
    return -1;
  }
}

class VectorOperatorRule : public AstRule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"vector-operator", IdKind::Edit,
         "a tree's own operator on CUDA vector types that HIP's make ambiguous: "
         "uses spelled as qualified calls"},
        {"vector-operator-kept", IdKind::Warning,
         "a use of such an operator in a macro or a template; kept"},
    };
    return Ids;
  }

  void registerMatchers(MatchFinder &F) override {
    F.addMatcher(cxxOperatorCallExpr(callee(functionDecl(unless(cxxMethodDecl())).bind("op")))
                     .bind("call"),
                 this);
  }

  void check(const MatchFinder::MatchResult &R) override {
    const auto *Call = R.Nodes.getNodeAs<CXXOperatorCallExpr>("call");
    const auto *Op = R.Nodes.getNodeAs<FunctionDecl>("op");
    const SourceManager &SM = *R.SourceManager;
    if (!Call || !Op || Call->getNumArgs() != 2 ||
        SM.isInSystemHeader(Op->getCanonicalDecl()->getLocation()))
      return;
    if (!hipHasSameOperator(*Op, SM)) {
      int S = scalarParam(*Op, SM);
      if (S >= 0)
        convertScalar(*Call, *Op, unsigned(S), R);
      return;
    }
    const DeclContext *DC = Op->getDeclContext()->getRedeclContext();
    if (!DC->isFileContext())
      return; // a friend or a local declaration: no qualified name reaches it
    noteDefinition(*Op);
    const Expr *L = Call->getArg(0), *Rhs = Call->getArg(1);
    SourceLocation OpLoc = Call->getOperatorLoc();
    if (!SeenOps.insert(OpLoc).second)
      return; // another instantiation of the same template
    // In a template instantiation the spelled operands are dependent: a
    // qualified call there would be wrong for other arguments.
    bool Template = isInstantiated(*Call, *R.Context);
    if (Template || !L->getBeginLoc().isFileID() || !Rhs->getEndLoc().isFileID() ||
        !OpLoc.isFileID()) {
      ctx().report("vector-operator-kept", Severity::Warning, OpLoc,
                   std::string("this use of the tree's own operator on a CUDA vector type is "
                               "spelled in ") +
                       (Template ? "a template" : "a macro") +
                       " and is ambiguous with HIP's operator on ROCm; kept as written",
                   "spell it as a call: " + qualifiedName(*Op) + "(a, b)");
      return;
    }
    Pending P;
    P.Open = L->getBeginLoc();
    // From the end of the left operand to the operator's end: `a * b` ->
    // `a, b`.
    P.Op = CharSourceRange::getCharRange(
        Lexer::getLocForEndOfToken(L->getEndLoc(), 0, SM, R.Context->getLangOpts()),
        Lexer::getLocForEndOfToken(OpLoc, 0, SM, R.Context->getLangOpts()));
    P.Close = Rhs->getEndLoc();
    P.Name = qualifiedName(*Op);
    Uses.push_back(P);
  }

  /// Emits the uses' edits: several calls may open (`a * b * c`) or close
  /// (`x += a * b`) at one offset, so the insertions at one place are
  /// joined into one edit, the same text in every configuration.
  void onEndOfTranslationUnit() override {
    std::map<SourceLocation, std::string> Opens, Closes;
    for (const Pending &P : Uses) {
      Opens[P.Open] += P.Name + "(";
      Closes[P.Close] += ")";
    }
    for (auto &KV : Opens)
      ctx().insert(id(), KV.first, KV.second);
    for (const Pending &P : Uses)
      if (P.Op.isValid()) // a qualified call; a conversion has no operator edit
        ctx().replace(id(), P.Op, ",");
    for (auto &KV : Closes)
      ctx().insert(id(), KV.first, KV.second, /*After=*/true);
    Uses.clear();
  }

private:
  /// A use of the tree's vector-scalar operator `Op` whose scalar argument
  /// `Index` the parse converted: the conversion spelled as a static_cast
  /// to the parameter's type (joined with the other edits at the end).
  void convertScalar(const CXXOperatorCallExpr &Call, const FunctionDecl &Op, unsigned Index,
                     const MatchFinder::MatchResult &R) {
    const Expr *Arg = Call.getArg(Index);
    QualType Param = Op.getParamDecl(Index)->getType().getNonReferenceType();
    QualType Given = Arg->IgnoreParenImpCasts()->getType();
    ASTContext &Ctx = *R.Context;
    if (Ctx.hasSameUnqualifiedType(Param, Given) || !SeenArgs.insert(Arg->getBeginLoc()).second)
      return;
    std::string Type = Param.getUnqualifiedType().getCanonicalType().getAsString(
        Ctx.getPrintingPolicy());
    if (isInstantiated(Call, Ctx) || !Arg->getBeginLoc().isFileID() ||
        !Arg->getEndLoc().isFileID()) {
      ctx().report("vector-operator-kept", Severity::Warning, Call.getOperatorLoc(),
                   "this use of the tree's own '" + Op.getNameAsString() +
                       "' converts its argument to '" + Type + "'; on ROCm HIP's template "
                       "operator takes it unconverted instead; kept (in a macro or a template)",
                   "convert the argument: static_cast<" + Type + ">(...)");
      return;
    }
    Pending P;
    P.Open = Arg->getBeginLoc();
    P.Close = Arg->getEndLoc();
    P.Name = "static_cast<" + Type + ">";
    Uses.push_back(P);
    ctx().report(id(), Severity::Note, Call.getOperatorLoc(),
                 "the tree's own '" + Op.getNameAsString() + "' on a CUDA vector type takes '" +
                     Type + "': on ROCm HIP's template operator would take '" +
                     Given.getAsString(Ctx.getPrintingPolicy()) +
                     "' exactly and win; the conversion is spelled");
  }

  struct Pending {
    SourceLocation Open, Close;
    CharSourceRange Op;
    std::string Name;
  };
  std::vector<Pending> Uses;
  std::set<const FunctionDecl *> Noted;
  std::set<SourceLocation> SeenOps, SeenArgs;

  /// Is `E` part of a template instantiation (its text is the pattern's)?
  static bool isInstantiated(const Expr &E, ASTContext &Ctx) {
    return !match(expr(isInTemplateInstantiation()), E, Ctx).empty();
  }

  /// `::operator*` or `::ns::operator*` for a namespace-scope operator.
  static std::string qualifiedName(const FunctionDecl &F) {
    return "::" + F.getQualifiedNameAsString();
  }

  void noteDefinition(const FunctionDecl &F) {
    const FunctionDecl *D = F.getDefinition() ? F.getDefinition() : &F;
    if (!Noted.insert(D).second)
      return;
    ctx().report(id(), Severity::Note, D->getLocation(),
                 "the tree's own '" + D->getNameAsString() + "' on a CUDA vector type: HIP "
                     "declares the same operator for its vector types, so a use would be "
                     "ambiguous on ROCm; uses are spelled as calls of " +
                     qualifiedName(*D) + "(a, b)",
                 "keep one definition: HIP's operator is elementwise");
  }
};

} // namespace

std::unique_ptr<AstRule> createVectorOperatorRule() {
  return std::make_unique<VectorOperatorRule>();
}

} // namespace cu2hip
