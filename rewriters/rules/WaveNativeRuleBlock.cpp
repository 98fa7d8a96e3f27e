//===- WaveNativeRuleBlock.cpp - the block-reduction idiom on the AST -----===//
//
// See WaveNativeRule.h. A function is a block reduction when (1) nothing in
// it escapes the match (the scan: macros other than constants, lambdas,
// warp intrinsics, cooperative groups, cub, unknown or warp-using callees,
// lane/warp arithmetic or 32-lane constants outside the geometry forms) and
// (2) its top-level statements follow the grammar of match().
//===----------------------------------------------------------------------===//
#include "WaveNativeRule.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"
#include <map>
#include <set>

using namespace clang;

namespace cu2hip {
namespace wavenative {
namespace {

const Expr *strip(const Expr *E) { return E ? E->IgnoreParenImpCasts() : nullptr; }

const ValueDecl *refTo(const Expr *E) {
  const auto *D = dyn_cast_or_null<DeclRefExpr>(strip(E));
  return D ? D->getDecl() : nullptr;
}

class BlockMatcher {
public:
  BlockMatcher(const Unit &U, const FunctionDecl &FD, const WarpIndex &Warps)
      : U(U), FD(FD), Warps(Warps), Out(U) {}

  BlockMatch run();

private:
  // The scan (pre-order, first reason wins).
  std::string scan(const Stmt *S);
  std::string scanNode(const Stmt *S, bool &Descend);
  std::string scanCall(const CallExpr *C);
  std::string scanMacro(const Expr *E, bool &Descend);
  std::string scanConstant(const Expr *E, bool &Descend);
  std::string scanDecls(const DeclStmt *DS);
  void collectDecl(const VarDecl *VD);

  // The grammar.
  std::string match(const CompoundStmt *Body);
  std::string matchBefore(const Stmt *S);
  bool matchLane0(const Stmt *S, std::string &Why);
  bool matchLane0Step(const Stmt *S);
  bool matchAfterSync(const Stmt *S, std::string &Why);
  bool readOrFinal(const Stmt *S);

  // Statement shapes.
  Geo geoOf(const Expr *E) const;
  bool isZeroTest(const Expr *Cond, Geo G) const;
  const Stmt *mentions(const Stmt *S) const;
  std::pair<const ValueDecl *, const Expr *> assignment(const Stmt *S) const;
  const ValueDecl *stage(const Stmt *S, bool Final) const;
  const ValueDecl *read(const Stmt *S) const;
  bool ifParts(const Stmt *S, const Expr *&Cond, std::vector<const Stmt *> &Body) const;
  bool isSync(const Stmt *S) const;
  bool isGeometryDecl(const Stmt *S) const;
  bool isStagingDecl(const Stmt *S) const;
  std::string line(const Stmt *S) const { return std::to_string(U.line(S->getBeginLoc())); }
  std::string bad(const Stmt *S, const std::string &What) const {
    return "the statement at line " + line(S) + " " + What;
  }

  const Unit &U;
  const FunctionDecl &FD;
  const WarpIndex &Warps;
  EditCollector Out;
  std::map<const ValueDecl *, Geo> GeoVars;
  std::set<const ValueDecl *> Staging, Partial, Staged;
  std::vector<const FunctionDecl *> Reductions;

