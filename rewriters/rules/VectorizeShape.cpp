//===- VectorizeShape.cpp - grid-stride and single-index forms --------------===//
//
// Part of the rule "vectorize" (VectorizeAst.h).
//===----------------------------------------------------------------------===//
#include "VectorizeAst.h"

namespace cu2hip {
namespace vectorize {

std::string VectorizeAstRule::gridStride(const FunctionDecl *K, const CompoundStmt *Body,
                                         const ForStmt *F, KernelPlan &P) {
  if (F->getForLoc().isMacroID() && !K->getLocation().isMacroID())
    return NotCandidate; // a loop written through a macro is not recognised
  const VarDecl *Idx = indexDecl(F->getInit());
  if (!Idx)
    return NotCandidate;
  std::string I = Idx->getName().str();
  std::string Why = narrowWhy(Idx);
  if (!Why.empty())
    return Why;
  if (!isGlobalIndex(Idx->getInit()))
    return "the loop index is not 'blockIdx.x * blockDim.x + threadIdx.x' (index not "
           "contiguous)";
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      F->getCond() ? F->getCond()->IgnoreParenImpCasts() : nullptr);
  std::string Count;
  if (!Cond || Cond->getOpcode() != BO_LT || !isRefTo(Cond->getLHS(), Idx) ||
      !boundCount(K, Cond->getRHS(), Count))
    return "the loop condition is not '" + I + " < n' with n an integer parameter";
  const auto *Inc = dyn_cast_or_null<CompoundAssignOperator>(
      F->getInc() ? F->getInc()->IgnoreParenImpCasts() : nullptr);
  if (!Inc || Inc->getOpcode() != BO_AddAssign || !isRefTo(Inc->getLHS(), Idx) ||
      !isProductOf(Inc->getRHS(), "blockDim", "gridDim"))
    return "the loop step is not '" + I +
           " += blockDim.x * gridDim.x' (not a grid-stride loop)";
  const Stmt *S = singleStatement(F->getBody());
  if (!S)
    return "the loop body is not one assignment 'y[i] = ...;'";
  if (Body->size() != 1)
    return "the kernel body has statements besides the loop";
  Elementwise W;
  Why = checkBody(K, Idx, S, W);
  if (!Why.empty())
    return Why;
  SourceLocation End = isa<CompoundStmt>(F->getBody())
                           ? cast<CompoundStmt>(F->getBody())->getRBracLoc()
                           : SourceLocation();
  std::string Ind = lineIndent(F->getForLoc()) + "    ";
  // A count of whole vectors takes the form without the group loop and the
  // scalar head and tail (packed.h, vec_map_grid_stride_whole).
  QualType Elem = W.Out->getType()->getPointeeType();
  uint64_t Size = Elem->isIncompleteType() ? 0 : Ctx->getTypeSizeInChars(Elem).getQuantity();
  bool Whole = WholeCounts && Size && 16 % Size == 0 && multipleOf(Cond->getRHS(), 16 / Size);
  std::string Prefix = std::string(Whole ? "cu2hip::vec_map_grid_stride_whole(\n"
                                         : "cu2hip::vec_map_grid_stride(\n") +
                       Ind + Count +
                       ", (size_t)blockIdx.x * blockDim.x + threadIdx.x,\n" + Ind +
                       "(size_t)blockDim.x * gridDim.x, " + W.Out->getName().str() + ",\n" +
                       Ind;
  return planMap(K, W, F->getForLoc(), End, Prefix, {}, P,
                 "the loop header holds CUDA names that are renamed");
}

std::string VectorizeAstRule::matchSingleIndex(const FunctionDecl *K, const CompoundStmt *Body,
                                               SingleIndexShape &Sh) {
  if (Body->size() < 2)
    return NotCandidate;
  Sh.Idx = indexDecl(Body->body_front());
  if (!Sh.Idx)
    return NotCandidate;
  Sh.If = dyn_cast<IfStmt>(*std::next(Body->body_begin()));
  if (!Sh.If)
    return NotCandidate;
  std::string Why = narrowWhy(Sh.Idx);
  if (!Why.empty())
    return Why;
  const IfStmt *If = Sh.If;
  if (If->getElse() || If->getInit() || If->getConditionVariable() ||
      (If->getIfLoc().isMacroID() && !K->getLocation().isMacroID()))
    return NotCandidate;
  // `if (i >= n) return;` guards the rest of the kernel.
  const auto *Ret = dyn_cast_or_null<ReturnStmt>(singleStatement(If->getThen()));
  Sh.EarlyReturn = Ret && !Ret->getRetValue();
  if (Body->size() != (Sh.EarlyReturn ? 3u : 2u))
    return NotCandidate;
  Sh.Store = Sh.EarlyReturn ? Body->body_back() : singleStatement(If->getThen());
  auto A = asAssignment(Sh.Store);
  const auto *Sub = A ? dyn_cast<ArraySubscriptExpr>(A->LHS->IgnoreParenImpCasts()) : nullptr;
  if (!Sub || !isa<DeclRefExpr>(Sub->getBase()->IgnoreParenImpCasts()))
    return NotCandidate; // only a guarded store `a[...] op ...;` is a candidate
  return "";
}

std::string VectorizeAstRule::singleIndex(const FunctionDecl *K, const CompoundStmt *Body,
                                          KernelPlan &P) {
  SingleIndexShape Sh;
  std::string Why = matchSingleIndex(K, Body, Sh);
  if (!Why.empty())
    return Why;
  const VarDecl *Idx = Sh.Idx;
  std::string I = Idx->getName().str();
  if (!isGlobalIndex(Idx->getInit()))
    return "the index is not 'blockIdx.x * blockDim.x + threadIdx.x' (index not "
           "contiguous)";
  const auto *Cond = dyn_cast<BinaryOperator>(Sh.If->getCond()->IgnoreParenImpCasts());
  std::string Count;
  if (!Cond || Cond->getOpcode() != (Sh.EarlyReturn ? BO_GE : BO_LT) ||
      !isRefTo(Cond->getLHS(), Idx) || !boundCount(K, Cond->getRHS(), Count))
    return "the bounds check is not 'if (" + I + " < n)' or 'if (" + I +
           " >= n) return;' with n an integer parameter";
  Elementwise W;
  Why = checkBody(K, Idx, Sh.Store, W);
  if (!Why.empty())
    return Why;
  const ParmVarDecl *NP = param(K, Cond->getRHS());
  if (!NP)
    return singleIndexWhy("the bound '" + text(Cond->getRHS()->getSourceRange()) +
                          "' is not a single parameter, so a launch's element count "
                          "cannot be matched to it");
  if (SM().getFileID(SM().getFileLoc(K->getLocation())) != SM().getMainFileID())
    return singleIndexWhy("the kernel is in a header, so its launches in other files are "
                          "not visible");
  return planSingleIndex(K, Body, Sh, W, NP, Count, P);
}

std::string VectorizeAstRule::planSingleIndex(const FunctionDecl *K, const CompoundStmt *Body,
                                              const SingleIndexShape &Sh, const Elementwise &W,
                                              const ParmVarDecl *NP, const std::string &Count,
                                              KernelPlan &P) {
  P.SingleIndex = true;
  P.BoundParam = NP->getFunctionScopeIndex();
  P.PtrParams.push_back(W.Out->getFunctionScopeIndex());
  for (const ParmVarDecl *In : W.Inputs)
    P.PtrParams.push_back(In->getFunctionScopeIndex());
  P.ElemType = spell(W.Out->getType()->getPointeeType().getCanonicalType());
  std::set<std::string> Taken = takenNames(K);
  std::string Tid = "cu2hip_t";
  while (Taken.count(Tid))
    Tid += "_";
  const auto *DS = cast<DeclStmt>(Body->body_front());
  std::vector<PlannedEdit> Pre{
      {fileRange(DS->getSourceRange()),
       "size_t " + Tid + " = (size_t)blockIdx.x * blockDim.x + threadIdx.x;"}};
  if (hasMappedName(Pre[0].Range))
    return "the index or the bounds check holds CUDA names that are renamed";
  SourceLocation End;
  if (!Sh.EarlyReturn)
    if (const auto *CS = dyn_cast<CompoundStmt>(Sh.If->getThen()))
      End = CS->getRBracLoc();
  std::string Why =
      planMap(K, W, Sh.If->getIfLoc(), End,
              "cu2hip::vec_map_at(" + Tid + ", " + Count + ", " + W.Out->getName().str() +
                  ", ",
              Pre, P, "the index or the bounds check holds CUDA names that are renamed",
              Tid);
  if (!Why.empty())
    return Why;
  return launches(K, P);
}

std::string VectorizeAstRule::lineIndent(SourceLocation L) {
  std::pair<FileID, unsigned> D = SM().getDecomposedLoc(SM().getFileLoc(L));
  llvm::StringRef Buf = SM().getBufferData(D.first);
  size_t NL = Buf.rfind('\n', D.second);
  size_t B = NL == llvm::StringRef::npos ? 0 : NL + 1;
  size_t E = B;
  while (E < Buf.size() && (Buf[E] == ' ' || Buf[E] == '\t'))
    ++E;
  return Buf.slice(B, E).str();
}

std::set<std::string> VectorizeAstRule::takenNames(const FunctionDecl *K) {
  std::set<std::string> R = identifiers(text(K->getBody()->getSourceRange()));
  for (const ParmVarDecl *PV : K->parameters())
    R.insert(PV->getName().str());
  return R;
}

std::string VectorizeAstRule::planMap(const FunctionDecl *K, const Elementwise &W,
                                      SourceLocation Start, SourceLocation End,
                                      const std::string &Prefix, std::vector<PlannedEdit> Pre,
                                      KernelPlan &P, const char *MappedWhy,
                                      const std::string &ExtraTaken) {
  std::set<std::string> Taken = takenNames(K);
  if (!ExtraTaken.empty())
    Taken.insert(ExtraTaken);
  std::map<const ParmVarDecl *, std::string> ArgName;
  for (const ParmVarDecl *In : W.Inputs) {
    std::string N = In->getName().str() + "_i";
    while (Taken.count(N))
      N += "_";
    Taken.insert(N);
    ArgName[In] = N;
  }
  // The lambda's element type as the kernel spells it (`T` in a
  // template, `real_t` through a typedef).
  const FunctionDecl *Pattern = K->getTemplateInstantiationPattern();
  const ParmVarDecl *OutSpelled =
      Pattern ? Pattern->getParamDecl(W.Out->getFunctionScopeIndex()) : W.Out;
  std::string Ty = spell(OutSpelled->getType()->getPointeeType());
  CharSourceRange ERange = fileRange(W.E->getSourceRange());
  if (ERange.isInvalid())
    return "the expression is written through a macro";
  SourceLocation EBegin = ERange.getBegin();
  std::string Head = Prefix + "[=](";
  for (size_t N = 0; N < W.Inputs.size(); ++N)
    Head += (N ? ", " : "") + Ty + " " + ArgName[W.Inputs[N]];
  Head += ") { return";
  if (EBegin == Lexer::getLocForEndOfToken(SM().getFileLoc(W.Assign), 0, SM(), LO()))
    Head += " ";
  std::optional<Token> Semi = Lexer::findNextToken(ERange.getEnd().getLocWithOffset(-1),
                                                   SM(), LO());
  if (!Semi || !Semi->is(tok::semi))
    return "the loop body is not one assignment 'y[i] = ...;'";
  SourceLocation TailEnd = End.isValid() ? End : Semi->getLocation();
  std::string Tail = "; }";
  for (const ParmVarDecl *In : W.Inputs)
    Tail += ", " + In->getName().str();
  Tail += ");";
  std::vector<PlannedEdit> Ed = std::move(Pre);
  SourceLocation AfterAssign =
      Lexer::getLocForEndOfToken(SM().getFileLoc(W.Assign), 0, SM(), LO());
  Ed.push_back({CharSourceRange::getCharRange(SM().getFileLoc(Start), AfterAssign), Head});
  for (auto &Rd : W.Reads)
    Ed.push_back({fileRange(Rd.first), ArgName[Rd.second], /*Whole=*/true});
  Ed.push_back({fileRange(SourceRange(Semi->getLocation(), TailEnd)), Tail});
  for (const PlannedEdit &E : Ed) {
    if (E.Range.isInvalid() || E.Range.getBegin().isMacroID() ||
        E.Range.getEnd().isMacroID())
      return "the kernel is written through a macro, so its text cannot be edited at "
             "one place";
    // A read's text goes away whole (`__ldcs(&x[i])` becomes `x_i`): a
    // name the token rules rename there is no longer written.
    if (!E.Whole && hasMappedName(E.Range))
      return MappedWhy;
  }
  P.Edits = std::move(Ed);
  P.KernelEdits = P.Edits.size();
  return "";
}

} // namespace vectorize
} // namespace cu2hip
