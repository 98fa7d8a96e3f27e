//===- VectorizePurity.cpp - the elementwise body ---------------------------===//
//
// Part of the rule "vectorize" (VectorizeAst.h).
//===----------------------------------------------------------------------===//
#include "VectorizeAst.h"

namespace cu2hip {
namespace vectorize {

const ParmVarDecl *VectorizeAstRule::param(const FunctionDecl *K, const Expr *E) {
  const auto *R = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  if (!R)
    return nullptr;
  const auto *PV = dyn_cast<ParmVarDecl>(R->getDecl());
  return PV && PV->getDeclContext() == K ? PV : nullptr;
}

bool VectorizeAstRule::isElementPointer(const ParmVarDecl *P) {
  return P && P->getType()->isPointerType() &&
         !P->getType()->getPointeeType()->isPointerType();
}

std::string VectorizeAstRule::checkBody(const FunctionDecl *K, const VarDecl *Idx, const Stmt *S,
                                        Elementwise &W) {
  const char *NotOne = "the loop body is not one assignment 'y[i] = ...;'";
  auto A = asAssignment(S);
  if (!A)
    return NotOne;
  const auto *Sub = dyn_cast<ArraySubscriptExpr>(A->LHS->IgnoreParenImpCasts());
  if (!Sub || !isa<DeclRefExpr>(Sub->getBase()->IgnoreParenImpCasts()))
    return NotOne;
  if (!isRefTo(Sub->getIdx(), Idx))
    return "the output is written at '" + text(Sub->getSourceRange()) +
           "', not at the index (index not contiguous)";
  if (!A->Plain)
    return "in-place update '" +
           text(SourceRange(Sub->getBeginLoc(), A->OpLoc)) +
           "' (the output is also an input; vec_map_* take __restrict__ pointers)";
  W.Out = param(K, Sub->getBase());
  W.E = A->RHS;
  W.Assign = A->OpLoc;
  std::string Y = text(Sub->getBase()->getSourceRange());
  if (!isElementPointer(W.Out))
    return "the output '" + Y + "' is not a pointer parameter of the kernel";
  std::string Why = scan(K, Idx, W, W.E, nullptr);
  if (!Why.empty())
    return Why;
  if (W.Reads.empty())
    return "the expression reads no input array (a fill; nothing to vectorize)";
  for (const ParmVarDecl *PV : K->parameters())
    for (auto &Rd : W.Reads)
      if (Rd.second == PV) {
        W.Inputs.push_back(PV);
        break;
      }
  return checkTypes(W);
}

std::string VectorizeAstRule::checkTypes(const Elementwise &W) {
  QualType YT = W.Out->getType()->getPointeeType();
  std::string Y = W.Out->getName().str();
  if (YT.isConstQualified())
    return "the output '" + Y + "' is a pointer to const";
  for (const ParmVarDecl *In : W.Inputs) {
    QualType IT = In->getType()->getPointeeType();
    if (!Ctx->hasSameUnqualifiedType(YT, IT))
      return "element types differ ('" + Y + "' is " + spell(YT) + ", '" +
             In->getName().str() + "' is " + spell(IT) +
             "); the 128-bit form needs one element type";
  }
  if (!isVectorizableElement(YT))
    return "element type '" + spell(YT) +
           "' is not one the porter vectorizes (float, double, __half, __nv_bfloat16)";
  if (YT.isVolatileQualified())
    return "the output '" + Y + "' is volatile (each access must stay a scalar access)";
  for (const ParmVarDecl *In : W.Inputs)
    if (In->getType()->getPointeeType().isVolatileQualified())
      return "the input '" + In->getName().str() +
             "' is volatile (each access must stay a scalar access)";
  if (!W.Out->getType().isRestrictQualified())
    return "'" + Y + "' is not __restrict__: the output may overlap an input";
  for (const ParmVarDecl *In : W.Inputs)
    if (!In->getType().isRestrictQualified())
      return "'" + In->getName().str() + "' is not __restrict__: it may overlap the output";
  return "";
}

std::optional<std::pair<SourceRange, const ArraySubscriptExpr *>>
VectorizeAstRule::ldgRead(const CallExpr *C, const VarDecl *Idx) {
  const FunctionDecl *F = C->getDirectCallee();
  static constexpr llvm::StringLiteral Loads[] = {"__ldg", "__ldca", "__ldcg", "__ldcs",
                                                  "__ldlu"};
  if (!F || !F->getIdentifier() || C->getNumArgs() != 1 ||
      !llvm::is_contained(Loads, F->getName()))
    return std::nullopt;
  const auto *U = dyn_cast<UnaryOperator>(C->getArg(0)->IgnoreParenImpCasts());
  if (!U || U->getOpcode() != UO_AddrOf)
    return std::nullopt;
  const auto *Sub = dyn_cast<ArraySubscriptExpr>(U->getSubExpr()->IgnoreParens());
  if (!Sub || !isRefTo(Sub->getIdx(), Idx))
    return std::nullopt;
  return std::make_pair(C->getSourceRange(), Sub);
}

std::string VectorizeAstRule::scanNode(const FunctionDecl *K, const VarDecl *Idx, Elementwise &W,
                                       const Stmt *S, const Stmt *Parent, bool &Done) {
  if (hasSideEffectOperator(S))
    return "the expression has side effects";
  if (const auto *R = dyn_cast<DeclRefExpr>(S)) {
    Done = true;
    return nameWhy(K, Idx, R);
  }
  if (const auto *C = dyn_cast<CallExpr>(S)) {
    if (auto L = ldgRead(C, Idx)) {
      Done = true;
      return read(K, W, L->second, L->first);
    }
    const FunctionDecl *F = C->getDirectCallee();
    if (!F)
      return "the expression calls through a pointer or an object (the callee "
             "cannot be checked)";
    std::set<const FunctionDecl *> Seen;
    return callee(F, Seen, /*Direct=*/true);
  }
  if (const auto *C = dyn_cast<CXXConstructExpr>(S)) {
    std::set<const FunctionDecl *> Seen;
    return callee(C->getConstructor(), Seen, /*Direct=*/true);
  }
  if (isa<CXXDefaultArgExpr>(S) || isa<CXXDefaultInitExpr>(S)) {
    // A default written at the callee's declaration, evaluated here.
    std::set<const FunctionDecl *> Seen;
    std::string Why = body(K, S, Seen);
    if (llvm::StringRef(Why).startswith("\x02"))
      return "a default argument of the expression uses '" + Why.substr(1) +
             "', which depends on the thread or has effects";
    return Why;
  }
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(S))
    return subscriptWhy(K, Idx, W, Sub, Parent, Done);
  return "";
}

bool VectorizeAstRule::hasSideEffectOperator(const Stmt *S) {
  if (const auto *U = dyn_cast<UnaryOperator>(S))
    return U->isIncrementDecrementOp();
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    return B->isAssignmentOp();
  if (const auto *O = dyn_cast<CXXOperatorCallExpr>(S))
    return O->isAssignmentOp() || O->getOperator() == OO_PlusPlus ||
           O->getOperator() == OO_MinusMinus;
  return false;
}

std::string VectorizeAstRule::nameWhy(const FunctionDecl *K, const VarDecl *Idx,
                                      const DeclRefExpr *R) {
  llvm::StringRef B = builtinVarName(R->getDecl());
  if (!B.empty())
    return ("the expression uses '" + B + "', which depends on the thread or has effects")
        .str();
  if (R->getDecl() == Idx)
    return "the index '" + Idx->getName().str() +
           "' is used in the expression other than as a subscript 'a[" +
           Idx->getName().str() + "]'";
  const ParmVarDecl *PV = param(K, R);
  if (PV && PV->getType()->isPointerType())
    return "pointer parameter '" + PV->getName().str() + "' is used other than as '" +
           PV->getName().str() + "[" + Idx->getName().str() + "]'";
  return "";
}

std::string VectorizeAstRule::subscriptWhy(const FunctionDecl *K, const VarDecl *Idx,
                                           Elementwise &W, const ArraySubscriptExpr *Sub,
                                           const Stmt *Parent, bool &Done) {
  if (isRefTo(Sub->getIdx(), Idx)) {
    Done = true;
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(Parent))
      if (U->getOpcode() == UO_AddrOf)
        return "the address of '" + text(Sub->getSourceRange()) +
               "' is taken (only the element's value may be used)";
    return read(K, W, Sub, Sub->getSourceRange());
  }
  if (refersTo(Sub->getIdx(), Idx))
    return "'" + text(Sub->getSourceRange()) +
           "' is not read at the index (index not contiguous)";
  const ParmVarDecl *PV = param(K, Sub->getBase());
  if (PV && PV->getType()->isPointerType())
    return "'" + text(Sub->getSourceRange()) + "' reads '" + PV->getName().str() +
           "' other than at the index";
  return "";
}

