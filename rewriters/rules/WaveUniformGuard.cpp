//===- WaveUniformGuard.cpp - exits every lane of a warp takes together ---===//
//
// See WaveUniformGuard.h.
//===----------------------------------------------------------------------===//
#include "WaveUniformGuard.h"
#include "CudaAst.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cu2hip {
namespace {

/// `threadIdx.x` and friends: the builtin variable's name ("threadIdx") and
/// the component ("x"), for Clang's property reads on the CUDA builtins
/// (__clang_cuda_builtin_vars.h) only: a member of a user variable named
/// like one is not a builtin (CudaAst.h's builtinRead accepts both).
bool builtinComponent(const Expr *E, StringRef &Var, StringRef &Comp) {
  E = E->IgnoreParenImpCasts();
  if (!isa<PseudoObjectExpr>(E))
    return false;
  auto R = builtinRead(E);
  if (!R)
    return false;
  std::tie(Var, Comp) = *R;
  return true;
}

/// Strips what carries a dim3 argument to its value: casts, temporaries,
/// the converting constructor of an integer.
const Expr *stripTemporaries(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *W = dyn_cast<ExprWithCleanups>(E))
      E = W->getSubExpr();
    else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
      E = F->getSubExpr();
    else
      return E;
  }
}

/// Variables referenced other than as a read of their value (assignment,
/// increment, address, reference binding): conservative writes.
class WriteScan : public RecursiveASTVisitor<WriteScan> {
public:
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_LValueToRValue)
      if (const auto *D = dyn_cast<DeclRefExpr>(C->getSubExpr()->IgnoreParens()))
        Reads.insert(D);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      Refs.push_back({D, V});
    return true;
  }
  llvm::DenseSet<const DeclRefExpr *> Reads;
  std::vector<std::pair<const DeclRefExpr *, const VarDecl *>> Refs;
};

} // namespace

LaunchShape launchShape(const CUDAKernelCallExpr *L, const ASTContext &Ctx) {
  LaunchShape S;
  const CallExpr *Cfg = L->getConfig();
  if (!Cfg || Cfg->getNumArgs() < 2)
    return S;
  const Expr *B = stripTemporaries(Cfg->getArg(1));
  auto Constant = [&](const Expr *E, uint64_t &V) {
    Expr::EvalResult R;
    if (E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
      return false;
    V = R.Val.getInt().getZExtValue();
    return true;
  };
  uint64_t X = 0;
  if (B->getType()->isIntegralOrEnumerationType()) {
    S.OneD = true;
    S.XMult32 = Constant(B, X) && X % 32 == 0;
    return S;
  }
  const auto *C = dyn_cast<CXXConstructExpr>(B);
  if (!C || C->getNumArgs() != 3)
    return S; // a dim3 variable, a copy: not seen
  auto IsOne = [&](const Expr *E) {
    uint64_t V = 0;
    return Constant(E, V) && V == 1;
  };
  S.OneD = IsOne(C->getArg(1)) && IsOne(C->getArg(2));
  S.XMult32 = Constant(C->getArg(0), X) && X % 32 == 0;
  return S;
}

/// True when `S` can leave or skip the rest of an enclosing loop's body:
/// a break or continue of that loop (not of a nested loop; a continue
/// inside a switch counts), or a goto.
bool leavesLoop(const Stmt *S, bool InSwitch = false) {
  if (!S)
    return false;
  if (isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) || isa<ContinueStmt>(S))
    return true;
  if (isa<BreakStmt>(S))
    return !InSwitch;
  if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<CXXForRangeStmt>(S))
    return false;
  bool Switch = InSwitch || isa<SwitchStmt>(S);
  for (const Stmt *C : S->children())
    if (leavesLoop(C, Switch))
      return true;
  return false;
}

/// The variable a `for` counts with: `for (int v = ...; cond; ++v / v++ /
/// --v / v-- / v += e / v -= e)`, and the step's right-hand side (null for
/// ++/--).
const VarDecl *inductionVar(const ForStmt *L, const Expr *&Step) {
  const auto *D = dyn_cast_or_null<DeclStmt>(L->getInit());
  if (!D || !D->isSingleDecl() || !L->getCond() || !L->getInc())
    return nullptr;
  const auto *V = dyn_cast<VarDecl>(D->getSingleDecl());
  if (!V || !V->getInit())
    return nullptr;
  const Expr *Inc = L->getInc()->IgnoreParens();
  const Expr *Target = nullptr;
  Step = nullptr;
  if (const auto *U = dyn_cast<UnaryOperator>(Inc)) {
    if (U->isIncrementDecrementOp())
      Target = U->getSubExpr();
  } else if (const auto *B = dyn_cast<CompoundAssignOperator>(Inc)) {
    if (B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign) {
      Target = B->getLHS();
      Step = B->getRHS();
    }
  }
  const auto *R = Target ? dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()) : nullptr;
  return R && R->getDecl() == V ? V : nullptr;
}

