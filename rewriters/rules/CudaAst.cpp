//===- CudaAst.cpp - AST helpers the AST rules share ----------------------===//
#include "CudaAst.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cu2hip {

/// What a walk over `S` should look at: an opaque value's source, a
/// pseudo-object's (a built-in property read's) syntactic form.
const Stmt *see(const Stmt *S) {
  while (S) {
    if (const auto *O = dyn_cast<OpaqueValueExpr>(S))
      S = O->getSourceExpr();
    else if (const auto *P = dyn_cast<PseudoObjectExpr>(S))
      S = P->getSyntacticForm();
    else
      break;
  }
  return S;
}

/// `E` without parentheses, implicit casts and explicit casts to an integer
/// type (`(size_t)blockIdx.x`, `static_cast<int>(n)`).
const Expr *stripIntCasts(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    const auto *C = dyn_cast<ExplicitCastExpr>(E);
    if (!C || !C->getType()->isIntegerType())
      return E;
    E = C->getSubExpr();
  }
  return E;
}

/// The CUDA built-in variable (`threadIdx`, `blockIdx`, `blockDim`,
/// `gridDim`, `warpSize`) `D` is, or "".
llvm::StringRef builtinVarName(const Decl *D) {
  const auto *V = dyn_cast_or_null<VarDecl>(D);
  if (!V || !V->getIdentifier())
    return "";
  return llvm::StringSwitch<llvm::StringRef>(V->getName())
      .Cases("threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", V->getName())
      .Default("");
}

/// If `E` reads a component of a built-in (`blockIdx.x`, a property read
/// in Clang's CUDA headers), the variable and the component.
std::optional<std::pair<llvm::StringRef, llvm::StringRef>> builtinRead(const Expr *E) {
  E = stripIntCasts(E);
  if (const auto *P = dyn_cast_or_null<PseudoObjectExpr>(E))
    E = P->getSyntacticForm()->IgnoreParens();
  if (const auto *M = dyn_cast_or_null<MSPropertyRefExpr>(E))
    if (const auto *D = dyn_cast<DeclRefExpr>(
            cast<Expr>(see(M->getBaseExpr()->IgnoreParenImpCasts()))->IgnoreParenImpCasts()))
      if (!builtinVarName(D->getDecl()).empty())
        return std::make_pair(builtinVarName(D->getDecl()), M->getPropertyDecl()->getName());
  if (const auto *M = dyn_cast_or_null<MemberExpr>(E))
    if (const auto *D = dyn_cast<DeclRefExpr>(M->getBase()->IgnoreParenImpCasts()))
      if (!builtinVarName(D->getDecl()).empty())
        return std::make_pair(builtinVarName(D->getDecl()),
                              M->getMemberDecl()->getName());
  return std::nullopt;
}

bool isSystemBuiltinX(const Expr *E, llvm::StringRef Var, const SourceManager &SM) {
  const auto *P = dyn_cast_or_null<PseudoObjectExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  if (!P)
    return false;
  const auto *M = dyn_cast<MSPropertyRefExpr>(P->getSyntacticForm());
  if (!M || M->getPropertyDecl()->getName() != "x")
    return false;
  const Expr *Base = M->getBaseExpr()->IgnoreImpCasts();
  if (const auto *O = dyn_cast<OpaqueValueExpr>(Base))
    Base = O->getSourceExpr()->IgnoreImpCasts();
  const auto *D = dyn_cast<DeclRefExpr>(Base);
  return D && D->getDecl()->getName() == Var &&
         SM.isInSystemHeader(SM.getExpansionLoc(D->getDecl()->getLocation()));
}

std::optional<Expr::EvalResult> evaluateInt(const Expr *E, const ASTContext &Ctx) {
  Expr::EvalResult R;
  if (E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R;
}

} // namespace cu2hip
