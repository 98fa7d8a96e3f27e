//===- VectorizeAst.h - the AST rule "vectorize", shared by its files -*- C++ -*-===//
//
// The rule VectorizeAstRule and what its files share, split as clang-tidy
// splits a large check (LoopConvertCheck.cpp + LoopConvertUtils.cpp):
//   VectorizeAstRule.cpp  the rule: matchers, kernels, bounds, text, emission
//   VectorizeUtils.cpp    expression helpers (builtin reads, assignments, types)
//   VectorizePurity.cpp   the elementwise body: reads, purity, names
//   VectorizeShape.cpp    the two forms: grid-stride loop and single index
//   VectorizeLaunches.cpp single-index kernels' launches and their grids
// Private to rewriters/rules.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_RULES_VECTORIZEAST_H
#define CU2HIP_RULES_VECTORIZEAST_H

#include "CudaAst.h"
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

namespace cu2hip {

llvm::ArrayRef<RuleIdInfo> vectorizeIds(); // VectorizeCastsRule.cpp

namespace vectorize {

using namespace clang;
using namespace clang::ast_matchers;

// ---------------------------------------------------------------------------
// Expression helpers
// ---------------------------------------------------------------------------

bool isBuiltinX(const Expr *E, llvm::StringRef Var);

/// `A * B` of the two built-in `.x` components, in either order.
bool isProductOf(const Expr *E, llvm::StringRef A, llvm::StringRef B);

/// `blockIdx.x * blockDim.x + threadIdx.x`, operands in any order, with
/// integer casts and parentheses.
bool isGlobalIndex(const Expr *E);

/// Does `S` read the built-in `Var`?
bool mentionsBuiltin(const Stmt *S, llvm::StringRef Var);

/// Does `S` refer to `D`?
bool refersTo(const Stmt *S, const ValueDecl *D);

/// Is `E` a reference to variable `V` (through parentheses and implicit casts)?
bool isRefTo(const Expr *E, const ValueDecl *V);

/// An assignment `LHS op RHS`, built-in or through an overloaded operator
/// (a class element type such as __half assigns through operator=).
struct Assignment {
  const Expr *LHS = nullptr, *RHS = nullptr;
  bool Plain = false; ///< `=`, not a compound assignment
  SourceLocation OpLoc;
};

std::optional<Assignment> asAssignment(const Stmt *S);

/// The single statement of `S` (itself, or the only one of a `{ }`).
const Stmt *singleStatement(const Stmt *S);

bool containsErrors(const Stmt *S);

/// Element types the packed.h vectors hold: float, double, __half,
/// __nv_bfloat16 (canonical types).
bool isVectorizableElement(QualType T);

/// Builtins and functions without a visible body whose value depends on the
/// thread or that have effects (barriers, shuffles, votes, atomics, special
/// registers, clocks, output). Their names are Clang's NVPTX builtins.
bool isThreadOrEffectBuiltin(llvm::StringRef N);

/// A ceiling-division helper called as `HELPER(N, B)` (docs/vectorize.md).
bool isCeilDivHelper(llvm::StringRef S);

/// Index types narrower than 32 bits wrap where the vectorized size_t
/// index does not.
bool isNarrowIndex(const ASTContext &Ctx, QualType T);

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
  CharSourceRange fileRange(SourceRange R);

  /// Source text of `R` as written.
  std::string text(SourceRange R);

  /// `file:line` of the spelling of `L`.
  std::string where(SourceLocation L);

  /// The type as the kernel spells it (typedef and template parameter names
  /// kept), its CUDA name mapped to HIP's.
  std::string spell(QualType T);

  /// Does the file text of `R` hold a CUDA name that the names rule renames
  /// (a replacement there would collide with its edit)?
  bool hasMappedName(CharSourceRange R);

  /// The identifiers of source text `Text`.
  static std::set<std::string> identifiers(const std::string &Text);

  void refuse(const FunctionDecl *K, const llvm::Twine &Why);

  static std::string singleIndexWhy(const llvm::Twine &Why);

  // ---- kernels ------------------------------------------------------------

  /// Not a candidate at all (no note).
  static constexpr const char *NotCandidate = "\x01";

  void kernel(const FunctionDecl *K);

  std::string instName(const FunctionDecl *C);

  /// Do two instantiations need the same kernel edits?
  static bool samePlan(const KernelPlan &A, const KernelPlan &B);

