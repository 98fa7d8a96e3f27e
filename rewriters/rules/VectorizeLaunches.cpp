//===- VectorizeLaunches.cpp - launches of single-index kernels -------------===//
//
// Part of the rule "vectorize" (VectorizeAst.h).
//===----------------------------------------------------------------------===//
#include "VectorizeAst.h"

namespace cu2hip {
namespace vectorize {

const Expr *VectorizeAstRule::stripGrid(const Expr *E) {
  while (E) {
    const Expr *Before = E;
    E = E->IgnoreParens()->IgnoreImplicit();
    if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
      if (C->getNumArgs() == 0)
        return E;
      for (unsigned A = 1; A < C->getNumArgs(); ++A)
        if (!isa<CXXDefaultArgExpr>(C->getArg(A)))
          return E;
      E = C->getArg(0);
    } else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E)) {
      E = F->getSubExpr();
    } else if (const auto *X = dyn_cast<ExplicitCastExpr>(E)) {
      if (!X->getType()->isIntegerType())
        return E;
      E = X->getSubExpr();
    }
    if (E == Before)
      return E;
  }
  return E;
}

bool VectorizeAstRule::sameExpr(const Expr *A, const Expr *B) {
  A = A->IgnoreParenImpCasts();
  B = B->IgnoreParenImpCasts();
  llvm::FoldingSetNodeID IA, IB;
  A->Profile(IA, *Ctx, /*Canonical=*/true);
  B->Profile(IB, *Ctx, /*Canonical=*/true);
  if (IA == IB)
    return true;
  std::optional<llvm::APSInt> VA = constant(A), VB = VA ? constant(B) : std::nullopt;
  return VA && VB && *VA == *VB;
}

std::optional<llvm::APSInt> VectorizeAstRule::constant(const Expr *E) {
  std::optional<Expr::EvalResult> R = evaluateInt(E, *Ctx);
  if (!R)
    return std::nullopt;
  return R->Val.getInt();
}

void VectorizeAstRule::terms(const Expr *E, bool Neg,
                             std::vector<std::pair<bool, const Expr *>> &Out) {
  E = E->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    if (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub) {
      terms(B->getLHS(), Neg, Out);
      terms(B->getRHS(), B->getOpcode() == BO_Sub ? !Neg : Neg, Out);
      return;
    }
  Out.push_back({Neg, E});
}

const Expr *VectorizeAstRule::ceilDivCount(const Expr *G, const Expr *N, const Expr *B) {
  G = stripGrid(G);
  if (const auto *C = dyn_cast<CallExpr>(G)) {
    const FunctionDecl *F = C->getDirectCallee();
    if (F && F->getIdentifier() && isCeilDivHelper(F->getName()) && C->getNumArgs() == 2 &&
        sameExpr(C->getArg(0), N) && sameExpr(C->getArg(1), B))
      return C->getArg(0)->IgnoreParenImpCasts();
    return nullptr;
  }
  const auto *D = dyn_cast<BinaryOperator>(G);
  if (!D || D->getOpcode() != BO_Div || !sameExpr(D->getRHS(), B))
    return nullptr;
  std::vector<std::pair<bool, const Expr *>> Ts;
  terms(D->getLHS(), false, Ts);
  const Expr *NT = nullptr;
  std::optional<llvm::APSInt> BV = constant(B);
  int64_t Sum = 0;
  int BTerms = 0;
  for (auto &T : Ts) {
    if (!NT && !T.first && sameExpr(T.second, N)) {
      NT = T.second;
      continue;
    }
    if (!BV && !T.first && sameExpr(T.second, B)) {
      ++BTerms;
      continue;
    }
    std::optional<llvm::APSInt> V = constant(T.second);
    if (!V)
      return nullptr;
    Sum += T.first ? -V->getExtValue() : V->getExtValue();
  }
  if (!NT)
    return nullptr;
  bool Ok = BV ? Sum == BV->getExtValue() - 1 : BTerms == 1 && Sum == -1;
  return Ok ? NT : nullptr;
}

