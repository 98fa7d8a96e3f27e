//===- WaveNativeRule.cpp - rule "wave-native" (--wave=native) ------------===//
//
// With --wave=native, the block reductions the rule recognises exactly run
// on full wavefronts instead of 32-lane logical warps. Two functions form
// the idiom (docs/wave64.md, "--wave=native"): a warp reduction W and a
// block reduction B that calls it (WaveNativeRule.h has the shapes). The
// rule is an AST rule: it runs on the device parse of each translation unit
// and matches Sema's view of the code, so constants are
// values (`constexpr`, enumerators, typedef'd types, `auto`), callees are
// declarations (overloads, namespaces, specialisations) and template
// functions are matched per instantiation: all instantiations of one
// template must match alike, or it stays logical32.
//
// Output: W gets a trailing parameter `int cu2hip_width = 32` used as the
// shuffle width, its loop start and its mask (cu2hip::width_mask), so other
// callers keep logical-32 semantics; B declares `const int cu2hip_w =
// cu2hip::native_wave_width();` (the hardware wavefront size when the block
// is one-dimensional and a whole number of wavefronts, else 32) and uses it
// for lane, warp and warp-count arithmetic and as W's width. The shared array
// keeps its 32 entries (enough for 1024 threads at any wave size). The block
// result is the same at any wave size up to the order of the additions.
//
// Exactness (else the function stays logical32 and gets a note): B follows
// the statement grammar of matchBlockReduction; it has no warp intrinsic,
// lambda, macro other than a constant, call to an undefined or warp-using
// function; every use of W is a direct call outside macro bodies; neither
// has #if lines inside, errors, or text from a macro expansion.
// Why: wave64 code that reduces across the whole wavefront does half the
// shuffle steps' worth of shared-memory traffic per block (catalogue rows
// 1-4, 16; the ROCm HIP porting guide's advice to use the native wavefront
// size in reductions), but mixing 32- and 64-lane views in one call chain is
// what breaks real ports (llama.cpp#3630), hence the all-or-nothing match.
//
// Without a parse (--no-semantic, or a file no configuration compiled) the
// token rule of the same id says so once per file; the file stays
// logical32.
//===----------------------------------------------------------------------===//
#include "WaveNativeRule.h"
#include "WaveNames.h"
#include "cu2hip/AstRule.h"
#include "cu2hip/Rule.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TemplateBase.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include <map>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace cu2hip {
namespace wavenative {
namespace {

/// A reference to a function: where, and whether it is a call's callee.
struct FunctionRef {
  const FunctionDecl *Callee;
  SourceLocation Loc;
  bool Direct;
};

/// Device functions with bodies in ported files (template instantiations,
/// not their patterns) and every reference to a function, in source order.
class Collector : public RecursiveASTVisitor<Collector> {
public:
  Collector(const SourceManager &SM, std::function<bool(SourceLocation)> InPortedFile)
      : SM(SM), InPortedFile(std::move(InPortedFile)) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return true; // the SDK's own code is not ported
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody() && !FD->isDependentContext() &&
        (FD->hasAttr<CUDADeviceAttr>() || FD->hasAttr<CUDAGlobalAttr>()) &&
        InPortedFile(FD->getLocation()))
      Functions.push_back(FD);
    return true;
  }

  bool VisitCallExpr(CallExpr *C) {
    if (const auto *D = dyn_cast_or_null<DeclRefExpr>(C->getCallee()->IgnoreParenImpCasts()))
      DirectCallees.insert(D);
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *D) {
    if (const auto *F = dyn_cast<FunctionDecl>(D->getDecl()))
      Refs.push_back({F, D->getLocation(), DirectCallees.count(D) > 0});
    return true;
  }

  std::vector<const FunctionDecl *> Functions;
  std::vector<FunctionRef> Refs;

private:
  const SourceManager &SM;
  std::function<bool(SourceLocation)> InPortedFile;
  std::set<const DeclRefExpr *> DirectCallees;
};