std::string VectorizeAstRule::scan(const FunctionDecl *K, const VarDecl *Idx, Elementwise &W,
                                   const Stmt *S, const Stmt *Parent) {
  S = see(S);
  if (!S)
    return "";
  bool Done = false;
  std::string Why = scanNode(K, Idx, W, S, Parent, Done);
  if (!Why.empty() || Done)
    return Why;
  const Stmt *Me = S;
  for (const Stmt *C : S->children()) {
    Why = scan(K, Idx, W, C, isa<ImplicitCastExpr>(Me) ? Parent : Me);
    if (!Why.empty())
      return Why;
  }
  return "";
}

std::string VectorizeAstRule::read(const FunctionDecl *K, Elementwise &W,
                                   const ArraySubscriptExpr *Sub, SourceRange Range) {
  const ParmVarDecl *PV = param(K, Sub->getBase());
  std::string A = text(Sub->getBase()->getSourceRange());
  if (!isElementPointer(PV))
    return "'" + text(Sub->getSourceRange()) +
           "' reads an array that is not a pointer parameter of the kernel";
  if (PV == W.Out)
    return "in-place: '" + A +
           "' is both read and written (vec_map_* take __restrict__ pointers)";
  W.Reads.push_back({Range, PV});
  return "";
}

std::string VectorizeAstRule::callee(const FunctionDecl *F, std::set<const FunctionDecl *> &Seen,
                                     bool Direct) {
  if (!F || !Seen.insert(F->getCanonicalDecl()).second)
    return "";
  // A skipped SDK body: this parse is redone with every body (SdkBodies.h).
  if (ctx().bodySkipped(F))
    return "";
  std::string Name = F->getNameAsString();
  if (const auto *M = dyn_cast<CXXMethodDecl>(F))
    if (M->isVirtual())
      return "the expression calls '" + Name +
             "', which is virtual (the function that runs cannot be checked)";
  const FunctionDecl *Def = nullptr;
  bool User = false;
  if (F->hasBody(Def) && Def) {
    User = !ctx().portedFile(SM().getFileLoc(Def->getLocation())).empty();
  } else {
    User = !ctx().portedFile(SM().getFileLoc(F->getLocation())).empty();
  }
  if (!Def || !Def->getBody()) {
    if (F->getBuiltinID() || !User) {
      if (isThreadOrEffectBuiltin(Name))
        return Direct ? "the expression uses '" + Name +
                            "', which depends on the thread or has effects"
                      : "\x02" + Name;
      return "";
    }
    return "the expression calls '" + Name +
           "', which is not defined in this file (its body cannot be checked)";
  }
  if (User)
    for (const ParmVarDecl *PV : Def->parameters())
      if (PV->getType()->isReferenceType())
        return "the expression calls '" + Name +
               "', which takes a parameter by reference (the vectorized form passes a "
               "copy of the element)";
  std::string Why;
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (!(Why = body(Def, Init->getInit(), Seen)).empty())
        break;
  if (Why.empty())
    Why = body(Def, Def->getBody(), Seen);
  if (llvm::StringRef(Why).startswith("\x02"))
    return "the expression calls '" + Name + "', which uses '" + Why.substr(1) +
           "' (it depends on the thread or has effects)";
  return Why;
}

