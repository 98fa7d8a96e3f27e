//===- WaveNativeRule.cpp - rule "wave-native" (--wave=native) ------------===//
//
// With --wave=native, the block reductions the rule recognises exactly run
// on full wavefronts instead of 32-lane logical warps. Two functions of one
// file form the idiom (docs/wave64.md, "--wave=native"):
//
//   warp reduction W:  T W(T v [, ...]) {
//                        for (int o = 16 | K/2 | K>>1; o > 0; o /= 2 | o >>= 1)
//                          v += | v = f(v, ...) | v = v OP ...
//                               __shfl_{down,xor}[_sync]([FULL,] v, o [, K]);
//                        return v; }
//   block reduction B: lane = threadIdx.x % K (& K-1), warp = threadIdx.x / K
//                      (>> 5), warps = blockDim.x / K ((blockDim.x+K-1)/K,
//                      >> 5), `__shared__ T s[K]`, v = W(v); if (lane == 0)
//                      s[warp] = v (or an atomic); sync; v = (threadIdx.x <
//                      warps) ? s[lane] : 0; v = W(v);
//   (K: 32, warpSize, or a macro defined as 32 in the file)
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
// the statement grammar of matchBlockReduce (first stage, `lane == 0`
// writes or atomics, barrier, guarded reads, final stage, free statements
// that touch no lane, warp, staging array or per-warp value); it has no warp
// intrinsic, lambda, file macro (other than K) or call to an unknown or
// warp-using function; W has one parameter, one definition, no macro use and
// only direct calls, in the same file as B.
// Why: wave64 code that reduces across the whole wavefront does half the
// shuffle steps' worth of shared-memory traffic per block (catalogue rows
// 1-4, 16; the ROCm HIP porting guide's advice to use the native wavefront
// size in reductions), but mixing 32- and 64-lane views in one call chain is
// what breaks real ports (llama.cpp#3630), hence the all-or-nothing match.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "WaveNames.h"
#include "llvm/ADT/StringSwitch.h"
#include <cstring>
#include <functional>
#include <map>

using namespace clang;

namespace cu2hip {
namespace {

/// A function definition found at token level.
struct FnDef {
  llvm::StringRef Name;
  size_t NameTok = 0, LParen = 0, RParen = 0, LBrace = 0, RBrace = 0;
  bool Kernel = false, Device = false;
};

long long intValue(const Tok &K) {
  if (!K.is(tok::numeric_constant))
    return -1;
  llvm::StringRef S = K.Text;
  while (!S.empty() && std::strchr("uUlL", S.back()))
    S = S.drop_back();
  unsigned long long V;
  if (S.getAsInteger(0, V))
    return -1;
  return (long long)V;
}

bool isTypeWord(llvm::StringRef S) {
  return llvm::StringSwitch<bool>(S)
      .Cases("int", "unsigned", "signed", "short", "long", "auto", "size_t", true)
      .Cases("int32_t", "uint32_t", "int64_t", "uint64_t", "const", true)
      .Default(false);
}

enum class Geo { None, Lane, Warp, NumWarps, FirstWarp };

/// One recognised geometry form in a block reduction: tokens [First, Last]
/// and the replacements that make it wave-size parametric.
struct Form {
  Geo Kind = Geo::None;
  size_t First = 0, Last = 0;
  std::vector<std::pair<std::pair<size_t, size_t>, std::string>> Edits;
};

class WaveNativeRule : public Rule {
  FileContext *Cx = nullptr;
  /// Object-like macros of the file: name -> body text (tokens joined).
  llvm::StringMap<std::string> Macros;
  std::vector<FnDef> Fns;
  std::vector<FnDef> WithIfs; ///< definitions whose bodies hold #if lines

public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-native", IdKind::Edit, "recognised warp/block reductions on full wavefronts (--wave=native)"},
    };
    return Ids;
  }

private:
  const TokenStream &T() const { return Cx->Toks; }

  void collectMacros() {
    const auto &K = T();
    for (size_t I = 0; I + 2 < K.size(); ++I) {
      if (!K[I].is(tok::hash) || !K[I].StartOfLine || !K[I + 1].isIdent("define") ||
          !K[I + 2].isIdent())
        continue;
      size_t J = I + 3;
      if (J < K.size() && K[J].is(tok::l_paren) && K[J].Offset == K[I + 2].end())
        continue; // function-like
      std::string V;
      for (; J < K.size() && K[J].InDirective && !K[J].StartOfLine; ++J)
        V += K[J].Text.str();
      Macros[K[I + 2].Text] = V;
    }
  }

  /// 32, 31, 16 ... for a literal, `warpSize` or a macro with such a body;
  /// -1 otherwise.
  long long value(const Tok &K) const {
    if (K.isIdent("warpSize"))
      return 32;
    if (K.isIdent()) {
      auto It = Macros.find(K.Text);
      if (It == Macros.end())
        return -1;
      llvm::StringRef S = It->second;
      while (S.startswith("(") && S.endswith(")"))
        S = S.drop_front().drop_back();
      while (!S.empty() && std::strchr("uUlL", S.back()))
        S = S.drop_back();
      unsigned long long V;
      return S.getAsInteger(0, V) ? -1 : (long long)V;
    }
    return intValue(K);
  }

  bool isFullMask(size_t First, size_t Last) const {
    std::string S;
    for (size_t J = First; J <= Last; ++J)
      S += T()[J].Text.str();
    if (First == Last && T()[First].isIdent()) {
      auto It = Macros.find(T()[First].Text);
      if (It == Macros.end())
        return false;
      S = It->second;
    }
    llvm::StringRef R(S);
    while (R.startswith("(") && R.endswith(")"))
      R = R.drop_front().drop_back();
    if (R == "~0" || R == "~0u" || R == "~0U" || R == "-1")
      return true;
    while (!R.empty() && std::strchr("uUlL", R.back()))
      R = R.drop_back();
    unsigned long long V;
    return !R.getAsInteger(0, V) && V == 0xffffffffull;
  }

  // ---- function definitions ------------------------------------------------

  void collectFunctions() {
    const auto &K = T();
    for (size_t I = 0; I < K.size(); ++I) {
      if (!K[I].is(tok::l_brace) || K[I].InDirective)
        continue;
      bool Conditional = false;
      auto Close = matchBrace(I, Conditional);
      if (!Close)
        continue;
      // `) {`, or a trailing return type `) -> T {`.
      size_t RP = I - 1;
      for (size_t J = I - 1; J > 0 && I - J < 12; --J)
        if (K[J].is(tok::arrow) && K[J - 1].is(tok::r_paren)) {
          RP = J - 1;
          break;
        }
      if (I < 3 || !K[RP].is(tok::r_paren))
        continue;
      auto LP = K.matchBackward(RP);
      if (!LP || *LP == 0 || !K[*LP - 1].isIdent())
        continue;
      size_t N = *LP - 1;
      llvm::StringRef Name = K[N].Text;
      if (llvm::StringSwitch<bool>(Name)
              .Cases("if", "for", "while", "switch", "catch", "__launch_bounds__", true)
              .Default(false))
        continue;
      FnDef F;
      F.Name = Name;
      F.NameTok = N;
      F.LParen = *LP;
      F.RParen = RP;
      F.LBrace = I;
      F.RBrace = *Close;
      for (size_t J = N; J-- > 0;) {
        if (K[J].InDirective || K[J].is(tok::semi) || K[J].is(tok::r_brace) ||
            K[J].is(tok::l_brace))
          break;
        if (K[J].isIdent("__global__"))
          F.Kernel = true;
        if (K[J].isIdent("__device__"))
          F.Device = true;
      }
      // Bodies with #if branches are left alone: their braces may not
      // balance per branch.
      if ((F.Kernel || F.Device) && !Cx->Facts.isInactive(K[I].Offset)) {
        (Conditional ? WithIfs : Fns).push_back(F);
        I = *Close; // bodies are not searched for nested definitions
      }
    }
  }