/// The declaration that stands for all instantiations of `FD`.
const FunctionDecl *keyOf(const FunctionDecl *FD) {
  if (const FunctionDecl *P = FD->getTemplateInstantiationPattern())
    FD = P;
  return FD->getCanonicalDecl();
}

/// One function of the source (a template: all its instantiations).
struct Function {
  const FunctionDecl *Def = nullptr; ///< the definition as written
  std::vector<const FunctionDecl *> Instances;
  bool IsWarp = false;       ///< a warp reduction
  bool Native = false;       ///< called by a recognised block reduction
  bool BlockOk = false;      ///< a recognised block reduction
  std::string Why;           ///< why it stays logical32
  bool Conditional = false;  ///< its body has #if lines
  EditList Edits;
};

/// The ids of rule wave-native, shared by its AST part and its token part.
llvm::ArrayRef<RuleIdInfo> nativeIds() {
  static const RuleIdInfo Ids[] = {
      {"wave-native", IdKind::Edit,
       "recognised warp/block reductions on full wavefronts (--wave=native)"},
  };
  return Ids;
}

class WaveNativeAstRule : public AstRule, private WarpIndex {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override { return nativeIds(); }
  bool enabled(const Options &O) const override { return O.Wave == WaveMode::Native; }
  bool followsCalleeBodies(size_t Config) const override { return Config == 1; }

  void registerMatchers(MatchFinder &Finder) override {
    Finder.addMatcher(translationUnitDecl().bind("tu"), this);
  }

  void check(const MatchFinder::MatchResult &R) override {
    // Device code as the device compiles it (configuration 1): the host
    // parse sees the other side of __CUDA_ARCH__ tests and device-only
    // intrinsics as errors, and would report the same functions twice.
    if (ctx().configuration() != 1)
      return;
    Unit U(*R.Context);
    Collector C(*R.SourceManager,
                [this](SourceLocation L) { return !ctx().portedFile(L).empty(); });
    C.TraverseDecl(R.Context->getTranslationUnitDecl());
    run(U, C);
  }

private:
  void run(const Unit &U, const Collector &C);
  void group(const Collector &C);
  void findWarpReductions(const Unit &U);
  std::string addWidthParameter(const Unit &U, Function &F);
  void checkUses(const Unit &U, const std::vector<FunctionRef> &Refs);
  void findBlockReductions(const Unit &U);
  std::optional<std::string> blockWhy(const Unit &U, Function &F);
  void emit(const Unit &U);
  void note(const Function &F, const std::string &Message);

  // WarpIndex.
  const FunctionDecl *reductionOf(const FunctionDecl *Callee) const override;
  std::string whyLogical(const FunctionDecl *Reduction) const override;
  bool usesWarp(const FunctionDecl *F) const override;
  bool bodySkipped(const FunctionDecl *F) const override { return ctx().bodySkipped(F); }

  bool hasConditionalLines(const Unit &U, const FunctionDecl *Def) const;
  static bool hasErrors(const FunctionDecl *FD);

  std::vector<const FunctionDecl *> Order; ///< keys in source order
  std::map<const FunctionDecl *, Function> Fns;
  const Unit *Cur = nullptr;
  mutable std::map<const FunctionDecl *, bool> WarpUse;
};

// ---- grouping ---------------------------------------------------------------

void WaveNativeAstRule::group(const Collector &C) {
  for (const FunctionDecl *FD : C.Functions) {
    const FunctionDecl *K = keyOf(FD);
    auto [It, New] = Fns.try_emplace(K);
    if (New)
      Order.push_back(K);
    Function &F = It->second;
    F.Def = FD->getTemplateInstantiationPattern() ? FD->getTemplateInstantiationPattern() : FD;
    F.Instances.push_back(FD);
  }
}

bool WaveNativeAstRule::hasConditionalLines(const Unit &U, const FunctionDecl *Def) const {
  auto R = Def->getBody() ? U.fileRange(Def->getBody()->getSourceRange()) : std::nullopt;
  if (!R)
    return false;
  const SourceManager &SM = U.sourceManager();
  auto B = SM.getDecomposedLoc(R->getBegin()), E = SM.getDecomposedLoc(R->getEnd());
  llvm::StringRef Text = SM.getBufferData(B.first).slice(B.second, E.second);
  llvm::SmallVector<llvm::StringRef, 32> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    L = L.ltrim();
    if (!L.consume_front("#"))
      continue;
    L = L.ltrim();
    if (L.startswith("if") || L.startswith("elif") || L.startswith("else"))
      return true;
  }
  return false;
}

