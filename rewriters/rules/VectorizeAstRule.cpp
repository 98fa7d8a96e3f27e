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
#include "cu2hip/AstRule.h"
#include "cu2hip/Tokens.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/StringSwitch.h"
#include <map>
#include <optional>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace cu2hip {

llvm::ArrayRef<RuleIdInfo> vectorizeIds(); // VectorizeCastsRule.cpp
namespace {

// ---------------------------------------------------------------------------
// Expression helpers
// ---------------------------------------------------------------------------

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
struct Assignment {
  const Expr *LHS = nullptr, *RHS = nullptr;
  bool Plain = false; ///< `=`, not a compound assignment
  SourceLocation OpLoc;
};

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

// ---------------------------------------------------------------------------
// The rule
// ---------------------------------------------------------------------------

/// One edit, as a file range and its replacement.
struct PlannedEdit {
  CharSourceRange Range;
  std::string Text;
  bool Whole = false; ///< a read: its text goes away whole (Edit::Whole)
};

/// What an elementwise body `y[i] = E;` is made of.
struct Elementwise {
  const ParmVarDecl *Out = nullptr;
  const Expr *E = nullptr;
  SourceLocation Assign; ///< the `=` before E
  /// Array reads in E (`a[i]`, `__ldg(&a[i])`, `__ldcs(&a[i])`, ...) and
  /// their array.
  std::vector<std::pair<SourceRange, const ParmVarDecl *>> Reads;
  std::vector<const ParmVarDecl *> Inputs; ///< in parameter order
};

/// A launch's grid edit: `vec_map_at_threads<T>(` before, `, ptrs)` after.
struct LaunchEdit {
  SourceRange Count;
  std::string Type, PtrArgs;
};

/// The analysis of one concrete kernel (a function or an instantiation).
struct KernelPlan {
  /// The kernel's edits first (KernelEdits of them), then two per launch.
  std::vector<PlannedEdit> Edits;
  size_t KernelEdits = 0;
  bool SingleIndex = false;
  size_t BoundParam = 0;
  std::vector<size_t> PtrParams; ///< output first, then inputs
  std::string ElemType;          ///< canonical, mapped (for launches)
};

/// Uses of kernels in the translation unit.
struct Uses {
  std::vector<const CUDAKernelCallExpr *> Launches;
  std::vector<const DeclRefExpr *> Refs;
  std::vector<const OverloadExpr *> Dependent;
};

class UseCollector : public RecursiveASTVisitor<UseCollector> {
public:
  explicit UseCollector(Uses &U) : U(U) {}
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    U.Launches.push_back(E);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *F = dyn_cast<FunctionDecl>(E->getDecl()))
      if (F->hasAttr<CUDAGlobalAttr>())
        U.Refs.push_back(E);
    return true;
  }
  bool VisitUnresolvedLookupExpr(UnresolvedLookupExpr *E) {
    U.Dependent.push_back(E);
    return true;
  }

private:
  Uses &U;
};

class VectorizeAstRule : public AstRule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override { return vectorizeIds(); }
  bool enabled(const Options &O) const override { return O.Vectorize; }
  bool followsCalleeBodies(size_t Config) const override { return Config == 1; }

  void registerMatchers(MatchFinder &F) override {
    F.addMatcher(functionDecl(hasAttr(attr::CUDAGlobal), isDefinition()).bind("k"), this);
  }

  void check(const MatchFinder::MatchResult &R) override {
    // Kernels run on the device: the device parse decides (one decision
    // for all configurations, so notes and edits never disagree).
    if (ctx().configuration() != 1)
      return;
    Ctx = R.Context;
    const auto *K = R.Nodes.getNodeAs<FunctionDecl>("k");
    if (!K || K->isTemplateInstantiation() || !K->hasBody())
      return;
    if (!ctx().portedFile(ctx().sourceManager().getFileLoc(K->getLocation())).empty())
      Kernels.push_back(K);
  }

  void onEndOfTranslationUnit() override {
    if (!Ctx)
      return;
    UseCollector(U).TraverseDecl(Ctx->getTranslationUnitDecl());
    for (const FunctionDecl *K : Kernels)
      kernel(K);
  }