  enum Phase { Before, Stage1, Lane0, AfterSync, Done } P = Before;
  bool Written = false;
};

// ---- scan ------------------------------------------------------------------

std::string BlockMatcher::scan(const Stmt *S) {
  if (!S)
    return "";
  bool Descend = true;
  std::string Why = scanNode(S, Descend);
  if (!Why.empty() || !Descend)
    return Why;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    return scanDecls(DS);
  if (const auto *C = dyn_cast<CallExpr>(S)) {
    // The callee was checked by scanCall; its arguments are scanned.
    if (const auto *M = dyn_cast<CXXMemberCallExpr>(C))
      if (std::string W = scan(M->getImplicitObjectArgument()); !W.empty())
        return W;
    for (const Expr *A : C->arguments())
      if (std::string W = scan(A); !W.empty())
        return W;
    return "";
  }
  for (const Stmt *Child : S->children())
    if (std::string W = scan(Child); !W.empty())
      return W;
  return "";
}

std::string BlockMatcher::scanNode(const Stmt *S, bool &Descend) {
  if (isa<CXXDefaultArgExpr>(S) || isa<CXXDefaultInitExpr>(S)) {
    Descend = false;
    return "";
  }
  if (isa<LambdaExpr>(S))
    return "a lambda at line " + line(S);
  const auto *E = dyn_cast<Expr>(S);
  if (!E)
    return "";
  if (std::string W = scanMacro(E, Descend); !W.empty() || !Descend)
    return W;
  if (geometryForm(U, E, &Out) != Geo::None || U.isBuiltinX(E, "threadIdx") ||
      U.isBuiltinX(E, "blockDim")) {
    Descend = false;
    return "";
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind K = B->getOpcode();
    bool Index = U.isBuiltinX(B->getLHS(), "threadIdx") || U.isBuiltinX(B->getLHS(), "blockDim");
    if (Index && (K == BO_Rem || K == BO_Div || K == BO_And || K == BO_Shr))
      return "'" + U.tokenAt(B->getBeginLoc()) + ".x " + B->getOpcodeStr().str() +
             "' at line " + line(B) + " is not a recognised lane, warp or warp-count form";
    if (K == BO_Shr && U.hasValue(B->getRHS(), 5))
      return U.where(B->getRHS()) + " is not a recognised lane, warp, warp-count or first-warp form";
  }
  if (std::string W = scanConstant(E, Descend); !W.empty() || !Descend)
    return W;
  if (const auto *C = dyn_cast<CallExpr>(E))
    return scanCall(C);
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *F = dyn_cast<FunctionDecl>(D->getDecl()); F && Warps.reductionOf(F))
      return "it passes the warp reduction '" + F->getNameAsString() + "' as a value at line " +
             line(D) + " (only direct calls are followed)";
    std::string Q = D->getDecl()->getQualifiedNameAsString();
    if (llvm::StringRef(Q).startswith("cooperative_groups::"))
      return "it uses cooperative groups (" + U.where(D) + ")";
  }
  return "";
}

/// A node written entirely inside one expansion of a macro of the user's
/// code: allowed when it is an integer constant (a width, mask or count),
/// else refused. Macros of the CUDA and C headers (INFINITY, assert) are
/// scanned like the code they expand to.
std::string BlockMatcher::scanMacro(const Expr *E, bool &Descend) {
  SourceLocation B = E->getBeginLoc(), End = E->getEndLoc();
  if (B.isInvalid() || End.isInvalid() || !B.isMacroID() || !End.isMacroID())
    return "";
  const SourceManager &SM = U.sourceManager();
  if (SM.getExpansionLoc(B) != SM.getExpansionLoc(End) ||
      SM.isInSystemHeader(SM.getSpellingLoc(B)))
    return "";
  Descend = false;
  if (E->getType()->isIntegerType() && U.value(E))
    return "";
  return "it uses the macro '" + U.tokenAt(B) + "' at line " + std::to_string(U.line(B)) +
         " (macros are not followed)";
}

/// Integer constants: 32 and 31 only inside a geometry form.
std::string BlockMatcher::scanConstant(const Expr *E, bool &Descend) {
  if (!E->getType()->isIntegerType())
    return "";
  auto V = U.value(E);
  if (!V)
    return "";
  Descend = false;
  if (*V != 32 && *V != 31)
    return "";
  auto R = U.fileRange(E->getSourceRange());
  std::string Text = R ? Lexer::getSourceText(*R, U.sourceManager(), U.langOptions()).str()
                       : U.tokenAt(E->getBeginLoc());
  return "'" + Text + "' at line " + line(E) +
         " is not a recognised lane, warp, warp-count or first-warp form";
}

std::string BlockMatcher::scanCall(const CallExpr *C) {
  const FunctionDecl *F = C->getDirectCallee();
  if (!F) {
    if (C->getCallee()->isTypeDependent() || isa<CXXPseudoDestructorExpr>(C->getCallee()))
      return "";
    return "it calls through a function pointer or object at line " + line(C);
  }
  std::string Name = F->getNameAsString();
  llvm::StringRef Q = F->getQualifiedNameAsString();
  if (Q.startswith("cooperative_groups::") || Name == "this_thread_block")
    return "it uses cooperative groups ('" + Name + "' at line " + line(C) + ")";
  if (Q.startswith("cub::") || Q.startswith("hipcub::"))
    return "it uses cub ('" + Name + "' at line " + line(C) + ")";
  if (isWarpIntrinsic(U, F))
    return "it uses '" + Name + "' at line " + line(C) + " directly";
  if (const FunctionDecl *W = Warps.reductionOf(F)) {
    if (std::string Why = Warps.whyLogical(W); !Why.empty())
      return "it calls '" + Name + "', which stays logical32: " + Why;
    Reductions.push_back(W);
    Out.insertBefore(C->getRParenLoc(), ", cu2hip_w");
    return "";
  }
  if (F->hasBody() || Warps.bodySkipped(F)) {
    if (F->getCanonicalDecl() != FD.getCanonicalDecl() && Warps.usesWarp(F))
      return "it calls '" + Name + "', which uses warp operations and is not a recognised "
             "warp reduction";
    return "";
  }
  if (F->getBuiltinID() || U.inSystemHeader(F))
    return "";
  return "it calls '" + Name + "' (line " + line(C) +
         "), which is not defined in this file (it may use warp operations)";
}

/// Declarations: staging arrays and geometry variables are recorded; the
/// initialisers are scanned, except those of named integer constants
/// (`const int kWarp = 32;`), whose uses are scanned instead.
std::string BlockMatcher::scanDecls(const DeclStmt *DS) {
  for (const Decl *D : DS->decls()) {
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD)
      continue;
    collectDecl(VD);
    const Expr *Init = VD->getInit();
    if (!Init || (VD->getType().isConstQualified() && VD->getType()->isIntegerType() &&
                  U.value(Init)))
      continue;
    if (std::string W = scan(Init); !W.empty())
      return W;
  }
  return "";
}