bool WaveNativeAstRule::hasErrors(const FunctionDecl *FD) {
  if (FD->isInvalidDecl())
    return true;
  std::function<bool(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return false;
    if (const auto *E = dyn_cast<Expr>(S); E && E->containsErrors())
      return true;
    for (const Stmt *C : S->children())
      if (Walk(C))
        return true;
    return false;
  };
  return Walk(FD->getBody());
}

// ---- warp reductions ----------------------------------------------------------

std::string instanceName(const FunctionDecl *FD) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  if (const TemplateArgumentList *A = FD->getTemplateSpecializationArgs())
    printTemplateArgumentList(OS, A->asArray(), FD->getASTContext().getPrintingPolicy());
  return OS.str();
}

void WaveNativeAstRule::findWarpReductions(const Unit &U) {
  for (const FunctionDecl *K : Order) {
    Function &F = Fns[K];
    F.Conditional = hasConditionalLines(U, F.Def);
    if (F.Def->hasAttr<CUDAGlobalAttr>() || F.Conditional)
      continue;
    std::vector<WarpMatch> Ms;
    for (const FunctionDecl *I : F.Instances)
      Ms.push_back(hasErrors(I) ? WarpMatch() : matchWarpReduction(U, *I));
    size_t Matched = 0;
    for (const WarpMatch &M : Ms)
      Matched += M.K != WarpMatch::NotIdiom;
    if (Matched == 0)
      continue;
    F.IsWarp = true;
    F.Edits = Ms[0].Edits;
    F.Why = addWidthParameter(U, F);
    for (size_t I = 0; I < Ms.size() && F.Why.empty(); ++I) {
      if (Ms[I].K == WarpMatch::Unmappable)
        F.Why = "its text comes from a macro expansion";
      else if (Ms[I].K == WarpMatch::NotIdiom || !(Ms[I].Edits == Ms[0].Edits))
        F.Why = "its instantiation " + instanceName(F.Instances[I]) +
                " is not the same warp reduction as " + instanceName(F.Instances[0]);
    }
  }
}

/// Appends `int cu2hip_width` to every declaration of warp reduction `F`
/// (the default, 32, on the first one, as C++ wants it once); returns why
/// that is not possible, or "".
std::string WaveNativeAstRule::addWidthParameter(const Unit &U, Function &F) {
  EditCollector Out(U);
  for (const FunctionDecl *D : F.Def->redecls()) {
    FunctionTypeLoc TL = D->getFunctionTypeLoc();
    if (!TL || ctx().portedFile(D->getLocation()).empty())
      return "a declaration of it at line " + std::to_string(U.line(D->getLocation())) +
             " cannot be given the width parameter (not a ported file, or no prototype)";
    Out.insertBefore(TL.getRParenLoc(),
                     D->isFirstDecl() ? ", int cu2hip_width = 32" : ", int cu2hip_width");
  }
  if (!Out.ok())
    return "its declaration comes from a macro expansion";
  EditList E = Out.take();
  F.Edits.insert(F.Edits.begin(), E.begin(), E.end());
  return "";
}

/// Every use of a warp reduction must be a direct call written outside
/// macro bodies (other callers must not see its width parameter change).
void WaveNativeAstRule::checkUses(const Unit &U, const std::vector<FunctionRef> &Refs) {
  const SourceManager &SM = U.sourceManager();
  for (const FunctionRef &R : Refs) {
    auto It = Fns.find(keyOf(R.Callee));
    if (It == Fns.end() || !It->second.IsWarp || !It->second.Why.empty())
      continue;
    Function &F = It->second;
    std::string Name = F.Def->getNameAsString();
    if (R.Loc.isMacroID() && SM.isMacroBodyExpansion(R.Loc))
      F.Why = "a macro uses '" + Name + "' at line " + std::to_string(U.line(R.Loc, true));
    else if (!R.Direct)
      F.Why = "'" + Name + "' is declared or used other than by a direct call at line " +
              std::to_string(U.line(R.Loc));
  }
}

