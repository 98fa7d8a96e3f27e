//===- DevicePtrIntRule.cpp - rule "deviceptr-int" ------------------------===//
//
// CUDA:  CUdeviceptr base; ... cuMemMap(base + i * size, size, 0, h, 0);
//        *(CUdeviceptr *)&args[off] = width;           // a size_t
// HIP:   hipDeviceptr_t base; ... hipMemMap(static_cast<char *>(base) + i * size, size, 0, h, 0);
//        *(hipDeviceptr_t *)&args[off] = reinterpret_cast<hipDeviceptr_t>(static_cast<uintptr_t>(width));
// The driver API's CUdeviceptr is an integer (cuda.h: unsigned long long);
// HIP's hipDeviceptr_t, its mapped name, is void *. Integer arithmetic on
// it ("arithmetic on a pointer to void") and integers stored into it
// ("incompatible integer to pointer conversion") stop the port. Decided
// by the parse: an operand of `+` or `-` whose type is the SDK's
// CUdeviceptr typedef is read as `char *` (byte arithmetic, as CUDA's
// integer addition is in bytes; the result converts back to void *); an
// implicit integer conversion to CUdeviceptr (not a null constant) goes
// through uintptr_t. Compound assignments (`p += n`) and other integer
// operators (`%`, `&`) on a CUdeviceptr get a note. The other way, a
// CUdeviceptr that initialises, is assigned to or is returned as an integer
// (`uintptr_t p = dptr;`, `unsigned long long h{dptr};`, `return dptr;` from
// a function returning an integer) goes through uintptr_t:
// `reinterpret_cast<uintptr_t>(dptr)`. Decided by the destination's type
// (an integer, not CUdeviceptr, not deduced) and the value's.
// In a C unit (LangOptions !CPlusPlus: a `.c` file nvcc hands to the host C
// compiler) the same conversions are C casts: `(char *)(base) + off`,
// `(hipDeviceptr_t)(uintptr_t)(width)`.
//===----------------------------------------------------------------------===//
#include "cu2hip/AstRule.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace cu2hip {
namespace {

/// True when `T` is, through typedefs, the SDK's CUdeviceptr (or its
/// CUdeviceptr_v2), declared in a system header.
bool isDevicePtr(QualType T, const SourceManager &SM) {
  while (const auto *TT = T->getAs<TypedefType>()) {
    const TypedefNameDecl *D = TT->getDecl();
    if ((D->getName() == "CUdeviceptr" || D->getName() == "CUdeviceptr_v2") &&
        SM.isInSystemHeader(D->getLocation()))
      return true;
    T = TT->desugar();
  }
  return false;
}

class DevicePtrIntRule : public AstRule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"deviceptr-int", IdKind::Edit,
         "CUdeviceptr integer arithmetic and integer stores made pointer-safe for "
         "hipDeviceptr_t (void *)"},
    };
    return Ids;
  }

  void registerMatchers(MatchFinder &F) override {
    F.addMatcher(binaryOperator(hasAnyOperatorName("+", "-", "+=", "-=", "%", "&", "|"))
                     .bind("op"),
                 this);
    // Not the usual arithmetic conversion of `p + n`'s integer operand.
    F.addMatcher(
        varDecl(unless(isInstantiated()), hasInitializer(expr().bind("value"))).bind("var"),
        this);
    F.addMatcher(returnStmt(unless(isInTemplateInstantiation()),
                            hasReturnValue(expr().bind("value")),
                            forFunction(functionDecl().bind("fn"))),
                 this);
    F.addMatcher(
        binaryOperator(hasOperatorName("="), unless(isInTemplateInstantiation())).bind("assign"),
        this);
    // Not the operand of `p += n` either: compound() rewrites that one.
    F.addMatcher(implicitCastExpr(hasCastKind(CK_IntegralCast),
                                  unless(hasParent(binaryOperator(unless(hasOperatorName("="))))))
                     .bind("cast"),
                 this);
  }

  void check(const MatchFinder::MatchResult &R) override {
    const SourceManager &SM = *R.SourceManager;
    if (const auto *Op = R.Nodes.getNodeAs<BinaryOperator>("op"))
      arithmetic(*Op, SM);
    if (const auto *C = R.Nodes.getNodeAs<ImplicitCastExpr>("cast"))
      store(*C, *R.Context, SM);
    if (const auto *A = R.Nodes.getNodeAs<BinaryOperator>("assign"))
      load(A->getRHS(), A->getLHS()->getType(), SM);
    const auto *V = R.Nodes.getNodeAs<Expr>("value");
    if (const auto *Var = R.Nodes.getNodeAs<VarDecl>("var"); V && Var)
      load(V, Var->getType(), SM);
    if (const auto *Fn = R.Nodes.getNodeAs<FunctionDecl>("fn"); V && Fn)
      load(V, Fn->getReturnType(), SM);
  }

