//===- WaveShflFullRule.cpp - rule "wave-shfl-full": converged shuffles ---===//
//
// CUDA:  __global__ void k(...) { ... v += __shfl_xor_sync(0xffffffff, v, o); ... }
// HIP:   v += cu2hip::shfl_xor_sync_full(0xffffffff, v, o, 32);
// instead of wave-shfl's __shfl_xor_sync(cu2hip::mask64(0xffffffff), v, o, 32).
// Why: mask64 takes a ballot, and HIP's *_sync forms run a check loop over
// the distinct mask values of the wavefront (amd_warp_sync_functions.h,
// ROCm 6.2..7.2); on gfx942 that is about 6x the SALU and 8x the branches of
// a hand port's __shfl_xor(v, o, 32) (docs/results/kernel-cost-2026-12-06b.md).
// Both exist only for lanes that exited before the call. Where the parse
// proves that the mask is the full warp (a constant 0xffffffff) and that no
// lane can have exited, every lane of each 32-lane group executes the call,
// and the plain width-32 shuffle is exactly CUDA's.
//
// The proof (conservative): the call is in a kernel, or in a device function
// no other unit can call (any, without relocatable device code; else inline,
// internal or a template instantiation) whose every use in the unit is a
// direct call (or a template argument
// that the instantiation calls) from a proven point; a point is proven when
// no exit (a return in a kernel, an inline asm `exit`) precedes it in its
// function's body and none lies in a loop around it, except a kernel's
// warp-uniform guard `if (row >= n) return;` (WaveUniformGuard.h), which
// ends whole warps; calls inside lambdas are not proven. The
// value type must be one HIP's plain shuffles take. Configurations and units
// must all agree: a proof claims the callee's name ("wave-shfl-full"), a
// failure claims it as "wave-shfl-full-unproven", and the wave-shfl token
// rule uses the helper only with a proof and no failure.
//===----------------------------------------------------------------------===//
#include "WaveUniformGuard.h"
#include "cu2hip/AstRule.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cu2hip {
namespace {

/// One call in the unit: callee, the function whose body holds it (null at
/// namespace scope or inside a lambda), and the loops around it there.
struct CallSite {
  const CallExpr *Call;
  const FunctionDecl *Callee;
  const FunctionDecl *Caller;
  std::vector<const Stmt *> Loops;
};

/// The function a call names directly, looking through a non-type template
/// parameter bound to a function (`template <float (*op)(float)>` ... op(v)).
const FunctionDecl *directCallee(const CallExpr *C) {
  if (const FunctionDecl *F = C->getDirectCallee())
    return F;
  const Expr *E = C->getCallee()->IgnoreParenImpCasts();
  if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    E = S->getReplacement()->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_AddrOf)
      E = U->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<FunctionDecl>(D->getDecl());
  return nullptr;
}

/// The CUDA runtime's functions that take a kernel to read or set its
/// attributes or occupancy, never to launch it (cuda_runtime_api.h,
/// cuda_runtime.h), by declaration in a system header.
bool isAttributeQuery(const FunctionDecl *F) {
  if (!F->getIdentifier() ||
      !F->getASTContext().getSourceManager().isInSystemHeader(F->getLocation()))
    return false;
  StringRef N = F->getName();
  return N == "cudaFuncSetAttribute" || N == "cudaFuncGetAttributes" ||
         N == "cudaFuncSetCacheConfig" || N == "cudaFuncSetSharedMemConfig" ||
         N.startswith("cudaOccupancyMaxActiveBlocksPerMultiprocessor") ||
         N.startswith("cudaOccupancyMaxPotentialBlockSize") ||
         N == "cudaOccupancyAvailableDynamicSMemPerBlock";
}

/// `E` without parentheses, implicit and explicit casts (`(const void *)k`).
const Expr *stripCasts(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *C = dyn_cast<ExplicitCastExpr>(E))
      E = C->getSubExpr();
    else
      return E;
  }
}

/// Collects every call, every exit statement per function and every
/// function reference that is neither a call's callee nor a template
/// argument (the function escapes: calls through pointers are not seen).
class UnitScan : public RecursiveASTVisitor<UnitScan> {
public:
  explicit UnitScan(const ASTContext &Ctx) : Ctx(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }

  bool TraverseFunctionDecl(FunctionDecl *F) { return withFunction(F, [&] {
      return RecursiveASTVisitor::TraverseFunctionDecl(F); }); }
  bool TraverseCXXMethodDecl(CXXMethodDecl *F) { return withFunction(F, [&] {
      return RecursiveASTVisitor::TraverseCXXMethodDecl(F); }); }
  bool TraverseLambdaExpr(LambdaExpr *L) {
    const FunctionDecl *Saved = Fn;
    Fn = nullptr; // calls and exits inside a lambda belong to no function we follow
    bool R = RecursiveASTVisitor::TraverseLambdaExpr(L);
    Fn = Saved;
    return R;
  }
  bool TraverseTemplateArgumentLoc(const TemplateArgumentLoc &A) {
    ++InTemplateArg;
    bool R = RecursiveASTVisitor::TraverseTemplateArgumentLoc(A);
    --InTemplateArg;
    return R;
  }
#define CU2HIP_LOOP(T)                                                                   \
  bool Traverse##T(T *S) {                                                               \
    Loops.push_back(S);                                                                  \
    bool R = RecursiveASTVisitor::Traverse##T(S);                                        \
    Loops.pop_back();                                                                    \
    return R;                                                                            \
  }
  CU2HIP_LOOP(ForStmt)
  CU2HIP_LOOP(WhileStmt)
  CU2HIP_LOOP(DoStmt)
  CU2HIP_LOOP(CXXForRangeStmt)
#undef CU2HIP_LOOP

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *L) {
    if (const FunctionDecl *K = L->getDirectCallee())
      Launches[K->getCanonicalDecl()].push_back(launchShape(L, Ctx));
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *Callee = directCallee(C);
    if (Callee)
      CalleeRefs.insert(calleeRef(C));
    // A kernel named to a runtime function that reads or sets its
    // attributes is not launched through it.
    if (Callee && isAttributeQuery(Callee))
      for (const Expr *A : C->arguments())
        if (const auto *D = dyn_cast<DeclRefExpr>(stripCasts(A)))
          CalleeRefs.insert(D);
    Calls.push_back({C, Callee ? Callee->getCanonicalDecl() : nullptr, Fn, Loops});
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    if (const auto *F = dyn_cast<FunctionDecl>(D->getDecl()))
      if (!InTemplateArg)
        Refs.push_back({D, F->getCanonicalDecl()});
    return true;
  }
  // A return ends the thread in a kernel; in a device function it returns
  // to the caller (a lane that returns early and misses a full-mask shuffle
  // is not legal CUDA, which is not this proof's concern).
  bool VisitReturnStmt(ReturnStmt *S) {
    return Fn && Fn->hasAttr<CUDAGlobalAttr>() ? exit(S) : true;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *S) {
    // PTX `exit;` ends the thread like a return from the kernel.
    return S->getAsmString()->getString().contains("exit") ? exit(S) : true;
  }

  std::vector<CallSite> Calls;
  std::vector<std::pair<const DeclRefExpr *, const FunctionDecl *>> Refs;
  llvm::DenseSet<const Expr *> CalleeRefs;
  /// Exit statements by function (lambdas: under null).
  llvm::DenseMap<const FunctionDecl *, std::vector<const Stmt *>> Exits;
  /// Block shapes of the launches of each kernel in the unit.
  llvm::DenseMap<const FunctionDecl *, std::vector<LaunchShape>> Launches;

private:
  template <typename Fn_> bool withFunction(const FunctionDecl *F, Fn_ Body) {
    const FunctionDecl *Saved = Fn;
    std::vector<const Stmt *> SavedLoops;
    SavedLoops.swap(Loops);
    Fn = F;
    bool R = Body();
    Fn = Saved;
    Loops.swap(SavedLoops);
    return R;
  }
  static const Expr *calleeRef(const CallExpr *C) {
    const Expr *E = C->getCallee()->IgnoreParenImpCasts();
    if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
      E = S->getReplacement()->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(E))
      E = U->getSubExpr()->IgnoreParenImpCasts();
    return E;
  }
  bool exit(const Stmt *S) {
    Exits[Fn].push_back(S);
    return true;
  }

  const ASTContext &Ctx;
  const FunctionDecl *Fn = nullptr;
  std::vector<const Stmt *> Loops;
  unsigned InTemplateArg = 0;
};