const FunctionDecl *WaveNativeAstRule::reductionOf(const FunctionDecl *Callee) const {
  auto It = Fns.find(keyOf(Callee));
  return It != Fns.end() && It->second.IsWarp ? It->first : nullptr;
}

std::string WaveNativeAstRule::whyLogical(const FunctionDecl *Reduction) const {
  auto It = Fns.find(Reduction);
  return It == Fns.end() ? "it is not a warp reduction" : It->second.Why;
}

bool WaveNativeAstRule::usesWarp(const FunctionDecl *F) const {
  auto [It, New] = WarpUse.try_emplace(F, false);
  if (!New || !F->getBody())
    return It->second;
  const FunctionDecl *Self = keyOf(F);
  std::function<bool(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return false;
    if (const auto *D = dyn_cast<DeclRefExpr>(S))
      if (const auto *G = dyn_cast<FunctionDecl>(D->getDecl()))
        if (isWarpIntrinsic(*Cur, G) || (reductionOf(G) && reductionOf(G) != Self))
          return true;
    if (const auto *L = dyn_cast<UnresolvedLookupExpr>(S)) {
      bool Sync;
      llvm::StringRef N = L->getName().getAsString();
      if (isShuffle(N, Sync) || !logical32Helper(N).empty())
        return true;
    }
    for (const Stmt *C : S->children())
      if (Walk(C))
        return true;
    return false;
  };
  bool Uses = Walk(F->getBody());
  WarpUse[F] = Uses;
  return Uses;
}

// ---- block reductions --------------------------------------------------------------

/// Why function `F` (every instance that uses warp operations) is not a
/// block reduction, or "" when it is (then fills F.Edits and marks the
/// reductions it calls); nullopt when no instance uses warp operations.
std::optional<std::string> WaveNativeAstRule::blockWhy(const Unit &U, Function &F) {
  std::vector<BlockMatch> Ms;
  std::vector<const FunctionDecl *> From;
  for (const FunctionDecl *I : F.Instances) {
    if (!usesWarp(I))
      continue;
    if (hasErrors(I))
      return "its body has errors (Clang could not type-check it)";
    if (I->getBody()->getBeginLoc().isMacroID())
      return "it is defined inside a macro expansion";
    Ms.push_back(matchBlockReduction(U, *I, *this));
    From.push_back(I);
    if (!Ms.back().Why.empty())
      return Ms.size() == 1 && F.Instances.size() == 1
                 ? Ms.back().Why
                 : "in instantiation " + instanceName(I) + ": " + Ms.back().Why;
  }
  if (Ms.empty())
    return std::nullopt; // no warp operation: not a candidate
  // The edits are made to the template's text, which every instantiation
  // shares: all of them must be the block reduction.
  for (const FunctionDecl *I : F.Instances)
    if (!llvm::is_contained(From, I))
      return "its instantiation " + instanceName(I) + " has no warp operations, unlike " +
             instanceName(From[0]);
  for (size_t I = 1; I < Ms.size(); ++I)
    if (!(Ms[I].Edits == Ms[0].Edits))
      return "its instantiations " + instanceName(From[0]) + " and " + instanceName(From[I]) +
             " are not the same block reduction";
  F.Edits = Ms[0].Edits;
  for (const BlockMatch &M : Ms)
    for (const FunctionDecl *W : M.Reductions)
      Fns[W].Native = true;
  return "";
}

void WaveNativeAstRule::findBlockReductions(const Unit &U) {
  for (const FunctionDecl *K : Order) {
    Function &F = Fns[K];
    if (F.IsWarp)
      continue;
    if (F.Conditional) {
      bool Warp = false;
      for (const FunctionDecl *I : F.Instances)
        Warp = Warp || usesWarp(I);
      if (Warp)
        F.Why = "its body has #if/#else lines, which the idiom match does not follow";
      continue;
    }
    std::optional<std::string> Why = blockWhy(U, F);
    if (!Why)
      continue;
    F.BlockOk = Why->empty();
    if (!F.BlockOk)
      F.Why = "not a recognised warp or block reduction: " + *Why;
  }
}