private:
  std::set<std::pair<unsigned, unsigned>> Done;

  /// C++ casts in a C++ unit, C casts in a C one.
  bool cxx() const { return !ctx().cUnit(); }

  bool once(const Expr &E, const SourceManager &SM) {
    SourceLocation B = SM.getExpansionLoc(E.getBeginLoc());
    return Done.insert({B.getRawEncoding(), SM.getExpansionLoc(E.getEndLoc()).getRawEncoding()})
        .second;
  }

  /// Puts `Open` before and `Close` after `E`, also where `E` is a macro
  /// argument (checkCudaErrors(cuMemMap(p + off, ...))): the file range of
  /// its spelling.
  bool wrap(const Expr &E, llvm::StringRef Open, llvm::StringRef Close) {
    CharSourceRange Rg = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(E.getSourceRange()), ctx().sourceManager(),
        ctx().langOptions());
    return Rg.isValid() && ctx().insert(id(), Rg.getBegin(), Open) &&
           ctx().insert(id(), Rg.getEnd(), Close);
  }

  /// `p += n` / `p -= n` on a CUdeviceptr named by a variable: `p = (char
  /// *)(p) + n` (void * has no compound assignment). Other left sides are
  /// reported.
  void compound(const CompoundAssignOperator &Op, const SourceManager &SM) {
    const Expr *L = Op.getLHS()->IgnoreParenImpCasts();
    if (!isDevicePtr(L->getType(), SM) || !once(*L, SM))
      return;
    CharSourceRange OpRange = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Op.getOperatorLoc()), SM, ctx().langOptions());
    std::string Name = isa<DeclRefExpr>(L) ? cast<DeclRefExpr>(L)->getNameInfo().getAsString() : "";
    const char *Sign = Op.getOpcode() == BO_AddAssign ? " + " : " - ";
    std::string Text = "= " + std::string(cxx() ? "static_cast<char *>(" : "(char *)(") + Name +
                       ")" + Sign;
    bool Simple = Op.getOpcode() == BO_AddAssign || Op.getOpcode() == BO_SubAssign;
    if (Simple && !Name.empty() && OpRange.isValid() && ctx().replace(id(), OpRange, Text))
      return;
    ctx().report(id(), Severity::Note, SM.getExpansionLoc(Op.getOperatorLoc()),
                 "compound assignment to a CUdeviceptr (void * on HIP): kept",
                 "write it as p = (char *)p + n");
  }

  void arithmetic(const BinaryOperator &Op, const SourceManager &SM) {
    if (SM.isInSystemHeader(Op.getOperatorLoc()))
      return;
    if (const auto *CA = dyn_cast<CompoundAssignOperator>(&Op))
      return compound(*CA, SM);
    const Expr *Sides[] = {Op.getLHS(), Op.getRHS()};
    bool Additive = Op.getOpcode() == BO_Add || Op.getOpcode() == BO_Sub;
    for (const Expr *E : Sides) {
      const Expr *Bare = E->IgnoreParenImpCasts();
      // `(p + a) - 1`: the inner sum is an operator of its own, whose
      // CUdeviceptr operand that match converts; wrapping the sum as well
      // nested two casts over one begin.
      if (Additive && isa<BinaryOperator>(Bare))
        continue;
      if (!isDevicePtr(Bare->getType(), SM) || !once(*Bare, SM))
        continue;
      if (Additive && wrap(*Bare, cxx() ? "static_cast<char *>(" : "(char *)(", ")"))
        continue;
      ctx().report(id(), Severity::Note, SM.getExpansionLoc(Op.getOperatorLoc()),
                   Additive ? "CUdeviceptr arithmetic spelled in a macro body: kept (HIP's "
                              "hipDeviceptr_t is void *, so it does not compile as written)"
                            : "integer operator on a CUdeviceptr: HIP's hipDeviceptr_t is "
                              "void *, so this does not compile as written",
                   "cast to uintptr_t for the arithmetic and back to hipDeviceptr_t");
    }
  }

  /// `V` (a CUdeviceptr, possibly the one element of a braced list) where an
  /// integer of type `Dest` is wanted: through uintptr_t. A deduced type
  /// (`auto`) follows the value and is left.
  void load(const Expr *V, QualType Dest, const SourceManager &SM) {
    if (const auto *L = dyn_cast<InitListExpr>(V->IgnoreParens()); L && L->getNumInits() == 1)
      V = L->getInit(0);
    const Expr *Bare = V->IgnoreParenImpCasts();
    // An operator's result is left: `a - b` is an integer on HIP too
    // (char * minus char *), `a + n` a pointer that arithmetic() converts.
    const auto *U = dyn_cast<UnaryOperator>(Bare);
    if (isa<BinaryOperator>(Bare) || isa<AbstractConditionalOperator>(Bare) ||
        (U && U->getOpcode() != UO_Deref))
      return;
    if (Dest.isNull() || !Dest->isIntegerType() || Dest->isBooleanType() ||
        isDevicePtr(Dest, SM) ||
        Dest->getContainedAutoType() || !isDevicePtr(Bare->getType(), SM) ||
        SM.isInSystemHeader(SM.getExpansionLoc(V->getBeginLoc())) || !once(*Bare, SM))
      return;
    if (!wrap(*Bare, cxx() ? "reinterpret_cast<uintptr_t>(" : "(uintptr_t)(", ")"))
      ctx().report(id(), Severity::Note, SM.getExpansionLoc(V->getBeginLoc()),
                   "CUdeviceptr read as an integer in a macro: kept (HIP's hipDeviceptr_t is "
                   "void *)",
                   "convert through uintptr_t");
  }

  void store(const ImplicitCastExpr &C, ASTContext &Ctx, const SourceManager &SM) {
    const Expr *Sub = C.getSubExpr();
    if (!isDevicePtr(C.getType(), SM) || SM.isInSystemHeader(C.getBeginLoc()) ||
        isDevicePtr(Sub->IgnoreParenImpCasts()->getType(), SM) ||
        Sub->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull) ||
        !once(*Sub, SM))
      return;
    bool Wrapped = cxx() ? wrap(*Sub, "reinterpret_cast<hipDeviceptr_t>(static_cast<uintptr_t>(", "))")
                         : wrap(*Sub, "(hipDeviceptr_t)(uintptr_t)(", ")");
    if (!Wrapped)
      ctx().report(id(), Severity::Note, SM.getExpansionLoc(C.getBeginLoc()),
                   "integer stored into a CUdeviceptr (void * on HIP) in a macro: kept",
                   "convert through uintptr_t");
  }
};

} // namespace

std::unique_ptr<AstRule> createDevicePtrIntRule() { return std::make_unique<DevicePtrIntRule>(); }

} // namespace cu2hip