/// The convergence proof over one unit's scan.
class ConvergenceProof {
public:
  ConvergenceProof(const UnitScan &S, const ASTContext &Ctx)
      : S(S), SM(Ctx.getSourceManager()), Ctx(Ctx) {
    // A template's pattern is not code: its instantiations hold the same
    // calls (a non-dependent call is resolved in both).
    for (const CallSite &C : S.Calls)
      if (C.Callee && !(C.Caller && C.Caller->isDependentContext()))
        CallersOf[C.Callee].push_back(&C);
    for (const auto &R : S.Refs)
      if (!S.CalleeRefs.count(R.first))
        Escaped.insert(R.second);
  }

  /// No lane can have exited before `C` (see the file comment).
  bool siteProven(const CallSite &C) {
    return C.Caller && noExitBefore(C) && functionProven(C.Caller->getCanonicalDecl());
  }

private:
  /// Whole warps leave at `X`: a warp-uniform guard of a kernel.
  bool uniformExit(const FunctionDecl *K, const Stmt *X) {
    if (!K->hasAttr<CUDAGlobalAttr>() || !isa<ReturnStmt>(X))
      return false;
    auto &G = Guards[K];
    if (!G) {
      // threadIdx.x / 32 names the warp when every launch in the unit is
      // 1-D or 32-wide in x (a launch through a pointer is not seen).
      auto L = S.Launches.find(K->getCanonicalDecl());
      bool WarpIds = L != S.Launches.end() && !Escaped.count(K->getCanonicalDecl()) &&
                     llvm::all_of(L->second, [](const LaunchShape &Sh) {
                       return Sh.OneD || Sh.XMult32;
                     });
      G = std::make_unique<UniformGuards>(K, WarpIds, Ctx);
    }
    return G->isUniformGuard(X);
  }

  bool noExitBefore(const CallSite &C) {
    auto It = S.Exits.find(C.Caller);
    if (It == S.Exits.end())
      return true;
    for (const Stmt *X : It->second) {
      if (uniformExit(C.Caller, X))
        continue;
      bool Contains = !SM.isBeforeInTranslationUnit(C.Call->getBeginLoc(), X->getBeginLoc()) &&
                      !SM.isBeforeInTranslationUnit(X->getEndLoc(), C.Call->getBeginLoc());
      if (!Contains && SM.isBeforeInTranslationUnit(X->getBeginLoc(), C.Call->getBeginLoc()))
        return false;
      for (const Stmt *L : C.Loops)
        if (!SM.isBeforeInTranslationUnit(X->getBeginLoc(), L->getBeginLoc()) &&
            SM.isBeforeInTranslationUnit(X->getBeginLoc(), L->getEndLoc()))
          return false;
    }
    return true;
  }

  bool functionProven(const FunctionDecl *F) {
    auto [It, New] = Memo.try_emplace(F, false); // in progress: recursion is unproven
    if (!New)
      return It->second;
    bool R = compute(F);
    Memo[F] = R;
    return R;
  }

  bool compute(const FunctionDecl *F) {
    if (F->hasAttr<CUDAGlobalAttr>())
      return true;
    // Without relocatable device code (-fgpu-rdc) device code is not linked
    // across units: every device call of F is in this unit.
    bool NoOtherUnit = !Ctx.getLangOpts().GPURelocatableDeviceCode || F->isInlined() ||
                       !F->isExternallyVisible() || F->isTemplateInstantiation();
    auto It = CallersOf.find(F);
    if (!NoOtherUnit || Escaped.count(F) || It == CallersOf.end())
      return false;
    for (const CallSite *C : It->second)
      if (!siteProven(*C))
        return false;
    return true;
  }