/// Staging arrays `[static] __shared__ T s[32]` and geometry variables
/// `int lane = FORM`.
void BlockMatcher::collectDecl(const VarDecl *VD) {
  if (VD->hasAttr<CUDASharedAttr>()) {
    const auto *AT = U.context().getAsConstantArrayType(VD->getType());
    if (!AT || AT->getSize() != 32)
      return;
    Staging.insert(VD);
    TypeLoc TL = VD->getTypeSourceInfo() ? VD->getTypeSourceInfo()->getTypeLoc() : TypeLoc();
    auto ATL = TL.getAs<ConstantArrayTypeLoc>();
    const auto *Size = ATL ? dyn_cast_or_null<DeclRefExpr>(strip(ATL.getSizeExpr())) : nullptr;
    if (Size && Size->getDecl()->getName() == "warpSize" && U.inSystemHeader(Size->getDecl()))
      Out.replace(Size->getSourceRange(), "cu2hip::logical_warp_size");
    return;
  }
  if (VD->getType()->isIntegerType() && VD->getInit())
    if (Geo G = geometryForm(U, VD->getInit()); G != Geo::None)
      GeoVars[VD] = G;
}

// ---- statement shapes ------------------------------------------------------------

Geo BlockMatcher::geoOf(const Expr *E) const {
  if (const ValueDecl *D = refTo(E)) {
    auto It = GeoVars.find(D);
    return It == GeoVars.end() ? Geo::None : It->second;
  }
  return geometryForm(U, E);
}