bool VectorizeAstRule::isPlainPointerArg(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isa<DeclRefExpr>(E) || isa<IntegerLiteral>(E))
    return true;
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return isPlainPointerArg(M->getBase());
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub) &&
           isPlainPointerArg(B->getLHS()) && isPlainPointerArg(B->getRHS());
  if (const auto *C = dyn_cast<CXXMemberCallExpr>(E))
    return isa_and_nonnull<CXXConversionDecl>(C->getMethodDecl()) &&
           isPlainPointerArg(C->getImplicitObjectArgument());
  return false;
}

bool VectorizeAstRule::isKernel(const Decl *D, const FunctionDecl *K) {
  const auto *F = dyn_cast_or_null<FunctionDecl>(D);
  return F && F->getCanonicalDecl() == K->getCanonicalDecl();
}

bool VectorizeAstRule::isSameTemplate(const Decl *D, const FunctionDecl *K) {
  const FunctionDecl *KP = K->getTemplateInstantiationPattern();
  if (!KP)
    return isKernel(D, K);
  const FunctionTemplateDecl *TD = KP->getDescribedFunctionTemplate();
  if (const auto *T = dyn_cast_or_null<FunctionTemplateDecl>(D))
    return TD && T->getCanonicalDecl() == TD->getCanonicalDecl();
  const auto *F = dyn_cast_or_null<FunctionDecl>(D);
  return F && TD && F->getPrimaryTemplate() &&
         F->getPrimaryTemplate()->getCanonicalDecl() == TD->getCanonicalDecl();
}

std::string VectorizeAstRule::useKind(const DeclRefExpr *R) {
  if (R->hasExplicitTemplateArgs())
    return "with template arguments";
  DynTypedNodeList Ps = Ctx->getParents(*R);
  while (!Ps.empty()) {
    const Stmt *S = Ps[0].get<Stmt>();
    if (!S)
      break;
    if (const auto *U = dyn_cast<UnaryOperator>(S))
      if (U->getOpcode() == UO_AddrOf)
        return "its address is taken";
    if (const auto *C = dyn_cast<CallExpr>(S)) {
      if (const FunctionDecl *F = C->getDirectCallee())
        return "passed to '" + F->getNameAsString() + "'";
      break;
    }
    if (!isa<ImplicitCastExpr>(S) && !isa<ParenExpr>(S) && !isa<CStyleCastExpr>(S) &&
        !isa<CXXNamedCastExpr>(S))
      break;
    Ps = Ctx->getParents(*S);
  }
  return "not a <<<>>> launch";
}

bool VectorizeAstRule::inKernelFile(SourceLocation L, const FunctionDecl *K) {
  return SM().getFileID(SM().getFileLoc(L)) == SM().getFileID(SM().getFileLoc(K->getLocation()));
}

std::string VectorizeAstRule::launches(const FunctionDecl *K, KernelPlan &P) {
  std::string Name = K->getNameAsString();
  const FunctionDecl *KP = K->getTemplateInstantiationPattern();
  for (const FunctionDecl *O : Kernels)
    if (O != K && O != KP && O->getName() == K->getName() &&
        inKernelFile(O->getLocation(), K))
      return singleIndexWhy("another kernel named '" + Name + "' is defined at " +
                            where(O->getLocation()));
  std::set<const DeclRefExpr *> Callees;
  for (const CUDAKernelCallExpr *L : U.Launches)
    if (const auto *R = dyn_cast<DeclRefExpr>(L->getCallee()->IgnoreParenImpCasts()))
      Callees.insert(R);
  for (const OverloadExpr *O : U.Dependent)
    for (const NamedDecl *D : O->decls())
      if (isSameTemplate(D->getUnderlyingDecl(), K) ||
          isSameTemplate(D->getAsFunction(), K))
        return singleIndexWhy("'" + Name + "' is used at " + where(O->getBeginLoc()) +
                              " in a template whose launch cannot be checked");
  size_t N = 0;
  for (const DeclRefExpr *R : U.Refs) {
    if (!isKernel(R->getDecl(), K) || !inKernelFile(R->getBeginLoc(), K))
      continue;
    if (K->getBody()->getSourceRange().fullyContains(R->getSourceRange()))
      return singleIndexWhy("'" + Name + "' is used inside the kernel at " +
                            where(R->getLocation()));
    if (NestedNameSpecifier *Q = R->getQualifier())
      for (; Q; Q = Q->getPrefix())
        if (Q->getKind() == NestedNameSpecifier::NamespaceAlias)
          return singleIndexWhy("the launch or use at " + where(R->getLocation()) +
                                " names '" + text(R->getSourceRange()) +
                                "', which may be another kernel");
    if (!Callees.count(R))
      return singleIndexWhy("'" + Name + "' is used at " + where(R->getLocation()) +
                            " other than in a launch (" + useKind(R) + ")");
    const CUDAKernelCallExpr *L = nullptr;
    for (const CUDAKernelCallExpr *X : U.Launches)
      if (X->getCallee()->IgnoreParenImpCasts() == R)
        L = X;
    std::string Why = launch(K, L, R, P);
    if (!Why.empty())
      return singleIndexWhy(Why);
    ++N;
  }
  if (N == 0)
    return singleIndexWhy("there is no launch of '" + Name +
                          "' in this file (launches in other files are not visible)");
  return "";
}

