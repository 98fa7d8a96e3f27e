//===- WaveNativeRuleWarp.cpp - AST helpers, geometry, warp reductions ----===//
//
// See WaveNativeRule.h. The warp-reduction idiom and the geometry forms of
// rule "wave-native", matched on the AST.
//===----------------------------------------------------------------------===//
#include "CudaAst.h"
#include "WaveNativeRule.h"
#include "WaveNames.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cu2hip {
namespace wavenative {

// ---- Unit ------------------------------------------------------------------

Unit::Unit(ASTContext &AC) : AC(AC), SM(AC.getSourceManager()), LO(AC.getLangOpts()) {}

std::optional<int64_t> Unit::value(const Expr *E) const {
  if (!E || E->isTypeDependent() || E->containsErrors())
    return std::nullopt;
  std::optional<Expr::EvalResult> R = evaluateInt(E, AC);
  if (!R || R->HasSideEffects)
    return std::nullopt;
  const llvm::APSInt &V = R->Val.getInt();
  if (V.getActiveBits() > 63 && V.isUnsigned())
    return std::nullopt;
  return V.getExtValue();
}

bool Unit::isFullMask(const Expr *E) const {
  auto V = value(E);
  return V && (*V == 0xffffffffLL || *V == -1);
}

bool Unit::isBuiltinX(const Expr *E, llvm::StringRef Var) const {
  return isSystemBuiltinX(E, Var, SM);
}

bool Unit::inSystemHeader(const Decl *D) const {
  return D && SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
}

unsigned Unit::line(SourceLocation Loc, bool Spelling) const {
  return Spelling ? SM.getSpellingLineNumber(Loc) : SM.getExpansionLineNumber(Loc);
}

std::string Unit::tokenAt(SourceLocation Loc) const {
  SourceLocation L = SM.getExpansionLoc(Loc);
  return Lexer::getSourceText(CharSourceRange::getTokenRange(L, L), SM, LO).str();
}

std::string Unit::where(const Stmt *S) const {
  return "'" + tokenAt(S->getBeginLoc()) + "' at line " + std::to_string(line(S->getBeginLoc()));
}

std::optional<CharSourceRange> Unit::fileRange(SourceRange R) const {
  if (R.isInvalid())
    return std::nullopt;
  CharSourceRange C = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM, LO);
  if (C.isInvalid())
    return std::nullopt;
  return C;
}

// ---- edits -------------------------------------------------------------------

void EditCollector::add(CharSourceRange R, std::string Text) {
  const SourceManager &SM = U.sourceManager();
  auto B = SM.getDecomposedLoc(R.getBegin());
  auto E = SM.getDecomposedLoc(R.getEnd());
  if (B.first != E.first || E.second < B.second) {
    Ok = false;
    return;
  }
  Edits.push_back({B.first, B.second, E.second, std::move(Text)});
}

void EditCollector::replace(SourceRange R, std::string Text) {
  auto C = U.fileRange(R);
  if (!C) {
    Ok = false;
    return;
  }
  add(*C, std::move(Text));
}

void EditCollector::insertBefore(SourceLocation Loc, std::string Text) {
  auto C = U.fileRange(SourceRange(Loc, Loc));
  if (!C) {
    Ok = false;
    return;
  }
  add(CharSourceRange::getCharRange(C->getBegin(), C->getBegin()), std::move(Text));
}

void EditCollector::insertAfter(SourceLocation Loc, std::string Text) {
  auto C = U.fileRange(SourceRange(Loc, Loc));
  if (!C) {
    Ok = false;
    return;
  }
  add(CharSourceRange::getCharRange(C->getEnd(), C->getEnd()), std::move(Text));
}

std::string renderWithEdits(const Unit &U, CharSourceRange R, const EditList &Edits) {
  const SourceManager &SM = U.sourceManager();
  auto B = SM.getDecomposedLoc(R.getBegin());
  auto E = SM.getDecomposedLoc(R.getEnd());
  llvm::StringRef Buf = SM.getBufferData(B.first);
  EditList Inside;
  for (const TextEdit &T : Edits)
    if (T.File == B.first && T.Begin >= B.second && T.End <= E.second)
      Inside.push_back(T);
  llvm::sort(Inside, [](const TextEdit &X, const TextEdit &Y) {
    return std::tie(X.Begin, X.End) < std::tie(Y.Begin, Y.End);
  });
  std::string Out;
  unsigned At = B.second;
  for (const TextEdit &T : Inside) {
    if (T.Begin < At)
      continue; // overlapping edits are not produced by the matchers
    Out += Buf.slice(At, T.Begin).str() + T.Text;
    At = T.End;
  }
  return Out + Buf.slice(At, E.second).str();
}