// ---- output -------------------------------------------------------------------------

void WaveNativeAstRule::note(const Function &F, const std::string &Message) {
  ctx().report(id(), Severity::Note, F.Def->getLocation(),
               "'" + F.Def->getNameAsString() + "' stays logical32 (32-lane warps): " + Message,
               "only recognised warp/block reduction idioms use the full wavefront "
               "(docs/wave64.md, --wave=native)");
}

void WaveNativeAstRule::emit(const Unit &U) {
  const SourceManager &SM = U.sourceManager();
  for (const FunctionDecl *K : Order) {
    const Function &F = Fns[K];
    bool Rewrite = F.IsWarp ? F.Native && F.Why.empty() : F.BlockOk;
    if (!Rewrite) {
      if (F.IsWarp)
        note(F, F.Why.empty() ? "no recognised block reduction in this file calls it; its "
                                "callers use the result per 32-lane warp"
                              : F.Why);
      else if (!F.Why.empty())
        note(F, F.Why);
      continue;
    }
    for (const TextEdit &E : F.Edits)
      ctx().replace(id(),
                    CharSourceRange::getCharRange(SM.getComposedLoc(E.File, E.Begin),
                                                  SM.getComposedLoc(E.File, E.End)),
                    E.Text);
    ctx().claim(id(), CharSourceRange::getTokenRange(F.Def->getBody()->getSourceRange()));
    ctx().requestHeader(F.Def->getLocation(), "cu2hip/wave.h");
  }
}

void WaveNativeAstRule::run(const Unit &U, const Collector &C) {
  Cur = &U;
  Order.clear();
  Fns.clear();
  WarpUse.clear();
  group(C);
  findWarpReductions(U);
  checkUses(U, C.Refs);
  findBlockReductions(U);
  emit(U);
}

/// Where the AST part cannot look: says once per file with warp shuffles
/// that --wave=native needs a parse, and once per file with shuffles in a
/// branch no configuration compiled (they have no AST and stay logical32).
class WaveNativeParseRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override { return nativeIds(); }
  bool enabled(const Options &O) const override { return O.Wave == WaveMode::Native; }
  void run(FileContext &C) override {
    if (C.Facts.Parsed)
      return inactiveNote(C);
    for (size_t I = 0; I < C.Toks.size(); ++I) {
      const Tok &T = C.Toks[I];
      bool Sync;
      if (!T.isIdent() || !isShuffle(T.Text, Sync))
        continue;
      C.report(id(), Severity::Note, T.Offset,
               "--wave=native needs Clang's parse of this file, which did not run "
               "(--no-semantic, or no configuration compiled it): its warp reductions "
               "stay logical32 (32-lane warps)",
               "run without --no-semantic, with the file's compile flags");
      return;
    }
  }

  void inactiveNote(FileContext &C) {
    for (size_t I = 0; I < C.Toks.size(); ++I) {
      const Tok &T = C.Toks[I];
      bool Sync;
      if (!T.isIdent() || T.InDirective || !isShuffle(T.Text, Sync) ||
          !C.Facts.isInactive(T.Offset))
        continue;
      C.report(id(), Severity::Note, T.Offset,
               "this warp shuffle is in a branch no configuration compiles (#if): "
               "--wave=native decides from Clang's parse, which does not see it, so "
               "it stays logical32 (32-lane warps)",
               "add a --config whose macros select the branch to have it decided");
      return;
    }
  }
};

} // namespace
} // namespace wavenative

std::unique_ptr<AstRule> createWaveNativeAstRule() {
  return std::make_unique<wavenative::WaveNativeAstRule>();
}

std::unique_ptr<Rule> createWaveNativeRule() {
  return std::make_unique<wavenative::WaveNativeParseRule>();
}

} // namespace cu2hip