void UniformGuards::scanBlock(const CompoundStmt *Block, const ForStmt *Loop) {
  for (const Stmt *S : Block->body()) {
    if (const auto *D = dyn_cast<DeclStmt>(S))
      for (const Decl *X : D->decls())
        if (const auto *V = dyn_cast<VarDecl>(X))
          TopLocals.insert(V);
    if (const auto *L = dyn_cast<ForStmt>(S); L && !Loop) {
      const Expr *Step = nullptr;
      const auto *Body = dyn_cast<CompoundStmt>(L->getBody());
      if (const VarDecl *V = inductionVar(L, Step); V && Body && !leavesLoop(Body)) {
        Loops[V] = L;
        scanBlock(Body, L);
      }
      continue;
    }
    const auto *If = dyn_cast<IfStmt>(S);
    if (!If || If->getElse() || If->hasInitStorage() || If->hasVarStorage() ||
        If->isConstexpr())
      continue;
    const Stmt *Then = If->getThen();
    if (const auto *C = dyn_cast<CompoundStmt>(Then))
      Then = C->size() == 1 ? C->body_front() : nullptr;
    if (const auto *R = dyn_cast_or_null<ReturnStmt>(Then))
      Guards[R] = {If->getCond(), Loop};
  }
}

UniformGuards::UniformGuards(const FunctionDecl *Kernel, bool WarpIdsUniform,
                             const ASTContext &Ctx)
    : Kernel(Kernel), WarpIdsUniform(WarpIdsUniform), Ctx(Ctx) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Kernel->getBody());
  if (!Body)
    return;
  scanBlock(Body, nullptr);
  WriteScan W;
  W.TraverseStmt(const_cast<CompoundStmt *>(Body));
  // A loop's own step is the one write its counter may have.
  llvm::DenseSet<const DeclRefExpr *> StepRefs;
  for (const auto &[V, L] : Loops) {
    WriteScan S;
    S.TraverseStmt(const_cast<Expr *>(L->getInc()));
    for (const auto &R : S.Refs)
      StepRefs.insert(R.first);
  }
  for (const auto &[Ref, Var] : W.Refs)
    if (!W.Reads.count(Ref) && !StepRefs.count(Ref))
      Written.insert(Var);
}

bool UniformGuards::isUniformGuard(const Stmt *Exit) {
  auto It = Guards.find(Exit);
  if (It == Guards.end())
    return false;
  const ForStmt *L = It->second.second;
  // Inside a counting loop: every lane of a warp runs each iteration when
  // the loop's condition is uniform (no break, continue or goto in it).
  return uniform(It->second.first) && (!L || uniform(L->getCond()));
}

bool UniformGuards::warpIndex(const BinaryOperator *B) {
  StringRef Var, Comp;
  if (!WarpIdsUniform || !builtinComponent(B->getLHS(), Var, Comp) || Var != "threadIdx" ||
      Comp != "x")
    return false;
  Expr::EvalResult R;
  if (B->getRHS()->isValueDependent() || !B->getRHS()->EvaluateAsInt(R, Ctx))
    return false;
  uint64_t K = R.Val.getInt().getZExtValue();
  return B->getOpcode() == BO_Div ? K != 0 && K % 32 == 0 : B->getOpcode() == BO_Shr && K >= 5;
}

bool UniformGuards::uniformVar(const VarDecl *V, unsigned Depth) {
  if (Written.count(V) || V->getType()->isReferenceType() || V->getType().isVolatileQualified())
    return false;
  if (const auto *P = dyn_cast<ParmVarDecl>(V))
    return P->getDeclContext() == Kernel;
  if (auto L = Loops.find(V); L != Loops.end()) {
    // By induction: uniform at entry, and each step keeps it so while the
    // condition (which reads it) is uniform.
    if (!Assumed.insert(V).second)
      return true;
    const Expr *Step = nullptr;
    inductionVar(L->second, Step);
    bool R = uniform(V->getInit(), Depth + 1) && uniform(L->second->getCond(), Depth + 1) &&
             (!Step || uniform(Step, Depth + 1));
    Assumed.erase(V);
    return R;
  }
  if (!TopLocals.count(V) || !V->getInit())
    return false;
  return uniform(V->getInit(), Depth + 1);
}

bool UniformGuards::uniform(const Expr *E, unsigned Depth) {
  if (Depth > 16)
    return false;
  E = E->IgnoreParenImpCasts();
  if (E->isValueDependent())
    return false;
  if (E->isIntegerConstantExpr(Ctx))
    return true;
  StringRef Var, Comp;
  if (builtinComponent(E, Var, Comp)) {
    if (Var == "blockIdx" || Var == "blockDim" || Var == "gridDim")
      return true;
    return Var == "threadIdx" && Comp != "x" && WarpIdsUniform;
  }
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    return V && uniformVar(V, Depth);
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp() || B->getOpcode() == BO_Comma)
      return false;
    return warpIndex(B) || (uniform(B->getLHS(), Depth + 1) && uniform(B->getRHS(), Depth + 1));
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    switch (U->getOpcode()) {
    case UO_Minus:
    case UO_Plus:
    case UO_Not:
    case UO_LNot:
      return uniform(U->getSubExpr(), Depth + 1);
    default:
      return false;
    }
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return uniform(C->getCond(), Depth + 1) && uniform(C->getTrueExpr(), Depth + 1) &&
           uniform(C->getFalseExpr(), Depth + 1);
  if (const auto *C = dyn_cast<ExplicitCastExpr>(E))
    return uniform(C->getSubExpr(), Depth + 1);
  return false;
}

} // namespace cu2hip