// ---- geometry ------------------------------------------------------------------

namespace {

const BinaryOperator *binary(const Expr *E) {
  return E ? dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts()) : nullptr;
}

/// `(blockDim.x + K-1)` or `(blockDim.x + K - 1)`: the round-up numerator.
bool roundUpNumerator(const Unit &U, const Expr *E, EditCollector *Out) {
  const BinaryOperator *B = binary(E);
  if (!B)
    return false;
  if (B->getOpcode() == BO_Add && U.isBuiltinX(B->getLHS(), "blockDim") &&
      U.hasValue(B->getRHS(), 31)) {
    if (Out)
      Out->replace(B->getRHS()->getSourceRange(), "cu2hip_w - 1");
    return true;
  }
  const BinaryOperator *Inner = B->getOpcode() == BO_Sub ? binary(B->getLHS()) : nullptr;
  if (Inner && Inner->getOpcode() == BO_Add && U.isBuiltinX(Inner->getLHS(), "blockDim") &&
      U.hasValue(Inner->getRHS(), 32) && U.hasValue(B->getRHS(), 1)) {
    if (Out)
      Out->replace(Inner->getRHS()->getSourceRange(), "cu2hip_w");
    return true;
  }
  return false;
}

/// `X / 32` or `X >> 5` for the warp or warp-count forms: the divisor edit.
bool dividesByWarp(const Unit &U, const BinaryOperator *B, EditCollector *Out) {
  if (B->getOpcode() == BO_Div && U.hasValue(B->getRHS(), 32)) {
    if (Out)
      Out->replace(B->getRHS()->getSourceRange(), "cu2hip_w");
    return true;
  }
  if (B->getOpcode() == BO_Shr && U.hasValue(B->getRHS(), 5)) {
    if (Out)
      Out->replace(SourceRange(B->getOperatorLoc(), B->getRHS()->getEndLoc()), "/ cu2hip_w");
    return true;
  }
  return false;
}

Geo threadForm(const Unit &U, const BinaryOperator *B, EditCollector *Out) {
  const Expr *R = B->getRHS();
  switch (B->getOpcode()) {
  case BO_Rem:
  case BO_LT:
    if (!U.hasValue(R, 32))
      return Geo::None;
    if (Out)
      Out->replace(R->getSourceRange(), "cu2hip_w");
    return B->getOpcode() == BO_Rem ? Geo::Lane : Geo::FirstWarp;
  case BO_And:
    if (!U.hasValue(R, 31))
      return Geo::None;
    if (Out)
      Out->replace(R->getSourceRange(), "(cu2hip_w - 1)");
    return Geo::Lane;
  default:
    return dividesByWarp(U, B, Out) ? Geo::Warp : Geo::None;
  }
}

} // namespace

Geo geometryForm(const Unit &U, const Expr *E, EditCollector *Out) {
  const BinaryOperator *B = binary(E);
  if (!B)
    return Geo::None;
  if (U.isBuiltinX(B->getLHS(), "threadIdx"))
    return threadForm(U, B, Out);
  if (U.isBuiltinX(B->getLHS(), "blockDim"))
    return dividesByWarp(U, B, Out) ? Geo::NumWarps : Geo::None;
  if ((B->getOpcode() == BO_Div || B->getOpcode() == BO_Shr) &&
      roundUpNumerator(U, B->getLHS(), nullptr) && dividesByWarp(U, B, nullptr)) {
    if (Out) {
      roundUpNumerator(U, B->getLHS(), Out);
      dividesByWarp(U, B, Out);
    }
    return Geo::NumWarps;
  }
  return Geo::None;
}

// ---- warp intrinsics -------------------------------------------------------------

bool isWarpIntrinsic(const Unit &U, const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier() || !U.inSystemHeader(FD))
    return false;
  llvm::StringRef N = FD->getName();
  bool Sync;
  return isShuffle(N, Sync) || !logical32Helper(N).empty() ||
         llvm::StringSwitch<bool>(N)
             .Cases("__lane_id", "__popc", "__ffs", "__popcll", "__ffsll", true)
             .Cases("tiled_partition", "__activemask", "__syncwarp", true)
             .Default(false);
}