  /// The `}` closing the `{` at `Open`, counting braces outside directive
  /// lines (a `#pragma unroll` inside the body is common). `Conditional` is
  /// set when an #if/#ifdef/#ifndef/#elif/#else line lies in between.
  std::optional<size_t> matchBrace(size_t Open, bool &Conditional) const {
    const auto &K = T();
    int D = 0;
    for (size_t J = Open; J < K.size(); ++J) {
      if (K[J].InDirective) {
        if (K[J].is(tok::hash) && J + 1 < K.size() &&
            llvm::StringSwitch<bool>(K[J + 1].Text)
                .Cases("if", "ifdef", "ifndef", "elif", "else", true)
                .Default(false))
          Conditional = true;
        continue;
      }
      if (K[J].is(tok::l_brace))
        ++D;
      else if (K[J].is(tok::r_brace) && --D == 0)
        return J;
    }
    return std::nullopt;
  }

  /// Tokens of a function body outside preprocessor directives.
  std::vector<size_t> body(const FnDef &F) const {
    std::vector<size_t> B;
    for (size_t J = F.LBrace + 1; J < F.RBrace; ++J)
      if (!T()[J].InDirective)
        B.push_back(J);
    return B;
  }

  const FnDef *findFn(llvm::StringRef Name) const {
    for (auto &F : Fns)
      if (F.Name == Name)
        return &F;
    return nullptr;
  }

  bool seqIs(size_t First, size_t Last, std::initializer_list<llvm::StringRef> W) const {
    if (Last + 1 - First != W.size())
      return false;
    size_t J = First;
    for (auto S : W)
      if (T()[J++].Text != S)
        return false;
    return true;
  }

  // ---- warp reductions -----------------------------------------------------

  /// One shuffle of a warp reduction: its name token and arguments.
  struct ShflUse {
    size_t Name = 0;
    ArgList Args;
    bool Sync = false;
    size_t Offset = 0; ///< the offset argument's (single) token
  };

  struct WarpReduce {
    const FnDef *F = nullptr;
    /// Loop form: the start expression's tokens (descending loops), or the
    /// bound token of `o < K` (ascending loops).
    bool Loop = true;
    bool Ascending = false;
    size_t StartFirst = 0, StartLast = 0, Bound = 0;
    /// Unrolled form: the first statement's tokens [StmtFirst, StmtLast]
    /// (offset 16), copied with offset 32 for wave64.
    size_t StmtFirst = 0, StmtLast = 0;
    std::vector<ShflUse> Shfls;
    std::string Why; ///< why it is not rewritten ("" when it can be)
    std::vector<const FnDef *> NativeCallers;
  };
  std::vector<WarpReduce> Reduces;

  /// Is [First, Last] exactly a full-mask down/xor shuffle of V whose offset
  /// satisfies OffsetOk (and whose width, if any, is a warp-size token)?
  std::optional<ShflUse> shuffleOf(size_t First, size_t Last, llvm::StringRef V,
                                   llvm::function_ref<bool(const Tok &)> OffsetOk) const {
    const auto &K = T();
    bool Sync;
    if (!K[First].isIdent() || !isShuffle(K[First].Text, Sync) ||
        K[First].Text.contains("up") || K[First].Text == "__shfl" ||
        K[First].Text == "__shfl_sync")
      return std::nullopt;
    auto A = callArgs(*Cx, First);
    if (!A || A->RParen != Last)
      return std::nullopt;
    size_t Base = Sync ? 1 : 0;
    size_t N = A->Args.size();
    if (N < Base + 2 || N > Base + 3)
      return std::nullopt;
    if (Sync && !isFullMask(A->Args[0].First, A->Args[0].Last))
      return std::nullopt;
    auto &AV = A->Args[Base], &AO = A->Args[Base + 1];
    if (AV.First != AV.Last || !K[AV.First].isIdent(V) || AO.First != AO.Last ||
        !OffsetOk(K[AO.First]))
      return std::nullopt;
    if (N == Base + 3) {
      auto &W = A->Args[Base + 2];
      if (W.First != W.Last || value(K[W.First]) != 32)
        return std::nullopt;
    }
    ShflUse S;
    S.Name = First;
    S.Args = *A;
    S.Sync = Sync;
    S.Offset = AO.First;
    return S;
  }

  /// One accumulation statement [St, StEnd] (StEnd is the `;`):
  /// `v OP= SHFL;`, `v = v OP SHFL;`, `v = SHFL OP v;` or `v = f(v, SHFL);`
  /// (either argument order). Sets V to the accumulator's name.
  std::optional<ShflUse> matchStmt(size_t St, size_t StEnd, llvm::StringRef &V,
                                   llvm::function_ref<bool(const Tok &)> OffsetOk) const {
    const auto &K = T();
    if (!K[StEnd].is(tok::semi) || StEnd < St + 3 || !K[St].isIdent())
      return std::nullopt;
    V = K[St].Text;
    size_t E0 = St + 2, E1 = StEnd - 1;
    const Tok &Op = K[St + 1];
    if (Op.is(tok::plusequal) || Op.is(tok::starequal) || Op.is(tok::pipeequal) ||
        Op.is(tok::ampequal) || Op.is(tok::caretequal))
      return shuffleOf(E0, E1, V, OffsetOk);
    if (!Op.is(tok::equal))
      return std::nullopt;
    auto IsBinOp = [&](size_t J) {
      return K[J].is(tok::plus) || K[J].is(tok::star) || K[J].is(tok::pipe) ||
             K[J].is(tok::amp) || K[J].is(tok::caret);
    };
    if (K[E0].isIdent(V) && IsBinOp(E0 + 1))
      return shuffleOf(E0 + 2, E1, V, OffsetOk);
    if (K[E1].isIdent(V) && IsBinOp(E1 - 1))
      return shuffleOf(E0, E1 - 2, V, OffsetOk);
    // f(v, shfl) / f(shfl, v), f optionally ::- or std::-qualified.
    size_t Fn = E0;
    if (K[Fn].is(tok::coloncolon))
      ++Fn;
    else if (K[Fn].isIdent("std") && K[Fn + 1].is(tok::coloncolon))
      Fn += 2;
    auto A = K[Fn].isIdent() ? callArgs(*Cx, Fn) : std::nullopt;
    if (!A || A->RParen != E1 || A->Args.size() != 2)
      return std::nullopt;
    auto &X = A->Args[0], &Y = A->Args[1];
    if (X.First == X.Last && K[X.First].isIdent(V))
      return shuffleOf(Y.First, Y.Last, V, OffsetOk);
    if (Y.First == Y.Last && K[Y.First].isIdent(V))
      return shuffleOf(X.First, X.Last, V, OffsetOk);
    return std::nullopt;
  }

