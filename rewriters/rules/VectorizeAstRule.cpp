//===- VectorizeAstRule.cpp - rule "vectorize" on the AST (--vectorize) ---===//
//
// Elementwise kernels to 128-bit accesses (docs/vectorize.md), decided on the
// AST of the device parse:
//
//   grid-stride:  for (I i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
//                      i += blockDim.x * gridDim.x)  y[i] = E(a[i], b[i]);
//     becomes     cu2hip::vec_map_grid_stride(COUNT, tid, nthreads, y,
//                     [=](T a_i, T b_i) { return E(a_i, b_i); }, a, b);
//   single index: I i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = E;
//     becomes     size_t cu2hip_t = ...; cu2hip::vec_map_at(cu2hip_t, COUNT, y, [=]...);
//     together with every launch of the kernel in the file, whose grid
//     ceil(N / B) becomes ceil(cu2hip::vec_map_at_threads<T>(N, y, a, b) / B).
//
// Facts come from Sema, not from spelling: element types are compared as
// canonical types (typedefs, `using`, template arguments see through),
// qualifiers from QualType, purity from the expression's nodes and the
// bodies of what it calls, counts from constant evaluation, launches from
// CUDAKernelCallExpr. A kernel template is checked per instantiation and
// edited once at the template's spelling when every instantiation is
// elementwise and needs the same edit (packed.h picks the lane count from
// the element type: 4 floats, 8 __half/__nv_bfloat16, 2 doubles per access).
//
// Edits are made at spelling locations and leave the user's expression
// tokens in place. Kernels written through macros or with errors are
// refused with a note; nothing falls back to token parsing.
//===----------------------------------------------------------------------===//
#include "VectorizeAst.h"