// ---- warp reduction ---------------------------------------------------------------

namespace {

const ValueDecl *refTo(const Expr *E) {
  const auto *D = E ? dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()) : nullptr;
  return D ? D->getDecl() : nullptr;
}

/// A full-mask down/xor shuffle of `V` (width absent or 32) whose offset
/// satisfies `OffsetOk`.
const CallExpr *shuffleOf(const Unit &U, const Expr *E, const ValueDecl *V,
                          llvm::function_ref<bool(const Expr *)> OffsetOk) {
  const auto *C = E ? dyn_cast<CallExpr>(E->IgnoreParenImpCasts()) : nullptr;
  const FunctionDecl *FD = C ? C->getDirectCallee() : nullptr;
  if (!FD || !U.inSystemHeader(FD) || !FD->getIdentifier())
    return nullptr;
  bool Sync = llvm::StringSwitch<bool>(FD->getName())
                  .Cases("__shfl_down_sync", "__shfl_xor_sync", true)
                  .Default(false);
  bool Plain = llvm::StringSwitch<bool>(FD->getName())
                   .Cases("__shfl_down", "__shfl_xor", true)
                   .Default(false);
  unsigned Base = Sync ? 1 : 0;
  if ((!Sync && !Plain) || C->getNumArgs() != Base + 3)
    return nullptr;
  if (Sync && !U.isFullMask(C->getArg(0)))
    return nullptr;
  if (refTo(C->getArg(Base)) != V || !OffsetOk(C->getArg(Base + 1)))
    return nullptr;
  const Expr *W = C->getArg(Base + 2);
  if (!isa<CXXDefaultArgExpr>(W) && !U.hasValue(W, 32))
    return nullptr;
  return C;
}

bool isAccumulatingOp(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add:
  case BO_Mul:
  case BO_Or:
  case BO_And:
  case BO_Xor:
    return true;
  default:
    return false;
  }
}

/// One step `v OP= S;`, `v = v OP S;`, `v = S OP v;` or `v = f(v, S);`
/// (either argument order): the shuffle S, or nullptr.
const CallExpr *matchStep(const Unit &U, const Stmt *S, const ValueDecl *V,
                          llvm::function_ref<bool(const Expr *)> OffsetOk) {
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(S)) {
    BinaryOperatorKind K = BinaryOperator::getOpForCompoundAssignment(CA->getOpcode());
    if (!isAccumulatingOp(K) || refTo(CA->getLHS()) != V)
      return nullptr;
    return shuffleOf(U, CA->getRHS(), V, OffsetOk);
  }
  const auto *A = dyn_cast<BinaryOperator>(S);
  if (!A || A->getOpcode() != BO_Assign || refTo(A->getLHS()) != V)
    return nullptr;
  const Expr *R = A->getRHS()->IgnoreParenImpCasts();
  const Expr *X = nullptr, *Y = nullptr;
  if (const auto *B = dyn_cast<BinaryOperator>(R)) {
    if (!isAccumulatingOp(B->getOpcode()))
      return nullptr;
    X = B->getLHS(), Y = B->getRHS();
  } else if (const auto *C = dyn_cast<CallExpr>(R)) {
    if (C->getNumArgs() != 2 || !C->getDirectCallee())
      return nullptr;
    X = C->getArg(0), Y = C->getArg(1);
  } else {
    return nullptr;
  }
  if (refTo(X) == V)
    return shuffleOf(U, Y, V, OffsetOk);
  if (refTo(Y) == V)
    return shuffleOf(U, X, V, OffsetOk);
  return nullptr;
}

/// Edits that make one shuffle use `cu2hip_width` as its mask and width.
void widenShuffle(const CallExpr *C, EditCollector &Out) {
  bool Sync = C->getNumArgs() == 4;
  if (Sync)
    Out.replace(C->getArg(0)->getSourceRange(), "cu2hip::width_mask(cu2hip_width)");
  const Expr *W = C->getArg(C->getNumArgs() - 1);
  if (isa<CXXDefaultArgExpr>(W))
    Out.insertBefore(C->getRParenLoc(), ", cu2hip_width");
  else
    Out.replace(W->getSourceRange(), "cu2hip_width");
}