  /// A template pattern whose body starts like an elementwise kernel.
  bool patternLooksElementwise(const FunctionDecl *K);

  /// The index `I i = <thread-index expression>` declared by `S`, if any.
  const VarDecl *indexDecl(const Stmt *S);

  std::string narrowWhy(const VarDecl *V);

  /// Checks one concrete kernel; returns "" with `P` filled, NotCandidate,
  /// or the reason it is refused.
  std::string analyse(const FunctionDecl *K, KernelPlan &P);

  // ---- bounds -------------------------------------------------------------

  /// Is `N` (the bound of `i < N`) an integer expression of the kernel's
  /// integer parameters, literals and constants? Sets the element count
  /// text `Count` (unsigned parameters only: `(size_t)(N)`; else the guard
  /// for N <= 0).
  bool boundCount(const FunctionDecl *K, const Expr *N, std::string &Count);

  bool intExprOfParams(const FunctionDecl *K, const Expr *E, bool &Unsigned, bool &AnyParam);

  /// Is the integer expression `N` (a loop bound) a multiple of `W` (a
  /// power of two) for every value of its parameters: a constant multiple
  /// of W (`1 << 20` too), a product with such a factor, or a sum or
  /// difference of such terms? Wrapping and narrowing keep a multiple
  /// of a power of two, and a count N <= 0 becomes 0.
  bool multipleOf(const Expr *N, uint64_t W);

  /// Whether a grid-stride count of whole vectors may take
  /// vec_map_grid_stride_whole; off while a template's instantiations are
  /// analysed again because their widths disagree.
  bool WholeCounts = true;

  // ---- the elementwise body ---------------------------------------------

  const ParmVarDecl *param(const FunctionDecl *K, const Expr *E);

  static bool isElementPointer(const ParmVarDecl *P);

  /// Checks `y[i] = E;` (statement `S`) with index `Idx`; fills `W`.
  std::string checkBody(const FunctionDecl *K, const VarDecl *Idx, const Stmt *S,
                        Elementwise &W);

  /// Element types and qualifiers of the output and inputs.
  std::string checkTypes(const Elementwise &W);

  /// `&a[i]` as the argument of `__ldg` or of a cache-hint load that reads
  /// the same value (`__ldca`, `__ldcg`, `__ldcs`, `__ldlu`: CUDA's cache
  /// operators, which HIP maps to plain or non-temporal loads): the read's
  /// range, the array. The vectorized form reads with plain 128-bit loads,
  /// so the hint is not kept. Not `__ldcv`: a volatile load must stay one
  /// access of its own width.
  std::optional<std::pair<SourceRange, const ArraySubscriptExpr *>>
  ldgRead(const CallExpr *C, const VarDecl *Idx);

  /// Why node `S` itself (not its children) changes meaning in the
  /// vectorized form, or "". Sets `Done` when `S` is decided with its
  /// children (a name, a read at the index): they are not walked.
  std::string scanNode(const FunctionDecl *K, const VarDecl *Idx, Elementwise &W,
                       const Stmt *S, const Stmt *Parent, bool &Done);

  /// An increment, decrement or assignment, built-in or overloaded.
  static bool hasSideEffectOperator(const Stmt *S);

  /// Why the name `R` in the expression changes meaning, or "": built-ins,
  /// the index and pointer parameters may appear only in reads `a[i]`.
  std::string nameWhy(const FunctionDecl *K, const VarDecl *Idx, const DeclRefExpr *R);

  /// A subscript in the expression: a read at the index is recorded (and
  /// `Done`); other reads of pointer parameters and addresses of elements
  /// are refused; a local table indexed by a constant (`c_coef[2]`) is
  /// walked on.
  std::string subscriptWhy(const FunctionDecl *K, const VarDecl *Idx, Elementwise &W,
                           const ArraySubscriptExpr *Sub, const Stmt *Parent, bool &Done);

  /// Walks E (pre-order, source order): reads at the index are recorded;
  /// anything that would change meaning in the vectorized form is the
  /// returned reason.
  std::string scan(const FunctionDecl *K, const VarDecl *Idx, Elementwise &W, const Stmt *S,
                   const Stmt *Parent);

  /// Records the read `Sub` (`a[i]`, spelled over `Range`).
  std::string read(const FunctionDecl *K, Elementwise &W, const ArraySubscriptExpr *Sub,
                   SourceRange Range);