namespace cu2hip {
namespace vectorize {

CharSourceRange VectorizeAstRule::fileRange(SourceRange R) {
  return Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM(), LO());
}

std::string VectorizeAstRule::text(SourceRange R) {
  CharSourceRange F = fileRange(R);
  if (F.isInvalid())
    return "";
  return Lexer::getSourceText(F, SM(), LO()).str();
}

std::string VectorizeAstRule::where(SourceLocation L) {
  SourceLocation S = SM().getSpellingLoc(L);
  return ctx().portedFile(S) + ":" + std::to_string(SM().getSpellingLineNumber(S));
}

std::string VectorizeAstRule::spell(QualType T) {
  PrintingPolicy P(LO());
  P.SuppressTagKeyword = true;
  P.SuppressUnwrittenScope = true;
  std::string S = T.getUnqualifiedType().getAsString(P);
  if (const MapEntry *ME = ctx().maps().lookupName(S))
    if (ME->status() != MapStatus::Unsupported)
      return ME->Hip;
  return S;
}

bool VectorizeAstRule::hasMappedName(CharSourceRange R) {
  for (const std::string &N : identifiers(Lexer::getSourceText(R, SM(), LO()).str()))
    if (const MapEntry *E = ctx().maps().lookupName(N))
      if (E->Hip != N)
        return true;
  return false;
}

std::set<std::string> VectorizeAstRule::identifiers(const std::string &Text) {
  std::set<std::string> R;
  TokenStream T(Text); // Text is NUL-terminated, as the lexer needs
  for (const Tok &K : T.tokens())
    if (K.isIdent())
      R.insert(K.Text.str());
  return R;
}

void VectorizeAstRule::refuse(const FunctionDecl *K, const llvm::Twine &Why) {
  ctx().report(id(), Severity::Note, K->getLocation(),
               ("kernel '" + K->getName() + "' not vectorized: " + Why).str());
}

std::string VectorizeAstRule::singleIndexWhy(const llvm::Twine &Why) {
  return ("single-index form (one element per thread): emitted only when every use "
          "of the kernel is a launch whose grid the porter rewrites "
          "(cu2hip::vec_map_at_threads), but " +
          Why + "; left scalar")
      .str();
}

void VectorizeAstRule::kernel(const FunctionDecl *K) {
  const FunctionTemplateDecl *TD = K->getDescribedFunctionTemplate();
  std::vector<const FunctionDecl *> Concrete;
  if (TD) {
    for (const FunctionDecl *S : TD->specializations())
      if (S->getTemplateSpecializationKind() != TSK_ExplicitSpecialization &&
          S->hasBody())
        Concrete.push_back(S);
  } else {
    Concrete.push_back(K);
  }
  if (Concrete.empty()) {
    // Is the pattern a candidate at all? Its shape is visible without
    // types: a grid-stride loop or an index from the thread index.
    if (patternLooksElementwise(K))
      refuse(K, "it is a template with no instantiation in this file, so its element "
                "types cannot be checked");
    return;
  }
  if (K->getBody()->getBeginLoc().isMacroID()) {
    if (patternLooksElementwise(K))
      refuse(K, "the kernel is written through a macro, so its text cannot be edited at "
                "one place");
    return;
  }
  std::optional<KernelPlan> First;
  WholeCounts = true;
  for (size_t I = 0; I < Concrete.size(); ++I) {
    const FunctionDecl *C = Concrete[I];
    KernelPlan P;
    std::string Why = analyse(C, P);
    if (Why == NotCandidate)
      return;
    if (!Why.empty()) {
      if (TD)
        return refuse(K, "instantiation '" + instName(C) + "': " + Why);
      return refuse(K, Why);
    }
    if (!First) {
      First = std::move(P);
      continue;
    }
    if (!samePlan(*First, P) && WholeCounts) {
      // Instantiations whose widths make the count whole for some only:
      // every one takes vec_map_grid_stride (analysed again).
      WholeCounts = false;
      First.reset();
      I = size_t(-1);
      continue;
    }
    if (!samePlan(*First, P))
      return refuse(K, "its instantiations need different edits ('" +
                           instName(Concrete.front()) + "' and '" + instName(C) + "')");
    // Launches of every instantiation are rewritten.
    First->Edits.insert(First->Edits.end(), P.Edits.begin() + P.KernelEdits, P.Edits.end());
  }
  emit(K, *First);
}

std::string VectorizeAstRule::instName(const FunctionDecl *C) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  PrintingPolicy P(LO());
  P.SuppressTagKeyword = true;
  C->getNameForDiagnostic(OS, P, /*Qualified=*/false);
  return OS.str();
}

bool VectorizeAstRule::samePlan(const KernelPlan &A, const KernelPlan &B) {
  if (A.SingleIndex != B.SingleIndex || A.KernelEdits != B.KernelEdits)
    return false;
  for (size_t I = 0; I < A.KernelEdits; ++I)
    if (A.Edits[I].Range.getAsRange() != B.Edits[I].Range.getAsRange() ||
        A.Edits[I].Text != B.Edits[I].Text)
      return false;
  return true;
}

bool VectorizeAstRule::patternLooksElementwise(const FunctionDecl *K) {
  const auto *Body = dyn_cast<CompoundStmt>(K->getBody());
  if (!Body || Body->body_empty())
    return false;
  const Stmt *S = Body->body_front();
  if (const auto *F = dyn_cast<ForStmt>(S))
    S = F->getInit();
  const auto *DS = dyn_cast_or_null<DeclStmt>(S);
  if (!DS || !DS->isSingleDecl())
    return false;
  const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl());
  return V && V->getInit() && mentionsBuiltin(V->getInit(), "threadIdx") &&
         mentionsBuiltin(V->getInit(), "blockIdx");
}

const VarDecl *VectorizeAstRule::indexDecl(const Stmt *S) {
  const auto *DS = dyn_cast_or_null<DeclStmt>(S);
  if (!DS || !DS->isSingleDecl())
    return nullptr;
  const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl());
  if (!V || !V->getInit() || !mentionsBuiltin(V->getInit(), "threadIdx") ||
      !mentionsBuiltin(V->getInit(), "blockIdx"))
    return nullptr;
  return V;
}