  /// `return V ;` at body positions [Q, Q+2] and nothing after; V a parameter.
  bool endsWithReturnOfParam(const FnDef &F, const std::vector<size_t> &B, size_t Q,
                             llvm::StringRef V) const {
    const auto &K = T();
    if (Q + 3 != B.size() || !K[B[Q]].isIdent("return") || !K[B[Q + 1]].isIdent(V) ||
        !K[B[Q + 2]].is(tok::semi))
      return false;
    // Exactly one parameter, the accumulator: the width parameter is
    // appended, and a call must not bind it to another defaulted one.
    auto Params = K.parseArgs(F.LParen);
    return Params && Params->Args.size() == 1 && Params->Args[0].First <= Params->Args[0].Last &&
           K[Params->Args[0].Last].isIdent(V);
  }

  /// The unrolled form: five statements with offsets 16, 8, 4, 2, 1 that
  /// differ only in the offset, then `return v;`.
  std::optional<WarpReduce> matchUnrolled(const FnDef &F, const std::vector<size_t> &B) const {
    const auto &K = T();
    WarpReduce R;
    R.F = &F;
    R.Loop = false;
    size_t Q = 0;
    llvm::StringRef V0;
    std::vector<llvm::StringRef> Shape0;
    for (long long Off = 16; Off >= 1; Off /= 2) {
      size_t E = Q;
      while (E < B.size() && !K[B[E]].is(tok::semi))
        ++E;
      if (E >= B.size() || B[E] - B[Q] != E - Q) // no directive in between
        return std::nullopt;
      llvm::StringRef V;
      auto S = matchStmt(B[Q], B[E], V, [&](const Tok &X) { return value(X) == Off; });
      if (!S || (Off != 16 && V != V0))
        return std::nullopt;
      std::vector<llvm::StringRef> Shape;
      for (size_t J = B[Q]; J <= B[E]; ++J)
        Shape.push_back(J == S->Offset ? llvm::StringRef("#") : K[J].Text);
      if (Off == 16) {
        V0 = V, Shape0 = Shape;
        R.StmtFirst = B[Q], R.StmtLast = B[E];
      } else if (Shape != Shape0)
        return std::nullopt;
      R.Shfls.push_back(*S);
      Q = E + 1;
    }
    if (!endsWithReturnOfParam(F, B, Q, V0))
      return std::nullopt;
    return R;
  }

  std::optional<WarpReduce> matchWarpReduce(const FnDef &F) const {
    const auto &K = T();
    auto B = body(F);
    if (B.size() >= 12 && !K[B[0]].isIdent("for"))
      return matchUnrolled(F, B);
    // for ( TYPE O = START ; COND ; STEP ) STMT  return V ;
    if (B.size() < 12 || !K[B[1]].is(tok::l_paren))
      return std::nullopt;
    auto HeadEnd = K.matchForward(B[1]);
    if (!HeadEnd)
      return std::nullopt;
    size_t P = B[1] + 1;
    while (P < *HeadEnd && K[P].isIdent() && isTypeWord(K[P].Text))
      ++P;
    if (P == B[1] + 1 || !K[P].isIdent() || !K[P + 1].is(tok::equal))
      return std::nullopt;
    llvm::StringRef O = K[P].Text;
    size_t S0 = P + 2, S1 = S0;
    while (S1 < *HeadEnd && !K[S1].is(tok::semi))
      ++S1;
    if (S1 >= *HeadEnd || S1 == S0)
      return std::nullopt;
    WarpReduce R;
    R.F = &F;
    R.StartFirst = S0;
    R.StartLast = S1 - 1;
    size_t C0 = S1 + 1, C1 = C0;
    while (C1 < *HeadEnd && !K[C1].is(tok::semi))
      ++C1;
    if (C1 >= *HeadEnd)
      return std::nullopt;
    size_t T0 = C1 + 1, T1 = *HeadEnd - 1;
    // Descending: START is half a warp, O halves down to 1.
    size_t A = S0, Z = S1 - 1;
    while (K[A].is(tok::l_paren) && K.matchForward(A) == std::optional<size_t>(Z))
      ++A, --Z;
    bool Half = (A == Z && value(K[A]) == 16) ||
                (Z == A + 2 && value(K[A]) == 32 &&
                 ((K[A + 1].is(tok::slash) && intValue(K[Z]) == 2) ||
                  (K[A + 1].is(tok::greatergreater) && intValue(K[Z]) == 1)));
    bool Desc = Half &&
                (seqIs(C0, C1 - 1, {O, ">", "0"}) || seqIs(C0, C1 - 1, {O, ">=", "1"}) ||
                 seqIs(C0, C1 - 1, {O, "!=", "0"}) || seqIs(C0, C1 - 1, {"0", "<", O}) ||
                 seqIs(C0, C1 - 1, {O})) &&
                (seqIs(T0, T1, {O, "/=", "2"}) || seqIs(T0, T1, {O, ">>=", "1"}) ||
                 seqIs(T0, T1, {O, "=", O, "/", "2"}) || seqIs(T0, T1, {O, "=", O, ">>", "1"}));
    // Ascending: O doubles from 1 while O < K.
    bool Asc = A == Z && intValue(K[A]) == 1 && C1 == C0 + 3 && K[C0].isIdent(O) &&
               K[C0 + 1].is(tok::less) && value(K[C0 + 2]) == 32 &&
               (seqIs(T0, T1, {O, "*=", "2"}) || seqIs(T0, T1, {O, "<<=", "1"}) ||
                seqIs(T0, T1, {O, "=", O, "*", "2"}) || seqIs(T0, T1, {O, "=", O, "<<", "1"}) ||
                seqIs(T0, T1, {O, "+=", O}));
    if (!Desc && !Asc)
      return std::nullopt;
    R.Ascending = Asc;
    R.Bound = C0 + 2;
    // The loop body: one statement, braces optional.
    size_t St = *HeadEnd + 1, StEnd;
    size_t After;
    if (K[St].is(tok::l_brace)) {
      auto E = K.matchForward(St);
      if (!E)
        return std::nullopt;
      After = *E + 1;
      StEnd = *E - 1;
      ++St;
    } else {
      StEnd = St;
      while (StEnd < F.RBrace && !K[StEnd].is(tok::semi))
        ++StEnd;
      After = StEnd + 1;
    }
    llvm::StringRef V;
    auto S = matchStmt(St, StEnd, V, [&](const Tok &X) { return X.isIdent(O); });
    if (!S)
      return std::nullopt;
    R.Shfls.push_back(*S);
    // return V ; and nothing else (directive lines such as #pragma unroll are
    // outside the token list).
    size_t Q = 0;
    while (Q < B.size() && B[Q] < After)
      ++Q;
    if (!endsWithReturnOfParam(F, B, Q, V))
      return std::nullopt;
    return R;
  }

  /// The token after a template argument list `<...>` starting at `I`
  /// (stopping at `;` or `Limit`); `I` itself when it is not `<`.
  size_t afterTemplateArgs(size_t I, size_t Limit) const {
    const auto &K = T();
    if (I >= Limit || !K[I].is(tok::less))
      return I;
    int D = 0;
    for (; I < Limit; ++I) {
      if (K[I].is(tok::less))
        ++D;
      else if ((K[I].is(tok::greater) && --D == 0) || K[I].is(tok::semi))
        break;
    }
    return I + 1;
  }