/// `G == 0`, `0 == G`, `!G`; for the warp also `threadIdx.x < 32`.
bool BlockMatcher::isZeroTest(const Expr *Cond, Geo G) const {
  Cond = strip(Cond);
  if (G == Geo::Warp && geoOf(Cond) == Geo::FirstWarp)
    return true;
  if (const auto *N = dyn_cast<UnaryOperator>(Cond))
    return N->getOpcode() == UO_LNot && geoOf(N->getSubExpr()) == G;
  const auto *B = dyn_cast<BinaryOperator>(Cond);
  if (!B || B->getOpcode() != BO_EQ)
    return false;
  auto IsZero = [](const Expr *E) {
    const auto *L = dyn_cast<IntegerLiteral>(strip(E));
    return L && L->getValue() == 0;
  };
  return (IsZero(B->getRHS()) && geoOf(B->getLHS()) == G) ||
         (IsZero(B->getLHS()) && geoOf(B->getRHS()) == G);
}

/// The first lane, warp, staging array, per-warp partial or warp reduction
/// `S` mentions (source order), or nullptr.
const Stmt *BlockMatcher::mentions(const Stmt *S) const {
  if (!S || isa<CXXDefaultArgExpr>(S))
    return nullptr;
  if (const auto *E = dyn_cast<Expr>(S)) {
    if (geometryForm(U, E) != Geo::None)
      return S;
    if (U.isBuiltinX(E, "threadIdx") || U.isBuiltinX(E, "blockDim"))
      return nullptr;
  }
  if (const auto *D = dyn_cast<DeclRefExpr>(S)) {
    const ValueDecl *V = D->getDecl();
    const auto *F = dyn_cast<FunctionDecl>(V);
    if (GeoVars.count(V) || Staging.count(V) || Partial.count(V) || (F && Warps.reductionOf(F)))
      return S;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (D->hasAttr<CUDASharedAttr>())
        return S;
  for (const Stmt *C : S->children())
    if (const Stmt *M = mentions(C))
      return M;
  return nullptr;
}

/// `[T] X = E;` or `X = E;`: (X, E).
std::pair<const ValueDecl *, const Expr *> BlockMatcher::assignment(const Stmt *S) const {
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    const auto *VD = DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    if (VD && VD->getInit() && VD->getInitStyle() == VarDecl::CInit)
      return {VD, VD->getInit()};
    return {nullptr, nullptr};
  }
  const auto *B = dyn_cast<BinaryOperator>(S);
  if (B && B->getOpcode() == BO_Assign && refTo(B->getLHS()))
    return {refTo(B->getLHS()), B->getRHS()};
  return {nullptr, nullptr};
}

/// `[T] X = W(args);` -> X; args free of geometry (final: one staged value).
const ValueDecl *BlockMatcher::stage(const Stmt *S, bool Final) const {
  auto [X, E] = assignment(S);
  const auto *C = dyn_cast_or_null<CallExpr>(strip(E));
  if (!X || !C || !C->getDirectCallee() || !Warps.reductionOf(C->getDirectCallee()))
    return nullptr;
  if (Final)
    return C->getNumArgs() == 1 && Staged.count(refTo(C->getArg(0))) ? X : nullptr;
  for (const Expr *A : C->arguments())
    if (mentions(A))
      return nullptr;
  return X;
}

/// `[T] Y = GUARD ? s[LANE] : e;` with GUARD `threadIdx.x|LANE < WARPS` -> Y.
const ValueDecl *BlockMatcher::read(const Stmt *S) const {
  auto [Y, E] = assignment(S);
  const auto *C = dyn_cast_or_null<ConditionalOperator>(strip(E));
  if (!Y || !C)
    return nullptr;
  const auto *G = dyn_cast<BinaryOperator>(strip(C->getCond()));
  if (!G || G->getOpcode() != BO_LT || geoOf(G->getRHS()) != Geo::NumWarps ||
      !(geoOf(G->getLHS()) == Geo::Lane || U.isBuiltinX(G->getLHS(), "threadIdx")))
    return nullptr;
  const auto *A = dyn_cast<ArraySubscriptExpr>(strip(C->getTrueExpr()));
  if (!A || !Staging.count(refTo(A->getBase())) || geoOf(A->getIdx()) != Geo::Lane)
    return nullptr;
  return mentions(C->getFalseExpr()) ? nullptr : Y;
}

