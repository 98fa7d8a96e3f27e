//===- TextureHandleIntegerRule.cpp - "texture-handle-integer" ------------===//
//
// CUDA's texture and surface object handles are integers (CUDA 13
// texture_types.h / surface_types.h: `typedef unsigned long long
// cudaTextureObject_t`, likewise cudaSurfaceObject_t; cuda.h: CUtexObject);
// HIP's are pointers (ROCm 7.2: `typedef struct __hip_texture*
// hipTextureObject_t`, `struct __hip_surface*`). Code that packs a handle
// into integers and back (bindless texturing: an atlas texture storing
// handles as uint2) does integer arithmetic on it, which HIP rejects
// ("invalid operands to binary expression"):
//   CUDA:  make_uint2((uint)(obj & 0xFFFFFFFF), (uint)(obj >> 32))
//          return ((cudaTextureObject_t)v.x) | ((cudaTextureObject_t)v.y) << 32;
//   HIP:   make_uint2((uint)(((unsigned long long)(obj)) & 0xFFFFFFFF), ...)
//          return ((hipTextureObject_t)(((unsigned long long)(((hipTextureObject_t)v.x)))
//                                       | ((unsigned long long)(...)) << 32));
// Each handle operand of an integer operator becomes the 64-bit integer of
// the pointer, and an integer that initializes, is assigned to, or is
// returned as a handle becomes the pointer again; a handle that initialises,
// is assigned to or is returned as an integer (`unsigned long long h = tex;`,
// `uint64_t v{tex};`) becomes its integer. Sound on the 64-bit
// targets HIP compiles for: a pointer and unsigned long long have the same
// width, and the round trip gives back the handle (both the image handles
// and --texture=software's descriptor addresses).
//
// AST rule: a handle is an expression whose type is sugared as one of the
// SDK's handle typedefs; an arithmetic or bitwise result is an integer even
// when Clang types it as the handle typedef (the usual arithmetic
// conversions keep the operands' sugar).
//===----------------------------------------------------------------------===//
#include "cu2hip/AstRule.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cu2hip {
namespace {

/// The HIP type of the SDK handle typedef that `T` is sugared as
/// (hipTextureObject_t, hipSurfaceObject_t), or "" when none.
llvm::StringRef handleType(QualType T) {
  while (const auto *TT = T->getAs<TypedefType>()) {
    llvm::StringRef H = llvm::StringSwitch<llvm::StringRef>(TT->getDecl()->getName())
                            .Cases("cudaTextureObject_t", "CUtexObject", "CUtexObject_v1",
                                   "hipTextureObject_t")
                            .Cases("cudaSurfaceObject_t", "CUsurfObject", "CUsurfObject_v1",
                                   "hipSurfaceObject_t")
                            .Default("");
    if (!H.empty())
      return H.startswith("cudaTex") || H.startswith("CUtex") || H.startswith("hipTex")
                 ? "hipTextureObject_t"
                 : "hipSurfaceObject_t";
    T = TT->desugar();
  }
  return "";
}

/// An arithmetic or bitwise operator: its result is an integer.
bool isIntegerOp(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return B->isAdditiveOp() || B->isMultiplicativeOp() || B->isShiftOp() ||
           B->isBitwiseOp();
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return U->getOpcode() == UO_Not || U->getOpcode() == UO_Minus;
  return false;
}

/// A handle value: typed as a handle as written (implicit conversions to
/// the operator's common type, which keep the handle's sugar, do not
/// count), not an integer operator's result.
bool isHandle(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  return !isIntegerOp(E) && !handleType(E->getType()).empty();
}

/// An operator this rule may edit: an assignment to a handle, or an integer
/// operator with a handle operand. Tested before isInTemplateInstantiation(),
/// whose walk up the parents on every operator is quadratic in an
/// expression's depth (a 100,000-term sum).
AST_MATCHER(BinaryOperator, mayTouchHandle) {
  if (Node.getOpcode() == BO_Assign)
    return !handleType(Node.getLHS()->getType()).empty() || isHandle(Node.getRHS());
  return isIntegerOp(&Node) && (isHandle(Node.getLHS()) || isHandle(Node.getRHS()));
}

/// The same for `~h` and `-h`.
AST_MATCHER(UnaryOperator, hasHandleOperand) { return isHandle(Node.getSubExpr()); }

class TextureHandleIntegerRule : public AstRule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"texture-handle-integer", IdKind::Edit,
         "texture/surface object handle used as an integer (CUDA: unsigned long long; HIP: a "
         "pointer): cast to and from unsigned long long"},
    };
    return Ids;
  }

  void registerMatchers(MatchFinder &F) override {
    F.addMatcher(binaryOperator(mayTouchHandle(), unless(isInTemplateInstantiation())).bind("op"),
                 this);
    F.addMatcher(unaryOperator(hasAnyOperatorName("~", "-"), hasHandleOperand(),
                               unless(isInTemplateInstantiation()))
                     .bind("op"),
                 this);
    F.addMatcher(returnStmt(unless(isInTemplateInstantiation()),
                            hasReturnValue(expr().bind("value")),
                            forFunction(functionDecl().bind("fn"))),
                 this);
    F.addMatcher(varDecl(unless(isInstantiated()),
                         hasInitializer(expr().bind("value")))
                     .bind("var"),
                 this);
  }

  void check(const MatchFinder::MatchResult &R) override {
    if (const auto *Op = R.Nodes.getNodeAs<Expr>("op")) {
      const auto *A = dyn_cast<BinaryOperator>(Op);
      if (A && A->getOpcode() == BO_Assign) {
        toHandle(A->getRHS(), A->getLHS()->getType(), *R.Context);
        fromHandle(A->getRHS(), A->getLHS()->getType());
      }
      if (!isIntegerOp(Op))
        return;
      if (const auto *B = dyn_cast<BinaryOperator>(Op)) {
        toInteger(B->getLHS());
        toInteger(B->getRHS());
      } else {
        toInteger(cast<UnaryOperator>(Op)->getSubExpr());
      }
      return;
    }
    const auto *V = R.Nodes.getNodeAs<Expr>("value");
    if (!V)
      return;
    QualType Dest;
    if (const auto *Fn = R.Nodes.getNodeAs<FunctionDecl>("fn"))
      Dest = Fn->getReturnType();
    else if (const auto *Var = R.Nodes.getNodeAs<VarDecl>("var"))
      Dest = Var->getType();
    toHandle(V, Dest, *R.Context);
    fromHandle(V, Dest);
  }