  /// Checks every use of every warp reduction in one pass over the file:
  /// each must be its definition or a direct call, the name must have one
  /// definition (no overloads, specialisations, prototypes or same-named
  /// functions in other scopes), and no macro may mention it. Sets Why.
  void checkUses() {
    const auto &K = T();
    llvm::StringMap<WarpReduce *> ByName;
    for (auto &R : Reduces)
      ByName[R.F->Name] = &R;
    llvm::StringMap<unsigned> Defs;
    std::set<size_t> DefToks;
    for (auto *V : {&Fns, &WithIfs})
      for (auto &F : *V)
        ++Defs[F.Name], DefToks.insert(F.NameTok);
    for (auto &R : Reduces)
      if (Defs[R.F->Name] > 1)
        R.Why = "'" + R.F->Name.str() + "' has more than one definition in this file";
    auto Line = [&](size_t J) { return std::to_string(Cx->lineColOf(K[J].Offset).first); };
    for (size_t I = 0; I < K.size(); ++I) {
      if (!K[I].isIdent())
        continue;
      auto It = ByName.find(K[I].Text);
      if (It == ByName.end() || DefToks.count(I))
        continue;
      WarpReduce &R = *It->second;
      if (!R.Why.empty())
        continue;
      if (K[I].InDirective) {
        R.Why = "a macro uses '" + R.F->Name.str() + "' at line " + Line(I);
        continue;
      }
      size_t N = afterTemplateArgs(I + 1, K.size()); // W<T>(...)
      bool Call = N < K.size() && K[N].is(tok::l_paren) && !Cx->isMemberOrForeignQualified(I);
      // A name after a type (identifier, `*`, `&`, `>`) is a declaration.
      if (Call && I > 0) {
        const Tok &P = K[I - 1];
        if ((P.isIdent() && !P.isIdent("return") && !P.isIdent("else") && !P.isIdent("case")) ||
            P.is(tok::star) || P.is(tok::amp) || P.is(tok::greater) || P.is(tok::coloncolon))
          Call = false;
      }
      if (!Call)
        R.Why = "'" + R.F->Name.str() + "' is declared or used other than by a direct call at line " +
                Line(I);
    }
  }

  // ---- block reductions ----------------------------------------------------

  /// A warp-size token covered by a form or a shared-array size.
  bool isWarpSizeToken(size_t J) const {
    long long V = value(T()[J]);
    if (V == 32 || V == 31)
      return true;
    return J > 0 && intValue(T()[J]) == 5 &&
           (T()[J - 1].is(tok::greatergreater) || T()[J - 1].is(tok::greatergreaterequal));
  }

  static bool isDot(const TokenStream &K, size_t I, llvm::StringRef Base) {
    return I + 2 < K.size() && K[I].isIdent(Base) && K[I + 1].is(tok::period) &&
           K[I + 2].isIdent("x");
  }

  std::optional<Form> matchForm(size_t I, size_t Limit) const {
    const auto &K = T();
    auto Kv = [&](size_t J) { return J < Limit ? value(K[J]) : -1; };
    Form Fm;
    Fm.First = I;
    const char *W = "cu2hip_w";
    if (isDot(K, I, "threadIdx") && I + 4 < Limit) {
      const Tok &Op = K[I + 3];
      size_t Q = I + 4;
      Fm.Last = Q;
      if (Op.is(tok::percent) && Kv(Q) == 32)
        Fm.Kind = Geo::Lane, Fm.Edits.push_back({{Q, Q}, W});
      else if (Op.is(tok::amp) && Kv(Q) == 31)
        Fm.Kind = Geo::Lane, Fm.Edits.push_back({{Q, Q}, std::string("(") + W + " - 1)"});
      else if (Op.is(tok::slash) && Kv(Q) == 32)
        Fm.Kind = Geo::Warp, Fm.Edits.push_back({{Q, Q}, W});
      else if (Op.is(tok::greatergreater) && intValue(K[Q]) == 5)
        Fm.Kind = Geo::Warp, Fm.Edits.push_back({{Q - 1, Q}, std::string("/ ") + W});
      else if (Op.is(tok::less) && Kv(Q) == 32)
        Fm.Kind = Geo::FirstWarp, Fm.Edits.push_back({{Q, Q}, W});
      return Fm.Kind == Geo::None ? std::nullopt : std::optional<Form>(Fm);
    }
    if (isDot(K, I, "blockDim") && I + 4 < Limit) {
      size_t Q = I + 4;
      Fm.Last = Q;
      if (K[I + 3].is(tok::slash) && Kv(Q) == 32)
        Fm.Edits.push_back({{Q, Q}, W});
      else if (K[I + 3].is(tok::greatergreater) && intValue(K[Q]) == 5)
        Fm.Edits.push_back({{Q - 1, Q}, std::string("/ ") + W});
      else
        return std::nullopt;
      Fm.Kind = Geo::NumWarps;
      return Fm;
    }
    // ( blockDim.x + 31 ) / 32   |   ( blockDim.x + 32 - 1 ) / 32   (or >> 5)
    if (K[I].is(tok::l_paren) && isDot(K, I + 1, "blockDim") && I + 8 < Limit &&
        K[I + 4].is(tok::plus)) {
      size_t Q = I + 5;
      if (Kv(Q) == 31 && K[Q + 1].is(tok::r_paren)) {
        Fm.Edits.push_back({{Q, Q}, std::string(W) + " - 1"});
        Q += 1;
      } else if (Kv(Q) == 32 && K[Q + 1].is(tok::minus) && intValue(K[Q + 2]) == 1 &&
                 K[Q + 3].is(tok::r_paren)) {
        Fm.Edits.push_back({{Q, Q}, W});
        Q += 3;
      } else
        return std::nullopt;
      // Q is the `)`.
      if (Q + 2 >= Limit)
        return std::nullopt;
      if (K[Q + 1].is(tok::slash) && Kv(Q + 2) == 32)
        Fm.Edits.push_back({{Q + 2, Q + 2}, W});
      else if (K[Q + 1].is(tok::greatergreater) && intValue(K[Q + 2]) == 5)
        Fm.Edits.push_back({{Q + 1, Q + 2}, std::string("/ ") + W});
      else
        return std::nullopt;
      Fm.Kind = Geo::NumWarps;
      Fm.Last = Q + 2;
      return Fm;
    }
    return std::nullopt;
  }


  llvm::StringMap<WarpReduce *> ReduceByName;
  llvm::StringMap<const FnDef *> FnByName;

  /// Does F use warp intrinsics or call a warp reduction (directly)?
  bool usesWarp(const FnDef &F) const {
    const auto &K = T();
    for (size_t J = F.LBrace + 1; J < F.RBrace; ++J) {
      if (!K[J].isIdent())
        continue;
      bool S;
      if (isShuffle(K[J].Text, S) || !logical32Helper(K[J].Text).empty() ||
          K[J].Text == "__lane_id" || K[J].Text == "tiled_partition")
        return true;
      auto It = ReduceByName.find(K[J].Text);
      if (It != ReduceByName.end() && It->second->F != &F)
        return true;
    }
    return false;
  }