/// The loop's statement, through `#pragma unroll` (an attributed statement).
const Stmt *unwrapAttributes(const Stmt *S) {
  while (const auto *A = dyn_cast_or_null<AttributedStmt>(S))
    S = A->getSubStmt();
  return S;
}

/// The single statement of a loop body (braces optional).
const Stmt *singleStatement(const Stmt *S) {
  if (const auto *C = dyn_cast_or_null<CompoundStmt>(S))
    return C->size() == 1 ? C->body_front() : nullptr;
  return S;
}

/// `O > 0`, `O >= 1`, `O != 0`, `0 < O` or `O` (as a condition).
bool countsDownToOne(const Unit &U, const Expr *Cond, const ValueDecl *O) {
  if (refTo(Cond) == O)
    return true;
  const auto *B = binary(Cond);
  if (!B)
    return false;
  if (refTo(B->getLHS()) == O)
    return (B->getOpcode() == BO_GT && U.hasValue(B->getRHS(), 0)) ||
           (B->getOpcode() == BO_GE && U.hasValue(B->getRHS(), 1)) ||
           (B->getOpcode() == BO_NE && U.hasValue(B->getRHS(), 0));
  return B->getOpcode() == BO_LT && refTo(B->getRHS()) == O && U.hasValue(B->getLHS(), 0);
}

/// `O /= 2`, `O >>= 1`, `O = O / 2`, `O = O >> 1` (Halve), or their
/// doubling counterparts `O *= 2`, `O <<= 1`, `O = O * 2`, `O = O << 1`,
/// `O += O`.
bool stepsBy(const Unit &U, const Expr *Inc, const ValueDecl *O, bool Halve) {
  BinaryOperatorKind Mul = Halve ? BO_Div : BO_Mul, Shift = Halve ? BO_Shr : BO_Shl;
  auto Ok = [&](BinaryOperatorKind K, const Expr *R) {
    return (K == Mul && U.hasValue(R, 2)) || (K == Shift && U.hasValue(R, 1)) ||
           (!Halve && K == BO_Add && refTo(R) == O);
  };
  if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc))
    return refTo(CA->getLHS()) == O &&
           Ok(BinaryOperator::getOpForCompoundAssignment(CA->getOpcode()), CA->getRHS());
  const auto *A = dyn_cast_or_null<BinaryOperator>(Inc);
  if (!A || A->getOpcode() != BO_Assign || refTo(A->getLHS()) != O)
    return false;
  const auto *B = binary(A->getRHS());
  return B && refTo(B->getLHS()) == O && B->getOpcode() != BO_Add && Ok(B->getOpcode(), B->getRHS());
}

/// The loop form; `Out` receives the start/bound and shuffle edits.
bool matchLoop(const Unit &U, const ForStmt *F, const ValueDecl *V, EditCollector &Out) {
  const auto *Init = dyn_cast_or_null<DeclStmt>(F->getInit());
  const auto *O = Init && Init->isSingleDecl() ? dyn_cast<VarDecl>(Init->getSingleDecl()) : nullptr;
  if (!O || !O->getType()->isIntegerType() || !O->getInit() || !F->getCond() || !F->getInc())
    return false;
  const Expr *Start = O->getInit();
  bool Desc = U.hasValue(Start, 16) && countsDownToOne(U, F->getCond(), O) &&
              stepsBy(U, F->getInc(), O, /*Halve=*/true);
  const BinaryOperator *Bound = binary(F->getCond());
  bool Asc = !Desc && U.hasValue(Start, 1) && Bound && Bound->getOpcode() == BO_LT &&
             refTo(Bound->getLHS()) == O && U.hasValue(Bound->getRHS(), 32) &&
             stepsBy(U, F->getInc(), O, /*Halve=*/false);
  if (!Desc && !Asc)
    return false;
  const Stmt *Body = singleStatement(F->getBody());
  const CallExpr *S = Body ? matchStep(U, Body, V, [&](const Expr *E) { return refTo(E) == O; })
                           : nullptr;
  if (!S)
    return false;
  if (Desc)
    Out.replace(Start->getSourceRange(), "cu2hip_width / 2");
  else
    Out.replace(Bound->getRHS()->getSourceRange(), "cu2hip_width");
  widenShuffle(S, Out);
  return true;
}