/// `if (COND) BODY` without else: COND and BODY's statements.
bool BlockMatcher::ifParts(const Stmt *S, const Expr *&Cond,
                           std::vector<const Stmt *> &Body) const {
  const auto *I = dyn_cast<IfStmt>(S);
  if (!I || I->getElse() || I->getInit() || I->getConditionVariable() || I->isConstexpr())
    return false;
  Cond = I->getCond();
  Body.clear();
  if (const auto *C = dyn_cast<CompoundStmt>(I->getThen()))
    Body.assign(C->body_begin(), C->body_end());
  else
    Body.push_back(I->getThen());
  return true;
}

bool BlockMatcher::isSync(const Stmt *S) const {
  const auto *C = dyn_cast<CallExpr>(S);
  const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
  return F && F->getIdentifier() && F->getName() == "__syncthreads" && C->getNumArgs() == 0;
}

bool BlockMatcher::isGeometryDecl(const Stmt *S) const {
  const auto *DS = dyn_cast<DeclStmt>(S);
  if (!DS)
    return false;
  for (const Decl *D : DS->decls())
    if (!GeoVars.count(dyn_cast<VarDecl>(D)))
      return false;
  return true;
}

bool BlockMatcher::isStagingDecl(const Stmt *S) const {
  const auto *DS = dyn_cast<DeclStmt>(S);
  return DS && DS->isSingleDecl() && Staging.count(dyn_cast<VarDecl>(DS->getSingleDecl()));
}

// ---- grammar ----------------------------------------------------------------------

/// Free statements before the first stage.
std::string BlockMatcher::matchBefore(const Stmt *S) {
  if (const Stmt *M = mentions(S))
    return bad(S, "uses the lane, warp, shared staging array or warp reduction before the "
                  "first warp reduction (" + U.where(M) + ")");
  return "";
}

/// `s[WARP] = X;` or `atomicOp(p, X);` with X a per-warp partial.
bool BlockMatcher::matchLane0Step(const Stmt *S) {
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->getOpcode() == BO_Assign) {
    const auto *A = dyn_cast<ArraySubscriptExpr>(strip(B->getLHS()));
    if (A && Staging.count(refTo(A->getBase())) && geoOf(A->getIdx()) == Geo::Warp &&
        Partial.count(refTo(B->getRHS()))) {
      Written = true;
      return true;
    }
    return false;
  }
  const auto *C = dyn_cast<CallExpr>(S);
  const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
  return F && F->getIdentifier() && F->getName().startswith("atomic") && U.inSystemHeader(F) &&
         C->getNumArgs() == 2 && Partial.count(refTo(C->getArg(1))) && !mentions(C->getArg(0));
}

/// After the first stage: `if (lane == 0) ...` steps, then the barrier.
/// Returns false when `S` belongs to the next phase.
bool BlockMatcher::matchLane0(const Stmt *S, std::string &Why) {
  if (isSync(S) && Written) {
    P = AfterSync;
    return true;
  }
  const Expr *Cond;
  std::vector<const Stmt *> Body;
  if (ifParts(S, Cond, Body) && isZeroTest(Cond, Geo::Lane)) {
    bool Ok = !Body.empty();
    for (const Stmt *B : Body)
      Ok = Ok && matchLane0Step(B);
    if (!Ok)
      Why = bad(S, "under `lane == 0` is neither `shared[warp] = partial;` nor "
                   "`atomicOp(p, partial);`");
    return true;
  }
  if (Written)
    Why = bad(S, "is not __syncthreads() after the shared-array write");
  P = Done; // partials went to atomics only
  return !Why.empty();
}

bool BlockMatcher::readOrFinal(const Stmt *S) {
  if (const ValueDecl *Y = read(S)) {
    Staged.insert(Y);
    Partial.insert(Y); // per-lane staging data until reduced
    return true;
  }
  if (const ValueDecl *Z = stage(S, true)) {
    Partial.erase(Z); // the block result
    return true;
  }
  return false;
}