  /// Functions a block reduction may call besides warp reductions and
  /// functions of this file without warp code: math, atomics, barriers,
  /// casts and conversions (the `__` intrinsics other than warp ones).
  static bool isKnownCall(llvm::StringRef N) {
    return N.startswith("__") || N.startswith("atomic") || isTypeWord(N) ||
           isMathOrCastName(N) ||
           llvm::StringSwitch<bool>(N)
               .Cases("if", "for", "while", "switch", "return", "assert", "printf", true)
               .Default(false);
  }

  struct BlockReduce {
    const FnDef *F = nullptr;
    std::vector<Form> Forms;
    std::vector<size_t> StagingSizes; ///< `[warpSize]` tokens to make constexpr
    std::vector<std::pair<size_t, WarpReduce *>> Calls; ///< call `)` and callee
  };

  /// Returns the reason F is not a recognised block reduction, or "".
  ///
  /// The body must be, in order (geometry declarations and the shared
  /// array's declaration may come anywhere before the final stage):
  ///   free statements                      (no lane/warp/staging/partial)
  ///   [T] X = W(args);                     first stage, per warp
  ///   if (LANE == 0) S[WARP] = X;          (or `if (LANE == 0) atomicOp(p, X);`
  ///                                         and then free statements only)
  ///   __syncthreads();
  ///   [T] Y = GUARD ? S[LANE] : e;         GUARD: threadIdx.x|LANE < WARPS
  ///   [if (WARP == 0 | threadIdx.x < K)] [T] Z = W(Y);
  ///     or  if (WARP == 0 | threadIdx.x < K) { Y = ...; Z = W(Y); [if (LANE == 0) s;] }
  ///   free statements                      (may use Z, not X unless X is Z)
  std::string matchBlockReduce(const FnDef &F, BlockReduce &BR) {
    const auto &K = T();
    BR.F = &F;
    auto B = body(F);
    auto Line = [&](size_t J) { return std::to_string(Cx->lineColOf(K[J].Offset).first); };
    auto Tx = [&](size_t J) { return "'" + K[J].Text.str() + "' at line " + Line(J); };
    for (size_t J = F.LBrace + 1; J < F.RBrace; ++J)
      if (K[J].InDirective && !K[J].StartOfLine && K[J - 1].is(tok::hash) &&
          !K[J].isIdent("pragma"))
        return "a preprocessor directive inside the function at line " + Line(J);
    // Staging arrays: [static] __shared__ TYPE NAME [ K ] ;
    llvm::StringSet<> Staging;
    std::set<size_t> Covered;
    for (size_t J : B) {
      if (!K[J].isIdent("__shared__"))
        continue;
      size_t E = J;
      while (E < F.RBrace && !K[E].is(tok::semi))
        ++E;
      if (E >= 4 && K[E - 1].is(tok::r_square) && K[E - 3].is(tok::l_square) &&
          K[E - 4].isIdent() && value(K[E - 2]) == 32) {
        Staging.insert(K[E - 4].Text);
        Covered.insert(E - 2);
        if (K[E - 2].isIdent("warpSize"))
          BR.StagingSizes.push_back(E - 2);
      }
    }
    // Forms and the variables they initialise.
    std::map<std::string, Geo> Vars;
    std::vector<Form> Forms;
    std::map<size_t, const Form *> FormAt;
    for (size_t J : B)
      if (auto Fm = matchForm(J, F.RBrace))
        Forms.push_back(*Fm);
    for (auto &Fm : Forms) {
      FormAt[Fm.First] = &Fm;
      for (size_t J = Fm.First; J <= Fm.Last; ++J)
        Covered.insert(J);
      size_t A = Fm.First, Z = Fm.Last;
      if (A >= 3 && K[A - 1].is(tok::equal) && K[A - 2].isIdent() &&
          (K[A - 3].is(tok::comma) || (K[A - 3].isIdent() && isTypeWord(K[A - 3].Text))) &&
          (K[Z + 1].is(tok::semi) || K[Z + 1].is(tok::comma)))
        Vars[K[A - 2].Text.str()] = Fm.Kind;
    }
    // Token-level conditions.
    for (size_t Q = 0; Q < B.size(); ++Q) {
      size_t J = B[Q];
      if (isWarpSizeToken(J) && !Covered.count(J))
        return Tx(J) + " is not a recognised lane, warp, warp-count or first-warp form";
      if ((isDot(K, J, "threadIdx") || isDot(K, J, "blockDim")) && !Covered.count(J) &&
          J + 3 < F.RBrace &&
          (K[J + 3].is(tok::percent) || K[J + 3].is(tok::slash) || K[J + 3].is(tok::amp) ||
           K[J + 3].is(tok::greatergreater)))
        return "'" + K[J].Text.str() + ".x " + K[J + 3].Text.str() + "' at line " + Line(J) +
               " is not a recognised lane, warp or warp-count form";
      if (K[J].is(tok::l_square) && Q > 0) {
        const Tok &P = K[B[Q - 1]];
        if (!P.isIdent() && !P.is(tok::r_square) && !P.is(tok::r_paren))
          return "a lambda at line " + Line(J);
      }
      if (!K[J].isIdent())
        continue;
      llvm::StringRef N = K[J].Text;
      auto M = Macros.find(N);
      if (M != Macros.end() && value(K[J]) != 32 && value(K[J]) != 31)
        return "it uses the macro " + Tx(J) + " (macros are not followed)";
      if (N == "tiled_partition" || N == "this_thread_block" || N == "coalesced_threads" ||
          N == "cooperative_groups" || N == "cg" || N == "thread_block_tile")
        return "it uses cooperative groups (" + Tx(J) + ")";
      if (N == "cub" || N == "hipcub")
        return "it uses cub (" + Tx(J) + ")";
      bool S;
      if (isShuffle(N, S) || !logical32Helper(N).empty() || N == "__lane_id" || N == "__popc" ||
          N == "__ffs" || N == "__popcll" || N == "__ffsll")
        return "it uses " + Tx(J) + " directly";
      if (J + 1 < F.RBrace && K[J + 1].is(tok::less) && !ReduceByName.count(N) &&
          !isKnownCall(N) && !FnByName.count(N))
        continue; // a comparison, or a template type
      size_t Open = afterTemplateArgs(J + 1, F.RBrace);
      auto R = ReduceByName.find(N);
      bool Member = K[J - 1].is(tok::period) || K[J - 1].is(tok::arrow);
      if (Open >= F.RBrace || !K[Open].is(tok::l_paren) || Member) {
        if (R != ReduceByName.end() && !Member)
          return "it passes the warp reduction '" + N.str() + "' as a value at line " + Line(J) +
                 " (only direct calls are followed)";
        continue;
      }
      if (R != ReduceByName.end()) {
        if (!R->second->Why.empty())
          return "it calls '" + N.str() + "', which stays logical32: " + R->second->Why;
        if (K[J - 1].is(tok::coloncolon))
          return "it calls '" + N.str() + "' qualified at line " + Line(J);
        auto Close = K.matchForward(Open);
        if (!Close)
          return "unbalanced call at line " + Line(J);
        BR.Calls.push_back({*Close, R->second});
        continue;
      }
      auto G = FnByName.find(N);
      if (G != FnByName.end()) {
        if (G->second != &F && usesWarp(*G->second))
          return "it calls '" + N.str() + "', which uses warp operations and is not a "
                 "recognised warp reduction";
        continue;
      }
      if (!isKnownCall(N) && !Cx->Maps.lookupName(N))
        return "it calls '" + N.str() + "' (line " + Line(J) +
               "), which is not defined in this file (it may use warp operations)";
    }
    if (BR.Calls.empty())
      return "no warp reduction is called";

    // ---- statement grammar ----
    // Geometry of a token range [A, Z] (outer parentheses ignored).
    auto Strip = [&](size_t &A, size_t &Z) {
      while (A < Z && K[A].is(tok::l_paren) && K.matchForward(A) == std::optional<size_t>(Z))
        ++A, --Z;
    };
    auto GeoOf = [&](size_t A, size_t Z) -> Geo {
      Strip(A, Z);
      if (A == Z && K[A].isIdent()) {
        auto It = Vars.find(K[A].Text.str());
        return It == Vars.end() ? Geo::None : It->second;
      }
      auto It = FormAt.find(A);
      return It != FormAt.end() && It->second->Last == Z ? It->second->Kind : Geo::None;
    };
    auto Find = [&](size_t A, size_t Z, tok::TokenKind Kd) -> std::optional<size_t> {
      int D = 0;
      for (size_t J = A; J <= Z; ++J) {
        if (K[J].is(tok::l_paren) || K[J].is(tok::l_square))
          ++D;
        else if (K[J].is(tok::r_paren) || K[J].is(tok::r_square))
          --D;
        else if (D == 0 && K[J].is(Kd))
          return J;
      }
      return std::nullopt;
    };
    // `G == 0`, `0 == G`, `!G`; for Warp also `threadIdx.x < K`.
    auto IsZeroTest = [&](size_t A, size_t Z, Geo G) {
      Strip(A, Z);
      if (G == Geo::Warp && GeoOf(A, Z) == Geo::FirstWarp)
        return true;
      if (K[A].is(tok::exclaim))
        return GeoOf(A + 1, Z) == G;
      if (auto Eq = Find(A, Z, tok::equalequal)) {
        if (*Eq == Z - 1 && intValue(K[Z]) == 0 && K[Z].Text == "0")
          return GeoOf(A, *Eq - 1) == G;
        if (*Eq == A + 1 && K[A].Text == "0")
          return GeoOf(*Eq + 1, Z) == G;
      }
      return false;
    };
    llvm::StringSet<> Partial, Staged;
    auto Mentions = [&](size_t A, size_t Z, bool AllowPartial) -> std::optional<size_t> {
      for (size_t J = A; J <= Z; ++J) {
        if (Covered.count(J) || K[J].isIdent("__shared__"))
          return J;
        if (!K[J].isIdent() || (J > 0 && (K[J - 1].is(tok::period) || K[J - 1].is(tok::arrow))))
          continue;
        if (Vars.count(K[J].Text.str()) || Staging.count(K[J].Text) ||
            ReduceByName.count(K[J].Text) || (!AllowPartial && Partial.count(K[J].Text)))
          return J;
      }
      return std::nullopt;
    };
    // Statement boundaries: returns the last token of the statement at A.
    std::function<std::optional<size_t>(size_t)> StmtEnd = [&](size_t A) -> std::optional<size_t> {
      if (K[A].is(tok::l_brace)) {
        bool Conditional = false; // bodies with #if lines were excluded already
        return matchBrace(A, Conditional);
      }
      if (K[A].isIdent("if") || K[A].isIdent("for") || K[A].isIdent("while") ||
          K[A].isIdent("switch")) {
        auto C = K.matchForward(A + 1);
        if (!C)
          return std::nullopt;
        auto E = StmtEnd(*C + 1);
        if (E && K[A].isIdent("if") && K[*E + 1].isIdent("else"))
          return StmtEnd(*E + 2);
        return E;
      }
      if (K[A].isIdent("do")) {
        auto E = StmtEnd(A + 1);
        if (!E)
          return std::nullopt;
        size_t J = *E + 1;
        while (J < F.RBrace && !K[J].is(tok::semi))
          ++J;
        return J;
      }
      int D = 0;
      for (size_t J = A; J < F.RBrace; ++J) {
        if (K[J].is(tok::l_paren) || K[J].is(tok::l_square) || K[J].is(tok::l_brace))
          ++D;
        else if (K[J].is(tok::r_paren) || K[J].is(tok::r_square) || K[J].is(tok::r_brace))
          --D;
        else if (D == 0 && K[J].is(tok::semi))
          return J;
      }
      return std::nullopt;
    };
    // Skips leading type words / a type name before `NAME =` in [A, Z]:
    // returns the NAME token if the statement is `[TYPE] NAME = ...`.
    auto AssignTarget = [&](size_t A, size_t Z) -> std::optional<size_t> {
      auto Eq = Find(A, Z, tok::equal);
      if (!Eq || *Eq == A || !K[*Eq - 1].isIdent())
        return std::nullopt;
      for (size_t J = A; J + 1 < *Eq; ++J)
        if (!K[J].isIdent() && !K[J].is(tok::coloncolon))
          return std::nullopt;
      return *Eq - 1;
    };
    // `[TYPE] X = W(args);` -> X; `args` free of geometry.
    auto Stage = [&](size_t A, size_t Z, bool Final) -> std::optional<llvm::StringRef> {
      auto X = AssignTarget(A, Z - 1);
      if (!X || !K[Z].is(tok::semi))
        return std::nullopt;
      size_t C = *X + 2;
      if (!ReduceByName.count(K[C].Text))
        return std::nullopt;
      size_t Open = afterTemplateArgs(C + 1, Z);
      if (!K[Open].is(tok::l_paren) || K.matchForward(Open) != std::optional<size_t>(Z - 1))
        return std::nullopt;
      if (Final) {
        if (Z - 1 != Open + 2 || !Staged.count(K[Open + 1].Text))
          return std::nullopt;
      } else if (Open + 1 < Z - 1 && Mentions(Open + 1, Z - 2, false)) {
        return std::nullopt;
      }
      return K[*X].Text;
    };
    // `[TYPE] Y = GUARD ? S[LANE] : e;` -> Y.
    auto Read = [&](size_t A, size_t Z) -> std::optional<llvm::StringRef> {
      auto Y = AssignTarget(A, Z - 1);
      if (!Y || !K[Z].is(tok::semi))
        return std::nullopt;
      size_t E0 = *Y + 2, E1 = Z - 1;
      auto Qm = Find(E0, E1, tok::question);
      if (!Qm)
        return std::nullopt;
      auto Co = Find(*Qm + 1, E1, tok::colon);
      if (!Co)
        return std::nullopt;
      size_t G0 = E0, G1 = *Qm - 1;
      Strip(G0, G1);
      auto Lt = Find(G0, G1, tok::less);
      if (!Lt || GeoOf(*Lt + 1, G1) != Geo::NumWarps ||
          !(GeoOf(G0, *Lt - 1) == Geo::Lane || seqIs(G0, *Lt - 1, {"threadIdx", ".", "x"})))
        return std::nullopt;
      size_t S0 = *Qm + 1, S1 = *Co - 1;
      Strip(S0, S1);
      if (!(K[S0].isIdent() && Staging.count(K[S0].Text) && K[S0 + 1].is(tok::l_square) &&
            K[S1].is(tok::r_square) && GeoOf(S0 + 2, S1 - 1) == Geo::Lane))
        return std::nullopt;
      if (Mentions(*Co + 1, E1, false))
        return std::nullopt;
      return K[*Y].Text;
    };
    // `if (COND) BODY` -> (cond range, body range without braces).
    auto IfParts = [&](size_t A, size_t Z)
        -> std::optional<std::pair<std::pair<size_t, size_t>, std::pair<size_t, size_t>>> {
      if (!K[A].isIdent("if") || !K[A + 1].is(tok::l_paren))
        return std::nullopt;
      auto C = K.matchForward(A + 1);
      if (!C || K[Z].isIdent("else"))
        return std::nullopt;
      size_t B0 = *C + 1, B1 = Z;
      if (auto E = StmtEnd(B0); !E || *E != Z)
        return std::nullopt; // an else branch
      if (K[B0].is(tok::l_brace))
        ++B0, --B1;
      return std::make_pair(std::make_pair(A + 2, *C - 1), std::make_pair(B0, B1));
    };
    // Splits [A, Z] into statements.
    auto Split = [&](size_t A, size_t Z) -> std::optional<std::vector<std::pair<size_t, size_t>>> {
      std::vector<std::pair<size_t, size_t>> Out;
      for (size_t J = A; J <= Z;) {
        if (K[J].InDirective) {
          ++J;
          continue;
        }
        auto E = StmtEnd(J);
        if (!E || *E > Z)
          return std::nullopt;
        Out.push_back({J, *E});
        J = *E + 1;
      }
      return Out;
    };
    auto IsGeoDecl = [&](size_t A, size_t Z) {
      // [const] TYPE NAME = FORM (, NAME = FORM)* ;
      size_t J = A;
      while (J < Z && K[J].isIdent() && isTypeWord(K[J].Text))
        ++J;
      if (J == A)
        return false;
      while (J < Z) {
        if (!K[J].isIdent() || !Vars.count(K[J].Text.str()) || !K[J + 1].is(tok::equal))
          return false;
        auto It = FormAt.find(J + 2);
        if (It == FormAt.end())
          return false;
        J = It->second->Last + 1;
        if (K[J].is(tok::comma))
          ++J;
        else
          break;
      }
      return J == Z && K[Z].is(tok::semi);
    };
    auto IsStagingDecl = [&](size_t A, size_t Z) {
      size_t J = A;
      if (K[J].isIdent("static"))
        ++J;
      if (!K[J].isIdent("__shared__"))
        return false;
      return Z >= 4 && K[Z].is(tok::semi) && K[Z - 1].is(tok::r_square) &&
             K[Z - 3].is(tok::l_square) && Staging.count(K[Z - 4].Text) &&
             !Find(J, Z, tok::comma);
    };
    auto Stmts = Split(F.LBrace + 1, F.RBrace - 1);
    if (!Stmts)
      return "the body could not be split into statements";
    enum { Before, Stage1, Lane0, AfterSync, Done } Phase = Before;
    bool Written = false;
    auto Bad = [&](size_t A, const char *What) {
      return std::string("the statement at line ") + Line(A) + " " + What;
    };
    // One statement under `lane == 0` after the first stage:
    // `S[WARP] = X;` or `atomicOp(p, X);` with X a per-warp partial.
    auto Lane0Stmt = [&](size_t B0, size_t B1) {
      if (B1 <= B0 || !K[B1].is(tok::semi) || !K[B0].isIdent())
        return false;
      if (Staging.count(K[B0].Text) && K[B0 + 1].is(tok::l_square)) {
        auto RS = K.matchForward(B0 + 1);
        if (RS && GeoOf(B0 + 2, *RS - 1) == Geo::Warp && K[*RS + 1].is(tok::equal) &&
            *RS + 3 == B1 && Partial.count(K[*RS + 2].Text)) {
          Written = true;
          return true;
        }
      }
      if (K[B0].Text.startswith("atomic")) {
        auto Args = callArgs(*Cx, B0);
        return Args && Args->RParen + 1 == B1 && Args->Args.size() == 2 &&
               Args->Args[1].First == Args->Args[1].Last &&
               Partial.count(K[Args->Args[1].First].Text) &&
               !Mentions(Args->Args[0].First, Args->Args[0].Last, false);
      }
      return false;
    };
    // Reads and final stages (top level or in a first-warp block).
    auto ReadOrFinal = [&](size_t A, size_t Z) {
      if (auto Y = Read(A, Z)) {
        Staged.insert(*Y);
        Partial.insert(*Y); // per-lane staging data until reduced
        return true;
      }
      if (auto Z2 = Stage(A, Z, true)) {
        Partial.erase(*Z2); // the block result
        return true;
      }
      return false;
    };
    for (auto [A, Z] : *Stmts) {
      if (Phase != Done && (IsGeoDecl(A, Z) || IsStagingDecl(A, Z)))
        continue;
      if (Phase == Before || Phase == Stage1) {
        if (auto X = Stage(A, Z, false)) {
          Partial.insert(*X);
          Phase = Stage1;
          continue;
        }
        if (Phase == Before) {
          if (auto J = Mentions(A, Z, false))
            return Bad(A, "uses the lane, warp, shared staging array or warp reduction before "
                          "the first warp reduction (") + Tx(*J) + ")";
          continue;
        }
        Phase = Lane0; // falls through to the `lane == 0` statements
      }
      if (Phase == Lane0) {
        if (seqIs(A, Z, {"__syncthreads", "(", ")", ";"}) && Written) {
          Phase = AfterSync;
          continue;
        }
        auto P = IfParts(A, Z);
        if (P && IsZeroTest(P->first.first, P->first.second, Geo::Lane)) {
          auto In = Split(P->second.first, P->second.second);
          bool Ok = In && !In->empty();
          if (Ok)
            for (auto [A2, Z2] : *In)
              Ok = Ok && Lane0Stmt(A2, Z2);
          if (Ok)
            continue;
          return Bad(A, "under `lane == 0` is neither `shared[warp] = partial;` nor "
                        "`atomicOp(p, partial);`");
        }
        if (Written)
          return Bad(A, "is not __syncthreads() after the shared-array write");
        Phase = Done; // partials went to atomics only
      }
      if (Phase == AfterSync) {
        if (ReadOrFinal(A, Z))
          continue;
        auto P = IfParts(A, Z);
        if (P && IsZeroTest(P->first.first, P->first.second, Geo::Warp)) {
          auto In = Split(P->second.first, P->second.second);
          if (!In)
            return Bad(A, "could not be split");
          bool Thread0 = false;
          for (auto [A2, Z2] : *In) {
            if (!Thread0 && ReadOrFinal(A2, Z2))
              continue;
            // After the reductions only thread 0 may act.
            Thread0 = true;
            auto P2 = IfParts(A2, Z2);
            if (!P2 || !IsZeroTest(P2->first.first, P2->first.second, Geo::Lane) ||
                Mentions(P2->second.first, P2->second.second, false))
              return Bad(A2, "in the first-warp block is neither a shared-array read, a final "
                             "warp reduction, nor `if (lane == 0) ...` using block results only");
          }
          continue;
        }
        Phase = Done;
      }
      // Done: free statements may use block results, not per-warp partials,
      // staged per-lane data, lanes, warps or the staging array.
      if (auto J = Mentions(A, Z, false))
        return Bad(A, "uses the lane, warp, shared staging array, a per-warp value or a warp "
                      "reduction outside the recognised block-reduction steps (") + Tx(*J) + ")";
    }
    if (Phase == Before || Phase == Stage1 || (Phase == Lane0 && Written))
      return "the two-stage block-reduction pattern is incomplete";
    if (Staged.empty() && Written)
      return "the shared array is written but never read back";
    BR.Forms = std::move(Forms);
    return "";
  }