private:
  ASTContext *Ctx = nullptr;
  std::vector<const FunctionDecl *> Kernels;
  Uses U;

  const SourceManager &SM() { return ctx().sourceManager(); }
  const LangOptions &LO() { return ctx().langOptions(); }

  // ---- text -------------------------------------------------------------

  /// The file range of `R` (a token range), or an invalid range inside a
  /// macro body.
  CharSourceRange fileRange(SourceRange R) {
    return Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM(), LO());
  }

  /// Source text of `R` as written.
  std::string text(SourceRange R) {
    CharSourceRange F = fileRange(R);
    if (F.isInvalid())
      return "";
    return Lexer::getSourceText(F, SM(), LO()).str();
  }

  /// `file:line` of the spelling of `L`.
  std::string where(SourceLocation L) {
    SourceLocation S = SM().getSpellingLoc(L);
    return ctx().portedFile(S) + ":" + std::to_string(SM().getSpellingLineNumber(S));
  }

  /// The type as the kernel spells it (typedef and template parameter names
  /// kept), its CUDA name mapped to HIP's.
  std::string spell(QualType T) {
    PrintingPolicy P(LO());
    P.SuppressTagKeyword = true;
    P.SuppressUnwrittenScope = true;
    std::string S = T.getUnqualifiedType().getAsString(P);
    if (const MapEntry *ME = ctx().maps().lookupName(S))
      if (ME->status() != MapStatus::Unsupported)
        return ME->Hip;
    return S;
  }

  /// Does the file text of `R` hold a CUDA name that the names rule renames
  /// (a replacement there would collide with its edit)?
  bool hasMappedName(CharSourceRange R) {
    for (const std::string &N : identifiers(Lexer::getSourceText(R, SM(), LO()).str()))
      if (const MapEntry *E = ctx().maps().lookupName(N))
        if (E->Hip != N)
          return true;
    return false;
  }

  /// The identifiers of source text `Text`.
  static std::set<std::string> identifiers(const std::string &Text) {
    std::set<std::string> R;
    TokenStream T(Text); // Text is NUL-terminated, as the lexer needs
    for (const Tok &K : T.tokens())
      if (K.isIdent())
        R.insert(K.Text.str());
    return R;
  }

  void refuse(const FunctionDecl *K, const llvm::Twine &Why) {
    ctx().report(id(), Severity::Note, K->getLocation(),
                 ("kernel '" + K->getName() + "' not vectorized: " + Why).str());
  }

  static std::string singleIndexWhy(const llvm::Twine &Why) {
    return ("single-index form (one element per thread): emitted only when every use "
            "of the kernel is a launch whose grid the porter rewrites "
            "(cu2hip::vec_map_at_threads), but " +
            Why + "; left scalar")
        .str();
  }

  // ---- kernels ------------------------------------------------------------

  /// Not a candidate at all (no note).
  static constexpr const char *NotCandidate = "\x01";

  void kernel(const FunctionDecl *K) {
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
    for (const FunctionDecl *C : Concrete) {
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
      if (!samePlan(*First, P))
        return refuse(K, "its instantiations need different edits ('" +
                             instName(Concrete.front()) + "' and '" + instName(C) + "')");
      // Launches of every instantiation are rewritten.
      First->Edits.insert(First->Edits.end(), P.Edits.begin() + P.KernelEdits, P.Edits.end());
    }
    emit(K, *First);
  }

  std::string instName(const FunctionDecl *C) {
    std::string S;
    llvm::raw_string_ostream OS(S);
    PrintingPolicy P(LO());
    P.SuppressTagKeyword = true;
    C->getNameForDiagnostic(OS, P, /*Qualified=*/false);
    return OS.str();
  }

  /// Do two instantiations need the same kernel edits?
  static bool samePlan(const KernelPlan &A, const KernelPlan &B) {
    if (A.SingleIndex != B.SingleIndex || A.KernelEdits != B.KernelEdits)
      return false;
    for (size_t I = 0; I < A.KernelEdits; ++I)
      if (A.Edits[I].Range.getAsRange() != B.Edits[I].Range.getAsRange() ||
          A.Edits[I].Text != B.Edits[I].Text)
        return false;
    return true;
  }

  /// A template pattern whose body starts like an elementwise kernel.
  bool patternLooksElementwise(const FunctionDecl *K) {
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

  /// The index `I i = <thread-index expression>` declared by `S`, if any.
  const VarDecl *indexDecl(const Stmt *S) {
    const auto *DS = dyn_cast_or_null<DeclStmt>(S);
    if (!DS || !DS->isSingleDecl())
      return nullptr;
    const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl());
    if (!V || !V->getInit() || !mentionsBuiltin(V->getInit(), "threadIdx") ||
        !mentionsBuiltin(V->getInit(), "blockIdx"))
      return nullptr;
    return V;
  }

  std::string narrowWhy(const VarDecl *V) {
    if (!isNarrowIndex(*Ctx, V->getType()) && !V->getType()->isBooleanType())
      return "";
    return "the index has the narrow type '" + spell(V->getType()) +
           "', which wraps where the vectorized size_t index would not";
  }

  /// Checks one concrete kernel; returns "" with `P` filled, NotCandidate,
  /// or the reason it is refused.
  std::string analyse(const FunctionDecl *K, KernelPlan &P) {
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

  // ---- bounds -------------------------------------------------------------

  /// Is `N` (the bound of `i < N`) an integer expression of the kernel's
  /// integer parameters, literals and constants? Sets the element count
  /// text `Count` (unsigned parameters only: `(size_t)(N)`; else the guard
  /// for N <= 0).
  bool boundCount(const FunctionDecl *K, const Expr *N, std::string &Count) {
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

  bool intExprOfParams(const FunctionDecl *K, const Expr *E, bool &Unsigned, bool &AnyParam) {
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
    Expr::EvalResult R;
    if (!E->isValueDependent() && E->EvaluateAsInt(R, *Ctx)) {
      Unsigned = false; // a literal count keeps the guard for N <= 0
      return true;
    }
    return false;
  }

  // ---- the elementwise body ---------------------------------------------

  const ParmVarDecl *param(const FunctionDecl *K, const Expr *E) {
    const auto *R = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
    if (!R)
      return nullptr;
    const auto *PV = dyn_cast<ParmVarDecl>(R->getDecl());
    return PV && PV->getDeclContext() == K ? PV : nullptr;
  }

  static bool isElementPointer(const ParmVarDecl *P) {
    return P && P->getType()->isPointerType() &&
           !P->getType()->getPointeeType()->isPointerType();
  }

  /// Checks `y[i] = E;` (statement `S`) with index `Idx`; fills `W`.
  std::string checkBody(const FunctionDecl *K, const VarDecl *Idx, const Stmt *S,
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

  /// Element types and qualifiers of the output and inputs.
  std::string checkTypes(const Elementwise &W) {
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

  /// `&a[i]` as the argument of `__ldg` or of a cache-hint load that reads
  /// the same value (`__ldca`, `__ldcg`, `__ldcs`, `__ldlu`: CUDA's cache
  /// operators, which HIP maps to plain or non-temporal loads): the read's
  /// range, the array. The vectorized form reads with plain 128-bit loads,
  /// so the hint is not kept. Not `__ldcv`: a volatile load must stay one
  /// access of its own width.
  std::optional<std::pair<SourceRange, const ArraySubscriptExpr *>>
  ldgRead(const CallExpr *C, const VarDecl *Idx) {
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

  /// Why node `S` itself (not its children) changes meaning in the
  /// vectorized form, or "". Sets `Done` when `S` is decided with its
  /// children (a name, a read at the index): they are not walked.
  std::string scanNode(const FunctionDecl *K, const VarDecl *Idx, Elementwise &W,
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

  /// An increment, decrement or assignment, built-in or overloaded.
  static bool hasSideEffectOperator(const Stmt *S) {
    if (const auto *U = dyn_cast<UnaryOperator>(S))
      return U->isIncrementDecrementOp();
    if (const auto *B = dyn_cast<BinaryOperator>(S))
      return B->isAssignmentOp();
    if (const auto *O = dyn_cast<CXXOperatorCallExpr>(S))
      return O->isAssignmentOp() || O->getOperator() == OO_PlusPlus ||
             O->getOperator() == OO_MinusMinus;
    return false;
  }

  /// Why the name `R` in the expression changes meaning, or "": built-ins,
  /// the index and pointer parameters may appear only in reads `a[i]`.
  std::string nameWhy(const FunctionDecl *K, const VarDecl *Idx, const DeclRefExpr *R) {
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

  /// A subscript in the expression: a read at the index is recorded (and
  /// `Done`); other reads of pointer parameters and addresses of elements
  /// are refused; a local table indexed by a constant (`c_coef[2]`) is
  /// walked on.
  std::string subscriptWhy(const FunctionDecl *K, const VarDecl *Idx, Elementwise &W,
                           const ArraySubscriptExpr *Sub, const Stmt *Parent, bool &Done) {
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

  /// Walks E (pre-order, source order): reads at the index are recorded;
  /// anything that would change meaning in the vectorized form is the
  /// returned reason.
  std::string scan(const FunctionDecl *K, const VarDecl *Idx, Elementwise &W, const Stmt *S,
                   const Stmt *Parent) {
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

  /// Records the read `Sub` (`a[i]`, spelled over `Range`).
  std::string read(const FunctionDecl *K, Elementwise &W, const ArraySubscriptExpr *Sub,
                   SourceRange Range) {
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

  /// Why calling `F` from the element expression could change its meaning
  /// when the element is a copy in another thread, or "". Bodies are
  /// followed (user functions also may not take a parameter by reference);
  /// functions without a body must be declared by the SDK or the compiler
  /// and not be a thread-dependent or effectful builtin.
  std::string callee(const FunctionDecl *F, std::set<const FunctionDecl *> &Seen,
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

  /// The body of a callee `F`: thread-dependent reads, writes to memory
  /// other than its locals, volatile assembly, and what it calls.
  std::string body(const FunctionDecl *F, const Stmt *S, std::set<const FunctionDecl *> &Seen) {
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

  /// Is `LHS` (an assignment's target inside `F`) a local of `F` or a member
  /// of the object `F` constructs or assigns?
  bool writesLocal(const FunctionDecl *F, const Expr *LHS) {
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

  // ---- the two forms --------------------------------------------------------

  std::string gridStride(const FunctionDecl *K, const CompoundStmt *Body, const ForStmt *F,
                         KernelPlan &P) {
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
    std::string Prefix = "cu2hip::vec_map_grid_stride(\n" + Ind + Count +
                         ", (size_t)blockIdx.x * blockDim.x + threadIdx.x,\n" + Ind +
                         "(size_t)blockDim.x * gridDim.x, " + W.Out->getName().str() + ",\n" +
                         Ind;
    return planMap(K, W, F->getForLoc(), End, Prefix, {}, P,
                   "the loop header holds CUDA names that are renamed");
  }

  /// The parts of a single-index kernel: `I i = <thread index>; if (i < n)
  /// y[i] = E;` or `I i = ...; if (i >= n) return; y[i] = E;`.
  struct SingleIndexShape {
    const VarDecl *Idx = nullptr;
    const IfStmt *If = nullptr;
    const Stmt *Store = nullptr; ///< the guarded `y[i] = E;`
    bool EarlyReturn = false;    ///< the `if (i >= n) return;` form
  };

  /// Matches the statements of a single-index kernel into `Sh`; returns
  /// NotCandidate when the body does not have that shape, a reason when it
  /// has but cannot be vectorized, "" otherwise.
  std::string matchSingleIndex(const FunctionDecl *K, const CompoundStmt *Body,
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

  std::string singleIndex(const FunctionDecl *K, const CompoundStmt *Body, KernelPlan &P) {
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

  /// Plans the edits of a single-index kernel whose checks passed (bound
  /// parameter `NP`, element count text `Count`): the index as size_t, the
  /// guarded store as vec_map_at, then its launches.
  std::string planSingleIndex(const FunctionDecl *K, const CompoundStmt *Body,
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

  /// Indentation (spaces and tabs) of the line holding `L`.
  std::string lineIndent(SourceLocation L) {
    std::pair<FileID, unsigned> D = SM().getDecomposedLoc(SM().getFileLoc(L));
    llvm::StringRef Buf = SM().getBufferData(D.first);
    size_t NL = Buf.rfind('\n', D.second);
    size_t B = NL == llvm::StringRef::npos ? 0 : NL + 1;
    size_t E = B;
    while (E < Buf.size() && (Buf[E] == ' ' || Buf[E] == '\t'))
      ++E;
    return Buf.slice(B, E).str();
  }

  /// Identifiers of the kernel's text and its parameters: lambda parameter
  /// and index names avoid them.
  std::set<std::string> takenNames(const FunctionDecl *K) {
    std::set<std::string> R = identifiers(text(K->getBody()->getSourceRange()));
    for (const ParmVarDecl *PV : K->parameters())
      R.insert(PV->getName().str());
    return R;
  }

  /// Plans the vec_map_* call: [Start, E) becomes `Prefix[=](T a_i, ...) {
  /// return`, each read its lambda parameter, and from the `;` after E to
  /// `End` (a closing brace, or the `;`) `; }, a, ...);`.
  std::string planMap(const FunctionDecl *K, const Elementwise &W, SourceLocation Start,
                      SourceLocation End, const std::string &Prefix,
                      std::vector<PlannedEdit> Pre, KernelPlan &P, const char *MappedWhy,
                      const std::string &ExtraTaken = "") {
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

  // ---- single-index launches ---------------------------------------------------

  /// `E` without parentheses, implicit conversions, temporaries, a
  /// one-argument `dim3(...)` and integer casts.
  const Expr *stripGrid(const Expr *E) {
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

  bool sameExpr(const Expr *A, const Expr *B) {
    A = A->IgnoreParenImpCasts();
    B = B->IgnoreParenImpCasts();
    llvm::FoldingSetNodeID IA, IB;
    A->Profile(IA, *Ctx, /*Canonical=*/true);
    B->Profile(IB, *Ctx, /*Canonical=*/true);
    if (IA == IB)
      return true;
    Expr::EvalResult RA, RB;
    return !A->isValueDependent() && !B->isValueDependent() && A->EvaluateAsInt(RA, *Ctx) &&
           B->EvaluateAsInt(RB, *Ctx) && RA.Val.getInt() == RB.Val.getInt();
  }

  std::optional<llvm::APSInt> constant(const Expr *E) {
    Expr::EvalResult R;
    if (E->isValueDependent() || !E->EvaluateAsInt(R, *Ctx))
      return std::nullopt;
    return R.Val.getInt();
  }

  /// The terms of a sum (through `+`, `-` and parentheses), with signs.
  void terms(const Expr *E, bool Neg, std::vector<std::pair<bool, const Expr *>> &Out) {
    E = E->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<BinaryOperator>(E))
      if (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub) {
        terms(B->getLHS(), Neg, Out);
        terms(B->getRHS(), B->getOpcode() == BO_Sub ? !Neg : Neg, Out);
        return;
      }
    Out.push_back({Neg, E});
  }

  /// Is the grid `G` a ceiling division of `N` by the block `B`? Returns N's
  /// occurrence in the grid.
  const Expr *ceilDivCount(const Expr *G, const Expr *N, const Expr *B) {
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

  /// A launch's pointer argument the rewritten grid may evaluate again:
  /// names, member accesses, `p + k` / `p - k` with plain operands, literals,
  /// or a pointer conversion of such a name.
  bool isPlainPointerArg(const Expr *E) {
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

  /// Is `D` the concrete kernel `K` (a function or one instantiation)?
  static bool isKernel(const Decl *D, const FunctionDecl *K) {
    const auto *F = dyn_cast_or_null<FunctionDecl>(D);
    return F && F->getCanonicalDecl() == K->getCanonicalDecl();
  }

  /// Is `D` the template (or function) `K` is an instantiation of, or one
  /// of its instantiations?
  static bool isSameTemplate(const Decl *D, const FunctionDecl *K) {
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

  /// How a use that is not a launch uses the kernel's name (for the note).
  std::string useKind(const DeclRefExpr *R) {
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

  bool inKernelFile(SourceLocation L, const FunctionDecl *K) {
    return SM().getFileID(SM().getFileLoc(L)) == SM().getFileID(SM().getFileLoc(K->getLocation()));
  }

  /// Checks every use of the kernel in the file and plans the grid edits.
  std::string launches(const FunctionDecl *K, KernelPlan &P) {
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

  /// Plans the grid edit of one launch `L` (callee `R`) of single-index
  /// kernel `K`, or says why it cannot be rewritten.
  std::string launch(const FunctionDecl *K, const CUDAKernelCallExpr *L, const DeclRefExpr *R,
                     KernelPlan &P) {
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

  // ---- emission -------------------------------------------------------------

  void emit(const FunctionDecl *K, const KernelPlan &P) {
    for (const PlannedEdit &E : P.Edits)
      ctx().replace(id(), E.Range, E.Text, E.Whole);
    ctx().claim(id(), fileRange(K->getBody()->getSourceRange()));
    ctx().requestHeader(K->getLocation(), "cu2hip/packed.h");
  }
};

} // namespace

std::unique_ptr<AstRule> createVectorizeAstRule() {
  return std::make_unique<VectorizeAstRule>();
}

} // namespace cu2hip