std::string VectorizeAstRule::body(const FunctionDecl *F, const Stmt *S,
                                   std::set<const FunctionDecl *> &Seen) {
  S = see(S);
  if (!S)
    return "";
  // Default arguments and member initializers are not children of the
  // node that uses them.
  if (const auto *D = dyn_cast<CXXDefaultArgExpr>(S))
    return body(F, D->getExpr(), Seen);
  if (const auto *D = dyn_cast<CXXDefaultInitExpr>(S))
    return body(F, D->getExpr(), Seen);
  if (const auto *R = dyn_cast<DeclRefExpr>(S)) {
    llvm::StringRef B = builtinVarName(R->getDecl());
    if (!B.empty())
      return ("\x02" + B).str();
  }
  if (const auto *A = dyn_cast<GCCAsmStmt>(S))
    if (A->isVolatile())
      return "\x02" "asm volatile";
  if (auto A = asAssignment(S))
    if (!writesLocal(F, A->LHS))
      return "the expression calls '" + F->getNameAsString() +
             "', which writes memory other than its own locals";
  if (const auto *U = dyn_cast<UnaryOperator>(S))
    if (U->isIncrementDecrementOp() && !writesLocal(F, U->getSubExpr()))
      return "the expression calls '" + F->getNameAsString() +
             "', which writes memory other than its own locals";
  const FunctionDecl *G = nullptr;
  if (const auto *C = dyn_cast<CallExpr>(S))
    G = C->getDirectCallee();
  else if (const auto *C = dyn_cast<CXXConstructExpr>(S))
    G = C->getConstructor();
  if (G) {
    std::string Why = callee(G, Seen, /*Direct=*/false);
    if (!Why.empty())
      return Why;
  }
  for (const Stmt *C : S->children()) {
    std::string Why = body(F, C, Seen);
    if (!Why.empty())
      return Why;
  }
  return "";
}

bool VectorizeAstRule::writesLocal(const FunctionDecl *F, const Expr *LHS) {
  const Expr *E = LHS->IgnoreParenImpCasts();
  while (true) {
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      if (isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
        return isa<CXXMethodDecl>(F);
      if (M->isArrow())
        return false;
      E = M->getBase()->IgnoreParenImpCasts();
      continue;
    }
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
      if (!A->getBase()->IgnoreParenImpCasts()->getType()->isArrayType() &&
          !isa<DeclRefExpr>(A->getBase()->IgnoreParenImpCasts()))
        return false;
      const auto *R = dyn_cast<DeclRefExpr>(A->getBase()->IgnoreParenImpCasts());
      if (!R || !R->getDecl()->getType()->isArrayType())
        return false;
      E = R;
      continue;
    }
    break;
  }
  const auto *R = dyn_cast<DeclRefExpr>(E);
  if (!R)
    return false;
  const auto *V = dyn_cast<VarDecl>(R->getDecl());
  return V && V->isLocalVarDeclOrParm() && !V->getType()->isReferenceType() &&
         V->getDeclContext() == F;
}

} // namespace vectorize
} // namespace cu2hip