  // ---- edits -----------------------------------------------------------------

  /// Source text of tokens [First, Last] with some tokens replaced.
  std::string render(size_t First, size_t Last, const std::map<size_t, std::string> &Repl) const {
    const auto &K = T();
    std::string Out;
    for (size_t J = First; J <= Last; ++J) {
      if (J > First)
        Out += Cx->Buffer.slice(K[J - 1].end(), K[J].Offset).str();
      auto It = Repl.find(J);
      Out += It == Repl.end() ? K[J].Text.str() : It->second;
    }
    return Out;
  }

  /// Replacements that make one shuffle use `cu2hip_width` (mask, width);
  /// a missing width is returned through `AddWidth` (insert before `)`).
  std::map<size_t, std::string> shuffleRepl(const ShflUse &S) const {
    std::map<size_t, std::string> M;
    size_t Base = S.Sync ? 1 : 0;
    if (S.Sync) {
      M[S.Args.Args[0].First] = "cu2hip::width_mask(cu2hip_width)";
      for (size_t J = S.Args.Args[0].First + 1; J <= S.Args.Args[0].Last; ++J)
        M[J] = "";
    }
    if (S.Args.Args.size() == Base + 3)
      M[S.Args.Args[Base + 2].First] = "cu2hip_width";
    else
      M[S.Args.RParen] = ", cu2hip_width)";
    return M;
  }