/// The file range of statement `S` through its `;`.
std::optional<CharSourceRange> statementRange(const Unit &U, const Stmt *S) {
  auto R = U.fileRange(S->getSourceRange());
  if (!R)
    return std::nullopt;
  std::optional<Token> Semi =
      Lexer::findNextToken(R->getEnd().getLocWithOffset(-1), U.sourceManager(), U.langOptions());
  if (!Semi || !Semi->is(tok::semi))
    return std::nullopt;
  return CharSourceRange::getCharRange(R->getBegin(), Semi->getEndLoc());
}

/// The text of `R` without the characters of `Hole`.
std::string textAround(const Unit &U, CharSourceRange R, SourceRange Hole) {
  EditCollector Blank(U);
  Blank.replace(Hole, "#");
  return Blank.ok() ? renderWithEdits(U, R, Blank.edits()) : std::string();
}

/// The unrolled form: steps with offsets 16, 8, 4, 2, 1 that differ only
/// in the offset; the edits add the offset-32 step in front.
bool matchUnrolled(const Unit &U, const CompoundStmt *Body, const ValueDecl *V,
                   EditCollector &Out) {
  if (Body->size() != 6)
    return false;
  std::string Shape;
  int64_t Off = 16;
  std::vector<const CallExpr *> Steps;
  for (const Stmt *S : llvm::make_range(Body->body_begin(), Body->body_end() - 1)) {
    const CallExpr *C = matchStep(U, S, V, [&](const Expr *E) { return U.hasValue(E, Off); });
    auto R = C ? statementRange(U, S) : std::nullopt;
    if (!R)
      return false;
    std::string This = textAround(U, *R, C->getArg(C->getNumArgs() - 2)->getSourceRange());
    if (This.empty() || (Off != 16 && This != Shape))
      return false;
    Shape = This;
    Steps.push_back(C);
    Off /= 2;
  }
  // The wave64 step: the first step again, offset 32, under a width test.
  const Stmt *First = Body->body_front();
  auto R = statementRange(U, First);
  EditCollector Copy(U);
  widenShuffle(Steps[0], Copy);
  Copy.replace(Steps[0]->getArg(Steps[0]->getNumArgs() - 2)->getSourceRange(), "32");
  if (!Copy.ok())
    return false;
  const SourceManager &SM = U.sourceManager();
  auto [FID, Off0] = SM.getDecomposedLoc(R->getBegin());
  llvm::StringRef Buf = SM.getBufferData(FID);
  size_t LineStart = Buf.rfind('\n', Off0);
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  llvm::StringRef Lead = Buf.slice(LineStart, Off0);
  bool OwnLine = Lead.find_first_not_of(" \t") == llvm::StringRef::npos;
  size_t NL = Buf.find('\n');
  std::string Eol = NL != llvm::StringRef::npos && NL > 0 && Buf[NL - 1] == '\r' ? "\r\n" : "\n";
  std::string Sep = OwnLine ? Eol + Lead.str() : std::string(" ");
  Out.insertBefore(First->getBeginLoc(),
                   "if (cu2hip_width > 32) " + renderWithEdits(U, *R, Copy.edits()) + Sep);
  for (const CallExpr *C : Steps)
    widenShuffle(C, Out);
  return true;
}

} // namespace

WarpMatch matchWarpReduction(const Unit &U, const FunctionDecl &FD) {
  WarpMatch M;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD.getBody());
  // Exactly one parameter, the accumulator: the width parameter is
  // appended, and a call must not bind it to another defaulted one.
  if (!Body || Body->size() < 2 || FD.getNumParams() != 1 || FD.isVariadic())
    return M;
  const ParmVarDecl *V = FD.getParamDecl(0);
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_back());
  if (!Ret || refTo(Ret->getRetValue()) != V)
    return M;
  EditCollector Out(U);
  bool Matched = false;
  if (Body->size() == 2) {
    const auto *F = dyn_cast_or_null<ForStmt>(unwrapAttributes(Body->body_front()));
    Matched = F && matchLoop(U, F, V, Out);
  } else {
    Matched = matchUnrolled(U, Body, V, Out);
  }
  if (!Matched)
    return M;
  M.K = Out.ok() ? WarpMatch::Matched : WarpMatch::Unmappable;
  M.Edits = Out.take();
  return M;
}

WarpIndex::~WarpIndex() = default;

} // namespace wavenative
} // namespace cu2hip
