//===- VectorizeUtils.cpp - expression helpers of "vectorize" ---------------===//
//
// Part of the rule "vectorize" (VectorizeAst.h).
//===----------------------------------------------------------------------===//
#include "VectorizeAst.h"

namespace cu2hip {
namespace vectorize {

// ---------------------------------------------------------------------------
// Expression helpers
// ---------------------------------------------------------------------------

bool isBuiltinX(const Expr *E, llvm::StringRef Var) {
  auto R = builtinRead(E);
  return R && R->first == Var && R->second == "x";
}

/// `A * B` of the two built-in `.x` components, in either order.
bool isProductOf(const Expr *E, llvm::StringRef A, llvm::StringRef B) {
  const auto *M = dyn_cast<BinaryOperator>(stripIntCasts(E));
  if (!M || M->getOpcode() != BO_Mul)
    return false;
  return (isBuiltinX(M->getLHS(), A) && isBuiltinX(M->getRHS(), B)) ||
         (isBuiltinX(M->getLHS(), B) && isBuiltinX(M->getRHS(), A));
}

/// `blockIdx.x * blockDim.x + threadIdx.x`, operands in any order, with
/// integer casts and parentheses.
bool isGlobalIndex(const Expr *E) {
  const auto *S = dyn_cast<BinaryOperator>(stripIntCasts(E));
  if (!S || S->getOpcode() != BO_Add)
    return false;
  return (isBuiltinX(S->getRHS(), "threadIdx") &&
          isProductOf(S->getLHS(), "blockIdx", "blockDim")) ||
         (isBuiltinX(S->getLHS(), "threadIdx") &&
          isProductOf(S->getRHS(), "blockIdx", "blockDim"));
}

/// Does `S` read the built-in `Var`?
bool mentionsBuiltin(const Stmt *S, llvm::StringRef Var) {
  S = see(S);
  if (!S)
    return false;
  if (const auto *D = dyn_cast<DeclRefExpr>(S))
    if (builtinVarName(D->getDecl()) == Var)
      return true;
  for (const Stmt *C : S->children())
    if (mentionsBuiltin(C, Var))
      return true;
  return false;
}

/// Does `S` refer to `D`?
bool refersTo(const Stmt *S, const ValueDecl *D) {
  S = see(S);
  if (!S)
    return false;
  if (const auto *R = dyn_cast<DeclRefExpr>(S))
    if (R->getDecl() == D)
      return true;
  for (const Stmt *C : S->children())
    if (refersTo(C, D))
      return true;
  return false;
}

/// Is `E` a reference to variable `V` (through parentheses and implicit casts)?
bool isRefTo(const Expr *E, const ValueDecl *V) {
  const auto *R = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  return R && R->getDecl() == V;
}

/// An assignment `LHS op RHS`, built-in or through an overloaded operator
/// (a class element type such as __half assigns through operator=).

std::optional<Assignment> asAssignment(const Stmt *S) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  if (!E)
    return std::nullopt;
  E = E->IgnoreImplicit();
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (!B->isAssignmentOp())
      return std::nullopt;
    return Assignment{B->getLHS(), B->getRHS(), B->getOpcode() == BO_Assign,
                      B->getOperatorLoc()};
  }
  if (const auto *O = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (!O->isAssignmentOp() || O->getNumArgs() != 2)
      return std::nullopt;
    return Assignment{O->getArg(0), O->getArg(1), O->getOperator() == OO_Equal,
                      O->getOperatorLoc()};
  }
  return std::nullopt;
}

/// The single statement of `S` (itself, or the only one of a `{ }`).
const Stmt *singleStatement(const Stmt *S) {
  while (const auto *C = dyn_cast_or_null<CompoundStmt>(S)) {
    if (C->size() != 1)
      return nullptr;
    S = C->body_front();
  }
  return S;
}

bool containsErrors(const Stmt *S) {
  S = see(S);
  if (!S)
    return false;
  if (const auto *E = dyn_cast<Expr>(S))
    if (E->containsErrors())
      return true;
  for (const Stmt *C : S->children())
    if (containsErrors(C))
      return true;
  return false;
}

/// Element types the packed.h vectors hold: float, double, __half,
/// __nv_bfloat16 (canonical types).
bool isVectorizableElement(QualType T) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (const auto *B = T->getAs<BuiltinType>())
    return B->getKind() == BuiltinType::Float || B->getKind() == BuiltinType::Double;
  if (const auto *R = T->getAsRecordDecl())
    return R->getDeclContext()->getRedeclContext()->isTranslationUnit() &&
           R->getIdentifier() &&
           (R->getName() == "__half" || R->getName() == "__nv_bfloat16");
  return false;
}

/// Builtins and functions without a visible body whose value depends on the
/// thread or that have effects (barriers, shuffles, votes, atomics, special
/// registers, clocks, output). Their names are Clang's NVPTX builtins.
bool isThreadOrEffectBuiltin(llvm::StringRef N) {
  for (llvm::StringRef P : {"sreg", "shfl", "vote", "bar", "atom", "fence", "match",
                            "activemask", "ballot", "clock", "globaltimer", "sync", "trap",
                            "nanosleep", "printf", "redux", "reduce", "malloc", "free"})
    if (N.contains(P))
      return true;
  return false;
}

/// A ceiling-division helper called as `HELPER(N, B)` (docs/vectorize.md).
bool isCeilDivHelper(llvm::StringRef S) {
  return llvm::StringSwitch<bool>(S)
      .Cases("CEIL_DIV", "ceil_div", "CEILDIV", "ceildiv", "cdiv", true)
      .Cases("DIV_UP", "div_up", "DIVUP", "divup", "divUp", true)
      .Cases("ceilDiv", "CeilDiv", "iDivUp", "DIV_ROUND_UP", true)
      .Default(false);
}

/// Index types narrower than 32 bits wrap where the vectorized size_t
/// index does not.
bool isNarrowIndex(const ASTContext &Ctx, QualType T) {
  T = T.getCanonicalType();
  return T->isIntegerType() && Ctx.getTypeSize(T) < 32;
}

} // namespace vectorize
} // namespace cu2hip