std::string VectorizeAstRule::launch(const FunctionDecl *K, const CUDAKernelCallExpr *L,
                                     const DeclRefExpr *R, KernelPlan &P) {
  std::string At = where(R->getLocation());
  if (R->getLocation().isMacroID() && !SM().isMacroArgExpansion(R->getLocation()))
    return "the launch at " + At + " is in a macro body";
  const CallExpr *Config = L->getConfig();
  if (!Config || Config->getNumArgs() < 2)
    return "the launch at " + At + " is not recognised";
  unsigned Given = 0;
  for (const Expr *A : L->arguments())
    Given += !isa<CXXDefaultArgExpr>(A);
  const auto *F = dyn_cast<FunctionDecl>(R->getDecl());
  if (Given != F->getNumParams())
    return "the launch at " + At + " passes " + std::to_string(Given) + " arguments for " +
           std::to_string(F->getNumParams()) + " parameters";
  const Expr *Block = stripGrid(Config->getArg(1));
  bool BlockOk = isa<IntegerLiteral>(Block) || isa<DeclRefExpr>(Block);
  std::string BlockText = text(Config->getArg(1)->getSourceRange());
  if (!BlockOk)
    return "the launch at " + At + " has block size '" + BlockText +
           "', not a literal or a name";
  const Expr *NArg = L->getArg(P.BoundParam);
  const Expr *NT = ceilDivCount(Config->getArg(0), NArg, Block);
  std::string G = text(Config->getArg(0)->getSourceRange());
  if (!NT) {
    const Expr *GS = stripGrid(Config->getArg(0));
    if (isa<DeclRefExpr>(GS) || isa<MemberExpr>(GS))
      return "the launch at " + At + " takes its grid from '" + G +
             "', not from a ceiling division written at the launch";
    return "the launch at " + At + " has grid '" + G + "', not a ceiling division of '" +
           text(NArg->getSourceRange()) + "' (the argument for '" +
           F->getParamDecl(P.BoundParam)->getName().str() + "') by the block size '" +
           BlockText + "'";
  }
  std::string Ptrs;
  for (size_t PI : P.PtrParams) {
    const Expr *A = L->getArg(PI);
    if (!isPlainPointerArg(A))
      return "the launch at " + At + " passes '" + text(A->getSourceRange()) + "' for '" +
             F->getParamDecl(PI)->getName().str() +
             "', which has calls, subscripts, casts or side effects (the rewritten launch "
             "evaluates it twice, and a user type's operator may run again)";
    Ptrs += ", " + text(A->getSourceRange());
  }
  CharSourceRange NR = fileRange(NT->getSourceRange());
  if (NR.isInvalid())
    return "the launch at " + At + " is in a macro body";
  P.Edits.push_back({CharSourceRange::getCharRange(NR.getBegin(), NR.getBegin()),
                     "cu2hip::vec_map_at_threads<" + P.ElemType + ">("});
  P.Edits.push_back(
      {CharSourceRange::getCharRange(NR.getEnd(), NR.getEnd()), Ptrs + ")"});
  return "";
}

} // namespace vectorize
} // namespace cu2hip