  const UnitScan &S;
  const SourceManager &SM;
  const ASTContext &Ctx;
  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<UniformGuards>> Guards;
  llvm::DenseMap<const FunctionDecl *, std::vector<const CallSite *>> CallersOf;
  llvm::DenseSet<const FunctionDecl *> Escaped;
  llvm::DenseMap<const FunctionDecl *, bool> Memo;
};

/// HIP's plain shuffles (amd_warp_functions.h) take these value types.
bool plainShuffleType(QualType T) {
  const auto *B = T.getCanonicalType()->getAs<BuiltinType>();
  if (!B)
    return false;
  switch (B->getKind()) {
  case BuiltinType::Int:
  case BuiltinType::UInt:
  case BuiltinType::Long:
  case BuiltinType::ULong:
  case BuiltinType::LongLong:
  case BuiltinType::ULongLong:
  case BuiltinType::Float:
  case BuiltinType::Double:
    return true;
  default:
    return false;
  }
}

bool isSyncShuffle(const FunctionDecl *F) {
  if (!F || !F->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return false;
  return llvm::StringSwitch<bool>(F->getName())
      .Cases("__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync", true)
      .Default(false);
}

class WaveConvergedRule : public AstRule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-shfl-full", IdKind::Edit,
         "full-mask shuffle no exited lane can miss: plain width-32 shuffle, no mask"},
        {"wave-shfl-full-unproven", IdKind::Note,
         "full-mask shuffle whose convergence a parse did not prove: keeps cu2hip::mask64"},
    };
    return Ids;
  }
  bool enabled(const Options &O) const override { return O.Wave != WaveMode::Keep; }

  void registerMatchers(MatchFinder &F) override {
    // The unit is scanned only when it calls a sync shuffle.
    F.addMatcher(callExpr(callee(functionDecl(hasAnyName("::__shfl_sync", "::__shfl_up_sync",
                                                         "::__shfl_down_sync",
                                                         "::__shfl_xor_sync"))))
                     .bind("shfl"),
                 this);
  }

  void check(const MatchFinder::MatchResult &R) override {
    if (R.Nodes.getNodeAs<CallExpr>("shfl"))
      Context = R.Context;
  }

  void onEndOfTranslationUnit() override {
    if (!Context)
      return;
    const SourceManager &SM = Context->getSourceManager();
    UnitScan Scan(*Context);
    Scan.TraverseDecl(Context->getTranslationUnitDecl());
    ConvergenceProof Proof(Scan, *Context);
    for (const CallSite &C : Scan.Calls) {
      if (!isSyncShuffle(C.Callee) || C.Call->getNumArgs() < 3 ||
          (C.Caller && C.Caller->isDependentContext()) ||
          !SM.isInSystemHeader(C.Callee->getLocation()))
        continue;
      SourceLocation Name = C.Call->getCallee()->IgnoreParenImpCasts()->getBeginLoc();
      bool Ok = fullMask(C.Call->getArg(0), *Context) &&
                plainShuffleType(C.Call->getArg(1)->IgnoreImpCasts()->getType()) &&
                Proof.siteProven(C);
      ctx().claim(Ok ? "wave-shfl-full" : "wave-shfl-full-unproven",
                  CharSourceRange::getTokenRange(Name, Name));
      if (!Ok && fullMask(C.Call->getArg(0), *Context))
        ctx().report("wave-shfl-full-unproven", Severity::Note, Name,
                     "full-mask shuffle keeps cu2hip::mask64: the parse does not prove that "
                     "every lane of the warp reaches it (a lane may have left before)");
    }
    Context = nullptr;
  }

private:
  /// The mask is the constant 0xffffffff (after conversion to CUDA's
  /// unsigned parameter).
  static bool fullMask(const Expr *E, const ASTContext &Ctx) {
    Expr::EvalResult V;
    if (E->isValueDependent() || !E->EvaluateAsInt(V, Ctx))
      return false;
    return V.Val.getInt().getZExtValue() == 0xffffffffu;
  }

  ASTContext *Context = nullptr; ///< set when the unit calls a sync shuffle
};

} // namespace

std::unique_ptr<AstRule> createWaveConvergedRule() {
  return std::make_unique<WaveConvergedRule>();
}

} // namespace cu2hip