  /// Why calling `F` from the element expression could change its meaning
  /// when the element is a copy in another thread, or "". Bodies are
  /// followed (user functions also may not take a parameter by reference);
  /// functions without a body must be declared by the SDK or the compiler
  /// and not be a thread-dependent or effectful builtin.
  std::string callee(const FunctionDecl *F, std::set<const FunctionDecl *> &Seen,
                     bool Direct);

  /// The body of a callee `F`: thread-dependent reads, writes to memory
  /// other than its locals, volatile assembly, and what it calls.
  std::string body(const FunctionDecl *F, const Stmt *S, std::set<const FunctionDecl *> &Seen);

  /// Is `LHS` (an assignment's target inside `F`) a local of `F` or a member
  /// of the object `F` constructs or assigns?
  bool writesLocal(const FunctionDecl *F, const Expr *LHS);

  // ---- the two forms --------------------------------------------------------

  std::string gridStride(const FunctionDecl *K, const CompoundStmt *Body, const ForStmt *F,
                         KernelPlan &P);

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
                               SingleIndexShape &Sh);

  std::string singleIndex(const FunctionDecl *K, const CompoundStmt *Body, KernelPlan &P);

  /// Plans the edits of a single-index kernel whose checks passed (bound
  /// parameter `NP`, element count text `Count`): the index as size_t, the
  /// guarded store as vec_map_at, then its launches.
  std::string planSingleIndex(const FunctionDecl *K, const CompoundStmt *Body,
                              const SingleIndexShape &Sh, const Elementwise &W,
                              const ParmVarDecl *NP, const std::string &Count,
                              KernelPlan &P);

  /// Indentation (spaces and tabs) of the line holding `L`.
  std::string lineIndent(SourceLocation L);

  /// Identifiers of the kernel's text and its parameters: lambda parameter
  /// and index names avoid them.
  std::set<std::string> takenNames(const FunctionDecl *K);

  /// Plans the vec_map_* call: [Start, E) becomes `Prefix[=](T a_i, ...) {
  /// return`, each read its lambda parameter, and from the `;` after E to
  /// `End` (a closing brace, or the `;`) `; }, a, ...);`.
  std::string planMap(const FunctionDecl *K, const Elementwise &W, SourceLocation Start,
                      SourceLocation End, const std::string &Prefix,
                      std::vector<PlannedEdit> Pre, KernelPlan &P, const char *MappedWhy,
                      const std::string &ExtraTaken = "");

  // ---- single-index launches ---------------------------------------------------

  /// `E` without parentheses, implicit conversions, temporaries, a
  /// one-argument `dim3(...)` and integer casts.
  const Expr *stripGrid(const Expr *E);

  bool sameExpr(const Expr *A, const Expr *B);

  std::optional<llvm::APSInt> constant(const Expr *E);

  /// The terms of a sum (through `+`, `-` and parentheses), with signs.
  void terms(const Expr *E, bool Neg, std::vector<std::pair<bool, const Expr *>> &Out);

  /// Is the grid `G` a ceiling division of `N` by the block `B`? Returns N's
  /// occurrence in the grid.
  const Expr *ceilDivCount(const Expr *G, const Expr *N, const Expr *B);

  /// A launch's pointer argument the rewritten grid may evaluate again:
  /// names, member accesses, `p + k` / `p - k` with plain operands, literals,
  /// or a pointer conversion of such a name.
  bool isPlainPointerArg(const Expr *E);

  /// Is `D` the concrete kernel `K` (a function or one instantiation)?
  static bool isKernel(const Decl *D, const FunctionDecl *K);

  /// Is `D` the template (or function) `K` is an instantiation of, or one
  /// of its instantiations?
  static bool isSameTemplate(const Decl *D, const FunctionDecl *K);

  /// How a use that is not a launch uses the kernel's name (for the note).
  std::string useKind(const DeclRefExpr *R);

  bool inKernelFile(SourceLocation L, const FunctionDecl *K);

  /// Checks every use of the kernel in the file and plans the grid edits.
  std::string launches(const FunctionDecl *K, KernelPlan &P);

  /// Plans the grid edit of one launch `L` (callee `R`) of single-index
  /// kernel `K`, or says why it cannot be rewritten.
  std::string launch(const FunctionDecl *K, const CUDAKernelCallExpr *L, const DeclRefExpr *R,
                     KernelPlan &P);

  // ---- emission -------------------------------------------------------------

  void emit(const FunctionDecl *K, const KernelPlan &P);
};

} // namespace vectorize
} // namespace cu2hip

#endif