/// After the barrier: reads and final stages, at top level or in a
/// first-warp block (then only `if (lane == 0)` steps using block results).
bool BlockMatcher::matchAfterSync(const Stmt *S, std::string &Why) {
  if (readOrFinal(S))
    return true;
  const Expr *Cond;
  std::vector<const Stmt *> Body;
  if (!ifParts(S, Cond, Body) || !isZeroTest(Cond, Geo::Warp)) {
    P = Done;
    return false;
  }
  bool Thread0 = false;
  for (const Stmt *B : Body) {
    if (!Thread0 && readOrFinal(B))
      continue;
    Thread0 = true;
    const Expr *C2;
    std::vector<const Stmt *> In;
    bool Ok = ifParts(B, C2, In) && isZeroTest(C2, Geo::Lane);
    for (const Stmt *X : In)
      Ok = Ok && !mentions(X);
    if (!Ok) {
      Why = bad(B, "in the first-warp block is neither a shared-array read, a final warp "
                   "reduction, nor `if (lane == 0) ...` using block results only");
      return true;
    }
  }
  return true;
}

std::string BlockMatcher::match(const CompoundStmt *Body) {
  for (const Stmt *S : Body->body()) {
    if (P != Done && (isGeometryDecl(S) || isStagingDecl(S)))
      continue;
    if (P == Before || P == Stage1) {
      if (const ValueDecl *X = stage(S, false)) {
        Partial.insert(X);
        P = Stage1;
        continue;
      }
      if (P == Before) {
        if (std::string Why = matchBefore(S); !Why.empty())
          return Why;
        continue;
      }
      P = Lane0;
    }
    std::string Why;
    if (P == Lane0 && matchLane0(S, Why)) {
      if (!Why.empty())
        return Why;
      continue;
    }
    if (P == AfterSync && matchAfterSync(S, Why)) {
      if (!Why.empty())
        return Why;
      continue;
    }
    if (const Stmt *M = mentions(S))
      return bad(S, "uses the lane, warp, shared staging array, a per-warp value or a warp "
                    "reduction outside the recognised block-reduction steps (" +
                        U.where(M) + ")");
  }
  if (P == Before || P == Stage1 || (P == Lane0 && Written))
    return "the two-stage block-reduction pattern is incomplete";
  if (Staged.empty() && Written)
    return "the shared array is written but never read back";
  return "";
}

BlockMatch BlockMatcher::run() {
  BlockMatch M;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD.getBody());
  if (!Body) {
    M.Why = "it has no body";
    return M;
  }
  M.Why = scan(Body);
  if (M.Why.empty() && Reductions.empty())
    M.Why = "no warp reduction is called";
  if (M.Why.empty())
    M.Why = match(Body);
  if (M.Why.empty() && !Out.ok())
    M.Why = "a rewritten expression is not plain file text (macro expansion)";
  if (!M.Why.empty())
    return M;
  const SourceManager &SM = U.sourceManager();
  // Indentation of the first body line.
  std::string Indent = "  ";
  auto [FID, Off] = SM.getDecomposedLoc(SM.getExpansionLoc(
      Body->body_empty() ? Body->getRBracLoc() : Body->body_front()->getBeginLoc()));
  llvm::StringRef Buf = SM.getBufferData(FID);
  size_t LS = Buf.rfind('\n', Off);
  LS = LS == llvm::StringRef::npos ? 0 : LS + 1;
  llvm::StringRef Lead = Buf.slice(LS, Off);
  if (!Lead.empty() && Lead.find_first_not_of(" \t") == llvm::StringRef::npos)
    Indent = Lead.str();
  size_t NL = Buf.find('\n');
  std::string Eol = NL != llvm::StringRef::npos && NL > 0 && Buf[NL - 1] == '\r' ? "\r\n" : "\n";
  Out.insertAfter(Body->getLBracLoc(),
                  Eol + Indent + "const int cu2hip_w = cu2hip::native_wave_width();");
  M.Edits = Out.take();
  M.Reductions = std::move(Reductions);
  return M;
}

} // namespace

BlockMatch matchBlockReduction(const Unit &U, const FunctionDecl &FD, const WarpIndex &Warps) {
  return BlockMatcher(U, FD, Warps).run();
}

} // namespace wavenative
} // namespace cu2hip