private:
  /// `E` (a handle operand of an integer operator) as its integer.
  void toInteger(const Expr *E) {
    if (!isHandle(E))
      return;
    wrap(E, "((unsigned long long)(", "))");
  }

  /// `V` (a handle, possibly the one element of a braced list) where an
  /// integer of type `Dest` is wanted: its integer. A deduced type (`auto`)
  /// follows the value and is left.
  void fromHandle(const Expr *V, QualType Dest) {
    if (const auto *L = dyn_cast<InitListExpr>(V->IgnoreParens()); L && L->getNumInits() == 1)
      V = L->getInit(0);
    if (Dest.isNull() || !Dest->isIntegerType() || Dest->isBooleanType() ||
        !handleType(Dest).empty() || Dest->getContainedAutoType() || !isHandle(V))
      return;
    wrap(V->IgnoreParenImpCasts(), "((unsigned long long)(", "))");
  }

  /// `V` (an integer where a handle of type `Dest` is wanted) as the handle.
  void toHandle(const Expr *V, QualType Dest, ASTContext &Ctx) {
    llvm::StringRef H = handleType(Dest);
    if (H.empty() || isHandle(V) || !V->getType()->isIntegerType() ||
        V->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNull))
      return;
    wrap(V, ("((" + H + ")(").str(), "))");
  }

  void wrap(const Expr *E, const std::string &Open, llvm::StringRef Close) {
    SourceLocation B = E->getBeginLoc(), End = E->getEndLoc();
    if (B.isMacroID() || End.isMacroID()) {
      ctx().report(id(), Severity::Warning, B,
                   "texture/surface object handle used as an integer inside a macro: HIP's "
                   "handle is a pointer; cast it to and from unsigned long long by hand");
      return;
    }
    if (ctx().insert(id(), B, Open))
      ctx().insert(id(), End, Close, /*After=*/true);
  }
};

} // namespace

std::unique_ptr<AstRule> createTextureHandleIntegerRule() {
  return std::make_unique<TextureHandleIntegerRule>();
}

} // namespace cu2hip