  void rewriteWarpReduce(FileContext &C, const WarpReduce &R) {
    const auto &K = T();
    C.insert(id(), R.F->RParen, ", int cu2hip_width = 32");
    if (R.Loop && R.Ascending)
      C.replaceTokens(id(), R.Bound, R.Bound, "cu2hip_width");
    else if (R.Loop)
      C.replaceTokens(id(), R.StartFirst, R.StartLast, "cu2hip_width / 2");
    for (auto &S : R.Shfls)
      for (auto &E : shuffleRepl(S))
        C.replaceTokens(id(), E.first, E.first, E.second);
    if (!R.Loop) {
      // The wave64 step: the first statement again with offset 32.
      auto M = shuffleRepl(R.Shfls[0]);
      M[R.Shfls[0].Offset] = "32";
      unsigned Off = K[R.StmtFirst].Offset;
      size_t LS = C.Buffer.rfind('\n', Off);
      LS = LS == llvm::StringRef::npos ? 0 : LS + 1;
      llvm::StringRef Lead = C.Buffer.slice(LS, Off);
      std::string Sep = Lead.find_first_not_of(" \t") == llvm::StringRef::npos
                            ? C.withEol("\n" + Lead.str())
                            : std::string(" ");
      C.insert(id(), R.StmtFirst,
               "if (cu2hip_width > 32) " + render(R.StmtFirst, R.StmtLast, M) + Sep);
    }
    C.claim("wave-native", K[R.F->LBrace].Offset, K[R.F->RBrace].end());
    C.requestHeader("cu2hip/wave.h");
  }