std::string VectorizeAstRule::narrowWhy(const VarDecl *V) {
  if (!isNarrowIndex(*Ctx, V->getType()) && !V->getType()->isBooleanType())
    return "";
  return "the index has the narrow type '" + spell(V->getType()) +
         "', which wraps where the vectorized size_t index would not";
}

std::string VectorizeAstRule::analyse(const FunctionDecl *K, KernelPlan &P) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(K->getBody());
  if (!Body || Body->body_empty())
    return NotCandidate;
  std::string Why;
  if (const auto *F = dyn_cast<ForStmt>(Body->body_front())) {
    Why = gridStride(K, Body, F, P);
  } else {
    Why = singleIndex(K, Body, P);
  }
  if (Why.empty() && containsErrors(Body))
    return "the kernel's body has errors in the parse";
  return Why;
}

bool VectorizeAstRule::boundCount(const FunctionDecl *K, const Expr *N, std::string &Count) {
  bool Unsigned = true, AnyParam = false;
  if (!intExprOfParams(K, N, Unsigned, AnyParam))
    return false;
  std::string T = text(N->getSourceRange());
  if (T.empty())
    return false;
  Count = Unsigned && AnyParam ? "(size_t)(" + T + ")"
                               : "(" + T + ") > 0 ? (size_t)(" + T + ") : (size_t)0";
  return true;
}

bool VectorizeAstRule::intExprOfParams(const FunctionDecl *K, const Expr *E, bool &Unsigned,
                                       bool &AnyParam) {
  E = E->IgnoreParenImpCasts();
  if (!E->getType()->isIntegerType() && !E->getType()->isEnumeralType())
    return false;
  if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *PV = dyn_cast<ParmVarDecl>(R->getDecl())) {
      if (PV->getDeclContext() != K)
        return false;
      Unsigned &= PV->getType()->isUnsignedIntegerType();
      AnyParam = true;
      return true;
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    if (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub || B->getOpcode() == BO_Mul)
      return intExprOfParams(K, B->getLHS(), Unsigned, AnyParam) &&
             intExprOfParams(K, B->getRHS(), Unsigned, AnyParam);
  // A constant: a literal, `constexpr` variable, enumerator, sizeof, ...
  if (evaluateInt(E, *Ctx)) {
    Unsigned = false; // a literal count keeps the guard for N <= 0
    return true;
  }
  return false;
}

bool VectorizeAstRule::multipleOf(const Expr *N, uint64_t W) {
  N = N->IgnoreParenCasts();
  if (auto V = evaluateInt(N, *Ctx)) {
    const llvm::APSInt &I = V->Val.getInt();
    return !V->HasSideEffects && I.urem(W) == 0;
  }
  const auto *B = dyn_cast<BinaryOperator>(N);
  if (!B)
    return false;
  switch (B->getOpcode()) {
  case BO_Mul:
    return multipleOf(B->getLHS(), W) || multipleOf(B->getRHS(), W);
  case BO_Add:
  case BO_Sub:
    return multipleOf(B->getLHS(), W) && multipleOf(B->getRHS(), W);
  default:
    return false;
  }
}

void VectorizeAstRule::emit(const FunctionDecl *K, const KernelPlan &P) {
  for (const PlannedEdit &E : P.Edits)
    ctx().replace(id(), E.Range, E.Text, E.Whole);
  ctx().claim(id(), fileRange(K->getBody()->getSourceRange()));
  ctx().requestHeader(K->getLocation(), "cu2hip/packed.h");
}

} // namespace vectorize

std::unique_ptr<AstRule> createVectorizeAstRule() {
  return std::make_unique<vectorize::VectorizeAstRule>();
}

} // namespace cu2hip
