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
// Exactness (else the function stays logical32 and gets a note): B contains
// no warp intrinsic and calls no other warp function; every warp-size token
// in B is part of a lane/warp/warp-count/first-warp form; lanes and warps
// are used only as `== 0` tests, subscripts of the 32-entry shared array
// (lane subscripts guarded by `< warps`) and guards; the result of each
// first-stage W call is used only under a `lane == 0` test; every use of W
// in the file is a direct call and W is defined in the same file as B.
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
  const FileContext *Cx = nullptr;
  /// Object-like macros of the file: name -> body text (tokens joined).
  llvm::StringMap<std::string> Macros;
  std::vector<FnDef> Fns;
  std::vector<FnDef> WithIfs; ///< definitions whose bodies hold #if lines

public:
  llvm::StringRef id() const override { return "wave-native"; }

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
      if (I < 3 || !K[I - 1].is(tok::r_paren))
        continue;
      auto LP = K.matchBackward(I - 1);
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
      F.RParen = I - 1;
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
    auto Params = K.parseArgs(F.LParen);
    if (Params)
      for (auto &A : Params->Args)
        if (A.First <= A.Last && K[A.Last].isIdent(V))
          return true;
    return false;
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

  /// Every occurrence of the reduction's name is its definition or a direct
  /// call; else the reason.
  std::string checkUses(const WarpReduce &R) const {
    const auto &K = T();
    for (size_t I = 0; I < K.size(); ++I) {
      if (!K[I].isIdent(R.F->Name) || K[I].InDirective)
        continue;
      bool IsDef = false;
      for (auto &F : Fns)
        if (F.NameTok == I)
          IsDef = true;
      if (IsDef)
        continue;
      size_t N = I + 1;
      if (N < K.size() && K[N].is(tok::less)) { // W<T>(...)
        int D = 0;
        for (; N < K.size(); ++N) {
          if (K[N].is(tok::less))
            ++D;
          else if (K[N].is(tok::greater) && --D == 0)
            break;
          else if (K[N].is(tok::semi))
            break;
        }
        ++N;
      }
      bool Call = N < K.size() && K[N].is(tok::l_paren) && !Cx->isMemberOrForeignQualified(I);
      if (!Call) {
        auto LC = lineCol(Cx->Buffer, K[I].Offset);
        return "'" + R.F->Name.str() + "' is used other than by a direct call at line " +
               std::to_string(LC.first);
      }
    }
    return "";
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

  static bool isWarpish(llvm::StringRef N) {
    std::string L = N.lower();
    return llvm::StringRef(L).contains("warp") || llvm::StringRef(L).contains("shfl") ||
           llvm::StringRef(L).contains("wave") || llvm::StringRef(L).contains("ballot");
  }

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
      for (auto &R : Reduces)
        if (R.F->Name == K[J].Text && R.F != &F)
          return true;
    }
    return false;
  }

  struct BlockReduce {
    const FnDef *F = nullptr;
    std::vector<Form> Forms;
    std::vector<size_t> StagingSizes; ///< `[warpSize]` tokens to make constexpr
    std::vector<std::pair<size_t, WarpReduce *>> Calls; ///< call `)` and callee
  };

  /// Returns the reason F is not a recognised block reduction, or "".
  std::string matchBlockReduce(const FnDef &F, BlockReduce &BR) {
    const auto &K = T();
    BR.F = &F;
    auto B = body(F);
    auto Line = [&](size_t J) { return std::to_string(lineCol(Cx->Buffer, K[J].Offset).first); };
    auto Tx = [&](size_t J) { return "'" + K[J].Text.str() + "' at line " + Line(J); };
    for (size_t J = F.LBrace + 1; J < F.RBrace; ++J)
      if (K[J].InDirective && K[J].isIdent() && isWarpSizeToken(J))
        return "a directive inside the function uses " + Tx(J);
    // Staging arrays: __shared__ ... NAME [ K ] ;
    llvm::StringSet<> Staging;
    std::set<size_t> Covered;
    for (size_t Q = 0; Q < B.size(); ++Q) {
      size_t J = B[Q];
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
    // Forms, and variables initialised by one.
    std::map<std::string, Geo> Vars;
    std::set<size_t> VarDecl;
    std::vector<Form> Forms;
    for (size_t Q = 0; Q < B.size(); ++Q) {
      auto Fm = matchForm(B[Q], F.RBrace);
      if (!Fm)
        continue;
      Forms.push_back(*Fm);
      for (size_t J = Fm->First; J <= Fm->Last; ++J)
        Covered.insert(J);
      size_t A = Fm->First, Z = Fm->Last;
      if (A >= 3 && K[A - 1].is(tok::equal) && K[A - 2].isIdent() &&
          (K[A - 3].is(tok::comma) || (K[A - 3].isIdent() && isTypeWord(K[A - 3].Text))) &&
          (K[Z + 1].is(tok::semi) || K[Z + 1].is(tok::comma))) {
        Vars[K[A - 2].Text.str()] = Fm->Kind;
        VarDecl.insert(A - 2);
      }
    }
    std::set<size_t> FormFirst, FormLast;
    std::map<size_t, Geo> FormAt;
    for (auto &Fm : Forms)
      FormFirst.insert(Fm.First), FormLast.insert(Fm.Last), FormAt[Fm.First] = Fm.Kind;
    auto GeoAt = [&](size_t J) -> Geo { // token J starts a geometry value?
      if (K[J].isIdent()) {
        auto It = Vars.find(K[J].Text.str());
        if (It != Vars.end())
          return It->second;
      }
      auto It = FormAt.find(J);
      return It == FormAt.end() ? Geo::None : It->second;
    };
    auto IsZero = [&](size_t J) { return intValue(K[J]) == 0; };
    // Statement [St, En] holding token J, and the condition of an `if` that
    // directly controls it.
    auto StmtOf = [&](size_t J) {
      size_t St = J;
      int Depth = 0;
      while (St > F.LBrace + 1) {
        const Tok &P = K[St - 1];
        if (P.is(tok::r_paren) || P.is(tok::r_square))
          ++Depth;
        else if (P.is(tok::l_paren) || P.is(tok::l_square))
          --Depth;
        if (Depth <= 0 && (P.is(tok::semi) || P.is(tok::l_brace) || P.is(tok::r_brace)))
          break;
        --St;
      }
      size_t En = J;
      while (En < F.RBrace && !K[En].is(tok::semi))
        ++En;
      return std::make_pair(St, En);
    };
    auto IfCond = [&](size_t St) -> std::optional<std::pair<size_t, size_t>> {
      size_t P = St - 1;
      // `if (c) stmt` ; `if (c) { ... stmt ... }` (the brace directly)
      if (K[P].is(tok::l_brace))
        --P;
      if (!K[P].is(tok::r_paren))
        return std::nullopt;
      auto L = K.matchBackward(P);
      if (!L || *L == 0 || !K[*L - 1].isIdent("if"))
        return std::nullopt;
      return std::make_pair(*L + 1, P - 1);
    };
    // `i` ends a geometry value of kind G (a var, a form's last token, or
    // the `)` around one).
    auto EndsGeo = [&](size_t J, Geo G) {
      while (K[J].is(tok::r_paren)) {
        auto L = K.matchBackward(J);
        if (!L)
          return false;
        if (GeoAt(*L + 1) == G && (FormLast.count(J - 1) || Vars.count(K[J - 1].Text.str())))
          return true;
        J = J - 1;
      }
      if (K[J].isIdent()) {
        auto It = Vars.find(K[J].Text.str());
        if (It != Vars.end())
          return It->second == G;
      }
      if (FormLast.count(J))
        for (auto &Fm : Forms)
          if (Fm.Last == J)
            return Fm.Kind == G;
      return false;
    };
    auto HasGuard = [&](size_t A, size_t Z) {
      for (size_t J = A; J < Z; ++J)
        if (K[J].is(tok::less) && GeoAt(J + 1) == Geo::NumWarps)
          return true;
      return false;
    };
    auto HasLaneZero = [&](size_t A, size_t Z) {
      for (size_t J = A; J <= Z; ++J) {
        if (K[J].is(tok::equalequal) && J + 1 <= Z && IsZero(J + 1) && J > A &&
            EndsGeo(J - 1, Geo::Lane))
          return true;
        if (K[J].is(tok::exclaim) && J + 1 <= Z && GeoAt(J + 1) == Geo::Lane)
          return true;
        if (IsZero(J) && J + 2 <= Z && K[J + 1].is(tok::equalequal) && GeoAt(J + 2) == Geo::Lane)
          return true;
      }
      return false;
    };
    // Role of each geometry value.
    auto CheckRole = [&](size_t A, size_t Z, Geo G) -> std::string {
      const size_t A0 = A, Z0 = Z;
      // widen over parentheses
      while (A > 0 && K[A - 1].is(tok::l_paren) && K.matchForward(A - 1) == std::optional<size_t>(Z + 1))
        --A, ++Z;
      const Tok &P = K[A - 1], &N = K[Z + 1];
      bool EqZero = (N.is(tok::equalequal) && IsZero(Z + 2)) ||
                    (P.is(tok::equalequal) && A >= 2 && IsZero(A - 2)) || P.is(tok::exclaim);
      bool Sub = P.is(tok::l_square) && N.is(tok::r_square) && A >= 2 && K[A - 2].isIdent() &&
                 Staging.count(K[A - 2].Text);
      switch (G) {
      case Geo::Lane:
        if (EqZero || (N.is(tok::less) && GeoAt(Z + 2) == Geo::NumWarps))
          return "";
        if (Sub) {
          auto S = StmtOf(A);
          auto C = IfCond(S.first);
          if (HasGuard(S.first, S.second) || (C && HasGuard(C->first, C->second + 1)))
            return "";
          return "the shared array is indexed by the lane without a '< warps' guard at line " +
                 Line(A);
        }
        return "the lane index is used for more than '== 0', guards and the shared array "
               "at line " + Line(A);
      case Geo::Warp:
        if (EqZero || Sub)
          return "";
        return "the warp index is used for more than '== 0' and the shared array at line " +
               Line(A);
      case Geo::NumWarps:
        if (P.is(tok::less))
          return "";
        return "the warp count is used other than as a '<' guard at line " + Line(A);
      case Geo::FirstWarp: {
        const Tok &P0 = K[A0 - 1], &N0 = K[Z0 + 1];
        if ((P0.is(tok::l_paren) || P0.is(tok::ampamp) || P0.is(tok::pipepipe)) &&
            (N0.is(tok::r_paren) || N0.is(tok::ampamp) || N0.is(tok::pipepipe) ||
             N0.is(tok::question)))
          return "";
        return "the first-warp test is used other than as a condition at line " + Line(A);
      }
      default:
        return "";
      }
    };
    for (auto &Fm : Forms) {
      bool IsDecl = false;
      for (size_t D : VarDecl)
        if (D + 2 == Fm.First)
          IsDecl = true;
      if (IsDecl)
        continue;
      std::string Why = CheckRole(Fm.First, Fm.Last, Fm.Kind);
      if (!Why.empty())
        return Why;
    }
    // Variable uses; no reassignment.
    for (size_t J : B) {
      if (!K[J].isIdent() || VarDecl.count(J))
        continue;
      auto It = Vars.find(K[J].Text.str());
      if (It == Vars.end() || K[J - 1].is(tok::period) || K[J - 1].is(tok::arrow))
        continue;
      const Tok &N = K[J + 1];
      if (N.is(tok::equal) || N.is(tok::plusequal) || N.is(tok::minusequal) ||
          N.is(tok::plusplus) || N.is(tok::minusminus) || K[J - 1].is(tok::plusplus) ||
          K[J - 1].is(tok::minusminus) || N.is(tok::starequal) || N.is(tok::slashequal))
        return "'" + K[J].Text.str() + "' is changed at line " + Line(J);
      std::string Why = CheckRole(J, J, It->second);
      if (!Why.empty())
        return Why;
    }
    // Warp-size tokens are all covered; no warp intrinsics; calls.
    for (size_t J : B) {
      if (isWarpSizeToken(J) && !Covered.count(J))
        return Tx(J) + " is not a recognised lane, warp, warp-count or first-warp form";
      if (!K[J].isIdent())
        continue;
      bool S;
      llvm::StringRef N = K[J].Text;
      if (N == "tiled_partition" || N == "this_thread_block" || N == "coalesced_threads" ||
          N == "cooperative_groups" || N == "cg" || N == "thread_block_tile")
        return "it uses cooperative groups (" + Tx(J) + ")";
      if (N == "cub" || N == "hipcub")
        return "it uses cub (" + Tx(J) + ")";
      if (isShuffle(N, S) || !logical32Helper(N).empty() || N == "__lane_id" ||
          N == "__popc" || N == "__ffs" || N == "__popcll" || N == "__ffsll")
        return "it uses " + Tx(J) + " directly";
      bool NamesReduce = false;
      for (auto &X : Reduces)
        NamesReduce |= X.F->Name == N;
      size_t Open = J + 1;
      if (Open < F.RBrace && K[Open].is(tok::less)) {
        int D = 0;
        for (; Open < F.RBrace; ++Open) {
          if (K[Open].is(tok::less))
            ++D;
          else if (K[Open].is(tok::greater) && --D == 0)
            break;
          else if (K[Open].is(tok::semi))
            break;
        }
        ++Open;
      }
      if (Open >= F.RBrace || !K[Open].is(tok::l_paren) || Cx->isMemberOrForeignQualified(J)) {
        if (NamesReduce && !Cx->isMemberOrForeignQualified(J))
          return "it passes the warp reduction '" + N.str() + "' as a value at line " + Line(J) +
                 " (only direct calls are followed)";
        continue;
      }
      WarpReduce *R = nullptr;
      for (auto &X : Reduces)
        if (X.F->Name == N)
          R = &X;
      if (R) {
        if (!R->Why.empty())
          return "it calls '" + N.str() + "', which stays logical32: " + R->Why;
        auto Close = K.matchForward(Open);
        if (!Close)
          return "unbalanced call at line " + Line(J);
        BR.Calls.push_back({*Close, R});
        continue;
      }
      if (const FnDef *G = findFn(N)) {
        if (G != &F && usesWarp(*G))
          return "it calls '" + N.str() + "', which uses warp operations and is not a "
                 "recognised warp reduction";
        continue;
      }
      if (isWarpish(N) && !K[J - 1].is(tok::period))
        return "it calls '" + N.str() + "' (line " + Line(J) +
               "), which is not defined in this file and may be a warp operation";
    }
    if (BR.Calls.empty())
      return "no warp reduction is called";
    // Stage structure: the result of a first-stage call is used only under
    // `lane == 0`; a final-stage call reduces a value read from the shared
    // array.
    for (auto &CR : BR.Calls) {
      size_t Close = CR.first;
      auto S = StmtOf(Close);
      // X = W(...)  or  TYPE X = W(...)
      size_t Eq = S.first;
      while (Eq < S.second && !K[Eq].is(tok::equal))
        ++Eq;
      if (Eq >= S.second || Eq == S.first || !K[Eq - 1].isIdent() || Close + 1 != S.second)
        return "the result of '" + CR.second->F->Name.str() +
               "' is not assigned to a variable at line " + Line(Close);
      llvm::StringRef X = K[Eq - 1].Text;
      // Final stage: the argument was last assigned from the shared array.
      bool Final = false;
      auto CallArgs = K.parseArgs(*K.matchBackward(Close));
      llvm::StringRef Y;
      if (CallArgs && !CallArgs->Args.empty() &&
          CallArgs->Args[0].First == CallArgs->Args[0].Last)
        Y = K[CallArgs->Args[0].First].Text;
      for (size_t J = S.first; !Y.empty() && J-- > F.LBrace + 1;) {
        if (K[J].isIdent(Y) && K[J + 1].is(tok::equal) && !K[J].InDirective) {
          auto S2 = StmtOf(J);
          for (size_t Q = J; Q < S2.second; ++Q)
            if (K[Q].isIdent() && Staging.count(K[Q].Text) && K[Q + 1].is(tok::l_square))
              Final = true;
          break;
        }
      }
      if (Final)
        continue;
      for (size_t J = S.second + 1; J < F.RBrace; ++J) {
        if (!K[J].isIdent(X) || K[J - 1].is(tok::period) || K[J - 1].is(tok::arrow))
          continue;
        if (K[J + 1].is(tok::equal)) // reassigned: the partial result is dead
          break;
        auto S2 = StmtOf(J);
        auto C = IfCond(S2.first);
        if (!(C && HasLaneZero(C->first, C->second)) && !HasLaneZero(S2.first, S2.second))
          return "the per-warp result of '" + CR.second->F->Name.str() + "' (line " +
                 Line(Close) + ") is used outside a 'lane == 0' test at line " + Line(J) +
                 ", so it depends on the warp width";
      }
    }
    // Cross-file reductions would get mismatched signatures.
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
    C.WaveNativeRanges.push_back({K[R.F->LBrace].Offset, K[R.F->RBrace].end()});
    C.Stats.UsesWaveHeader = true;
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
    C.WaveNativeRanges.push_back({K[F.LBrace].Offset, K[F.RBrace].end()});
    C.Stats.UsesWaveHeader = true;
  }

public:
  void run(FileContext &C) override {
    if (C.Opts.Wave != WaveMode::Native)
      return;
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
    for (auto &R : Reduces)
      R.Why = checkUses(R);
    std::vector<BlockReduce> Blocks;
    std::map<const FnDef *, std::string> Refused;
    for (auto &F : Fns) {
      bool IsReduce = false;
      for (auto &R : Reduces)
        if (R.F == &F)
          IsReduce = true;
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