  void rewriteBlockReduce(FileContext &C, const BlockReduce &BR) {
    const auto &K = T();
    const FnDef &F = *BR.F;
    // Indentation of the first body line.
    std::string Indent = "  ";
    if (F.LBrace + 1 < F.RBrace) {
      unsigned Off = K[F.LBrace + 1].Offset;
      size_t LS = C.Buffer.rfind('\n', Off);
      LS = LS == llvm::StringRef::npos ? 0 : LS + 1;
      llvm::StringRef Lead = C.Buffer.slice(LS, Off);
      if (!Lead.empty() && Lead.find_first_not_of(" \t") == llvm::StringRef::npos)
        Indent = Lead.str();
    }
    C.insert(id(), F.LBrace,
             C.withEol("\n" + Indent + "const int cu2hip_w = cu2hip::native_wave_width();"),
             /*After=*/true);
    for (auto &Fm : BR.Forms)
      for (auto &E : Fm.Edits)
        C.replaceTokens(id(), E.first.first, E.first.second, E.second);
    for (size_t S : BR.StagingSizes)
      C.replaceTokens(id(), S, S, "cu2hip::logical_warp_size");
    for (auto &CR : BR.Calls)
      C.insert(id(), CR.first, ", cu2hip_w");
    C.claim("wave-native", K[F.LBrace].Offset, K[F.RBrace].end());
    C.requestHeader("cu2hip/wave.h");
  }

public:
  bool enabled(const Options &O) const override { return O.Wave == WaveMode::Native; }

  void run(FileContext &C) override {
    Cx = &C;
    Macros.clear();
    Fns.clear();
    WithIfs.clear();
    Reduces.clear();
    collectMacros();
    collectFunctions();
    for (auto &F : Fns)
      if (F.Device && !F.Kernel)
        if (auto R = matchWarpReduce(F))
          Reduces.push_back(std::move(*R));
    ReduceByName.clear();
    FnByName.clear();
    for (auto &R : Reduces)
      ReduceByName[R.F->Name] = &R;
    for (auto &F : Fns)
      FnByName[F.Name] = &F;
    checkUses();
    std::vector<BlockReduce> Blocks;
    std::map<const FnDef *, std::string> Refused;
    for (auto &F : Fns) {
      auto RIt = ReduceByName.find(F.Name);
      bool IsReduce = RIt != ReduceByName.end() && RIt->second->F == &F;
      if (IsReduce || !usesWarp(F))
        continue;
      BlockReduce BR;
      std::string Why = matchBlockReduce(F, BR);
      if (Why.empty()) {
        for (auto &CR : BR.Calls)
          CR.second->NativeCallers.push_back(&F);
        Blocks.push_back(std::move(BR));
      } else
        Refused[&F] = Why;
    }
    for (auto &R : Reduces)
      if (!R.NativeCallers.empty())
        rewriteWarpReduce(C, R);
    for (auto &BR : Blocks)
      rewriteBlockReduce(C, BR);
    // Notes for everything that stays logical32.
    auto Note = [&](const FnDef &F, const std::string &Why) {
      C.report(id(), Severity::Note, T()[F.NameTok].Offset,
               "'" + F.Name.str() + "' stays logical32 (32-lane warps): " + Why,
               "only recognised warp/block reduction idioms use the full wavefront "
               "(docs/wave64.md, --wave=native)");
    };
    for (auto &R : Reduces)
      if (R.NativeCallers.empty())
        Note(*R.F, R.Why.empty() ? "no recognised block reduction in this file calls it; "
                                   "its callers use the result per 32-lane warp"
                                 : R.Why);
    for (auto &P : Refused)
      Note(*P.first, "not a recognised warp or block reduction: " + P.second);
    for (auto &F : WithIfs) {
      bool Warp = false;
      for (size_t J = F.LBrace + 1; J < F.RBrace && !Warp; ++J) {
        bool S;
        Warp = T()[J].isIdent() && (isShuffle(T()[J].Text, S) ||
                                    !logical32Helper(T()[J].Text).empty());
      }
      if (Warp)
        Note(F, "its body has #if/#else lines, which the idiom match does not follow");
    }
  }
};

} // namespace

std::unique_ptr<Rule> createWaveNativeRule() { return std::make_unique<WaveNativeRule>(); }

} // namespace cu2hip
