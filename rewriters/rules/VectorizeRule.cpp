//===- VectorizeRule.cpp - rule "vectorize" (opt-in: --vectorize) ---------===//
//
// Two rewrites for 128-bit memory access on AMD (docs/vectorize.md):
//
// 1. Existing vector code is kept; an alignment assertion is added next to
//    every cast to a pointer to a 16- or 8-byte vector type (float4, int4,
//    uint4, double2, Packed128<T>, float2, ...), because AMD GPUs do not
//    fault on a misaligned vector access as NVIDIA GPUs do:
//      CUDA:  float4 v = reinterpret_cast<const float4 *>(x)[i];
//      HIP:   CU2HIP_ASSERT_ALIGNED(x, 16);
//             float4 v = reinterpret_cast<const float4 *>(x)[i];
//    Where a statement of its own would change what runs (a braceless `if`
//    body, a condition, `?:`, `&&`), the check goes inside the cast:
//    `reinterpret_cast<float4 *>((CU2HIP_ASSERT_ALIGNED(p, 16), p))`.
//    Operands with side effects or calls, casts in macro bodies and casts
//    outside function bodies get a note instead.
//
// 2. A __global__ kernel that is exactly a grid-stride elementwise loop
//      for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
//           i += blockDim.x * gridDim.x)
//        y[i] = E(a[i], b[i], scalars);
//    over __restrict__ float / __half / __nv_bfloat16 / double arrays of one
//    element type becomes
//      cu2hip::vec_map_grid_stride(COUNT, tid, nthreads, y,
//          [=](float a_i, float b_i) { return E(a_i, b_i, scalars); }, a, b);
//    (scalar head until 16-byte alignment, 128-bit body, scalar tail; the
//    launch is unchanged).
//
// 3. The single-index form `int i = ...; if (i < n) y[i] = E;` (or
//    `if (i >= n) return; y[i] = E;`) becomes
//      size_t cu2hip_t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
//      cu2hip::vec_map_at(cu2hip_t, COUNT, y, [=](float x_i) { ... }, x);
//    only together with its launches, which need fewer threads (with the
//    original launch it measured 0.78-0.89x of the scalar kernel):
//      k<<<(n + 255) / 256, 256>>>(y, x, s, n);
//      k<<<(cu2hip::vec_map_at_threads<float>(n, y, x) + 255) / 256, 256>>>(y, x, s, n);
//    So every use of the kernel's name in the file must be a launch
//    (`<<<>>>` or hipLaunchKernelGGL) whose grid is a ceiling division of
//    the launch argument for the bound `n` by the block size, and whose
//    pointer arguments can be evaluated twice; the kernel is not in a
//    header. The grid edits are insertions, so launch-ggl can still turn
//    the launch into hipLaunchKernelGGL around them.
//
// Every candidate kernel (its body starts with such an index) that is not
// rewritten gets a note saying why.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"
#include <array>
#include <map>
#include <set>

using namespace clang;

namespace cu2hip {
namespace {

// ---------------------------------------------------------------------------
// Small token helpers
// ---------------------------------------------------------------------------

bool isIntegerTypeWord(llvm::StringRef S) {
  return llvm::StringSwitch<bool>(S)
      .Cases("int", "unsigned", "signed", "long", "short", "size_t", true)
      .Cases("int32_t", "uint32_t", "int64_t", "uint64_t", "ptrdiff_t", true)
      .Cases("std", "const", true)
      .Default(false);
}

bool isUnsignedTypeWord(llvm::StringRef S) {
  return llvm::StringSwitch<bool>(S)
      .Cases("unsigned", "size_t", "uint32_t", "uint64_t", true)
      .Default(false);
}

/// Built-ins and calls whose value differs between threads or that have
/// effects: an expression using them cannot be mapped to other threads.
bool isThreadDependent(llvm::StringRef S) {
  return llvm::StringSwitch<bool>(S)
             .Cases("threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", true)
             .Cases("__syncthreads", "__syncwarp", "__activemask", "clock", "clock64",
                    true)
             .Default(false) ||
         S.startswith("atomic") || S.startswith("__shfl") || S.startswith("__ballot") ||
         S.startswith("__any") || S.startswith("__all") || S.startswith("__match") ||
         S.startswith("curand") || S.startswith("__reduce");
}

/// Is `[First, Last]` a pointer expression built only from names, member
/// accesses, `+`/`-` and literals (no subscript or cast, which a user type
/// could overload with effects)?
bool isPlainPointerExpr(const TokenStream &T, size_t First, size_t Last) {
  for (size_t J = First; J <= Last; ++J)
    if (!(T[J].isIdent() || T[J].is(tok::numeric_constant) || T[J].is(tok::period) ||
          T[J].is(tok::arrow) || T[J].is(tok::coloncolon) || T[J].is(tok::plus) ||
          T[J].is(tok::minus) || T[J].is(tok::star) ||
          ((T[J].is(tok::l_paren) || T[J].is(tok::r_paren)) &&
           !(J + 1 <= Last && T[J].is(tok::r_paren) && T[J + 1].isIdent()))))
      return false;
  return true;
}

/// Is `[First, Last]` free of side effects and calls (so that it may be
/// evaluated twice)? `sizeof` and the C++ cast keywords are allowed.
bool isPureOperand(const TokenStream &T, size_t First, size_t Last) {
  if (First > Last)
    return false;
  for (size_t J = First; J <= Last; ++J) {
    const Tok &K = T[J];
    switch (K.Kind) {
    case tok::raw_identifier:
      if (J + 1 <= Last && T[J + 1].is(tok::l_paren) && !K.isIdent("sizeof"))
        return false;
      continue;
    case tok::numeric_constant:
    case tok::l_paren:
    case tok::r_paren:
    case tok::l_square:
    case tok::r_square:
    case tok::plus:
    case tok::minus:
    case tok::star:
    case tok::slash:
    case tok::percent:
    case tok::amp:
    case tok::period:
    case tok::arrow:
    case tok::coloncolon:
    case tok::less:
      continue;
    case tok::greater:
      // `cast<T>(x)` is fine; `f<T>(x)` is a call.
      if (J + 1 <= Last && T[J + 1].is(tok::l_paren)) {
        auto Open = T.matchBackward(J);
        if (!Open || *Open == 0 ||
            !(T[*Open - 1].isIdent("reinterpret_cast") ||
              T[*Open - 1].isIdent("static_cast") || T[*Open - 1].isIdent("const_cast")))
          return false;
      }
      continue;
    default:
      return false;
    }
  }
  return true;
}

/// Source text of tokens [First, Last] with CUDA names renamed through the
/// maps (for a copy of user text that the names rule will not see).
std::string spellRenamed(const FileContext &C, size_t First, size_t Last) {
  std::string R;
  const auto &T = C.Toks;
  for (size_t J = First; J <= Last; ++J) {
    if (J > First)
      R += C.Buffer.slice(T[J - 1].end(), T[J].Offset).str();
    llvm::StringRef S = T[J].Text;
    if (T[J].isIdent() && !C.Facts.ShadowedNames.count(S) &&
        !C.isMemberOrForeignQualified(J))
      if (const MapEntry *E = C.Maps.lookupName(S))
        if (E->status() != MapStatus::Unsupported && !E->isNamespace())
          S = E->Hip;
    R += S.str();
  }
  return R;
}

/// Does any identifier in [First, Last] map to a different HIP name (so a
/// replacement of those tokens would collide with the names rule)?
bool hasMappedName(const FileContext &C, size_t First, size_t Last) {
  for (size_t J = First; J <= Last; ++J)
    if (C.Toks[J].isIdent())
      if (const MapEntry *E = C.Maps.lookupName(C.Toks[J].Text))
        if (E->Hip != C.Toks[J].Text)
          return true;
  return false;
}

/// Indentation (spaces and tabs) of the line holding byte `Off`.
std::string lineIndent(llvm::StringRef Buf, unsigned Off) {
  size_t NL = Buf.rfind('\n', Off);
  size_t B = NL == llvm::StringRef::npos ? 0 : NL + 1;
  size_t E = B;
  while (E < Buf.size() && (Buf[E] == ' ' || Buf[E] == '\t'))
    ++E;
  return Buf.slice(B, E).str();
}

// ---------------------------------------------------------------------------
// Blocks: is a `{` the body of code (a function, lambda or statement)?
// ---------------------------------------------------------------------------

enum class BlockKind { Code, Init, Other };

BlockKind blockKind(const TokenStream &T, size_t B, int Depth = 0);

/// Innermost `{` enclosing token `I`, if any.
std::optional<size_t> enclosingBrace(const TokenStream &T, size_t I) {
  int Depth = 0;
  for (size_t J = I; J-- > 0;) {
    if (T[J].is(tok::r_brace))
      ++Depth;
    else if (T[J].is(tok::l_brace)) {
      if (Depth == 0)
        return J;
      --Depth;
    }
  }
  return std::nullopt;
}

/// Is token `I` inside the body of a function (or lambda)?
bool inCode(const TokenStream &T, size_t I, int Depth = 0) {
  auto B = enclosingBrace(T, I);
  if (!B || Depth > 64)
    return false;
  BlockKind K = blockKind(T, *B, Depth + 1);
  if (K == BlockKind::Code)
    return true;
  if (K == BlockKind::Init)
    return inCode(T, *B, Depth + 1);
  return false;
}

BlockKind blockKind(const TokenStream &T, size_t B, int Depth) {
  if (B == 0)
    return BlockKind::Other;
  const Tok &P = T[B - 1];
  if (P.is(tok::r_paren) || P.is(tok::r_square))
    return BlockKind::Code; // function, lambda, if/for/while/switch body
  if (P.isIdent())
    return llvm::StringSwitch<BlockKind>(P.Text)
        .Cases("else", "do", "try", "mutable", "noexcept", "const", BlockKind::Code)
        .Cases("override", "__device__", "__host__", BlockKind::Code)
        .Case("return", BlockKind::Init)
        .Default(BlockKind::Other); // namespace, class, enum, `T x{...}`
  if (P.is(tok::semi) || P.is(tok::l_brace) || P.is(tok::r_brace) ||
      P.is(tok::colon))
    return inCode(T, B, Depth) ? BlockKind::Code : BlockKind::Other;
  if (P.is(tok::equal) || P.is(tok::l_paren) || P.is(tok::comma))
    return BlockKind::Init;
  return BlockKind::Other;
}

bool isControlWord(const Tok &K) {
  return K.isIdent() && llvm::StringSwitch<bool>(K.Text)
                            .Cases("if", "else", "for", "while", "do", "switch", true)
                            .Cases("case", "default", "goto", true)
                            .Default(false);
}

// ---------------------------------------------------------------------------
// Kernel parameters
// ---------------------------------------------------------------------------

struct Param {
  std::string Name;
  std::string Type; ///< element type (pointers) or type (scalars), no cv
  unsigned Stars = 0;
  bool Restrict = false, Const = false, Volatile = false;
  bool Integer = false, Unsigned = false;
};

std::optional<Param> parseParam(const TokenStream &T, const ArgList::Arg &A) {
  if (A.First > A.Last)
    return std::nullopt;
  size_t Last = A.Last;
  for (size_t J = A.First; J <= A.Last; ++J)
    if (T[J].is(tok::equal)) { // default argument
      Last = J - 1;
      break;
    }
  if (Last < A.First || !T[Last].isIdent())
    return std::nullopt;
  Param P;
  P.Name = T[Last].Text.str();
  bool SeenStar = false, AllInt = true, AnyUnsigned = false;
  std::string Ty;
  for (size_t J = A.First; J < Last; ++J) {
    const Tok &K = T[J];
    if (K.is(tok::star)) {
      ++P.Stars;
      SeenStar = true;
      continue;
    }
    if (K.is(tok::amp) || K.is(tok::ampamp) || K.is(tok::l_square))
      return std::nullopt;
    if (K.isIdent("__restrict__") || K.isIdent("__restrict") || K.isIdent("restrict")) {
      P.Restrict = true;
      continue;
    }
    if (K.isIdent("const") || K.isIdent("volatile")) {
      if (!SeenStar && K.isIdent("const"))
        P.Const = true;
      if (!SeenStar && K.isIdent("volatile"))
        P.Volatile = true;
      continue;
    }
    if (SeenStar)
      return std::nullopt; // e.g. `float * const * p`
    if (!K.isIdent() || !isIntegerTypeWord(K.Text))
      AllInt = false;
    if (K.isIdent() && isUnsignedTypeWord(K.Text))
      AnyUnsigned = true;
    if (!Ty.empty() && !K.is(tok::coloncolon) && !llvm::StringRef(Ty).endswith("::"))
      Ty += " ";
    Ty += K.Text.str();
  }
  if (Ty.empty())
    return std::nullopt;
  P.Type = Ty;
  P.Integer = P.Stars == 0 && AllInt;
  P.Unsigned = P.Integer && AnyUnsigned;
  return P;
}

/// Element types whose 128-bit form packed.h provides and the porter trusts.
bool isVectorizableType(llvm::StringRef Ty) {
  return llvm::StringSwitch<bool>(Ty)
      .Cases("float", "double", "__half", "half", true)
      .Cases("__nv_bfloat16", "nv_bfloat16", "__hip_bfloat16", true)
      .Default(false);
}

// ---------------------------------------------------------------------------
// The rule
// ---------------------------------------------------------------------------

class VectorizeRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"vectorize", IdKind::Edit, "128-bit loads/stores for provable elementwise kernels (--vectorize)"},
    };
    return Ids;
  }

  bool enabled(const Options &O) const override { return O.Vectorize; }

  void run(FileContext &C) override {
    Asserted.clear();
    const auto &T = C.Toks;
    for (size_t I = 0; I < T.size(); ++I) {
      if (T[I].isIdent("reinterpret_cast") || T[I].isIdent("static_cast"))
        namedVectorCast(C, I);
      else if (T[I].is(tok::l_paren))
        cStyleVectorCast(C, I);
      else if (T[I].isIdent("__global__") && !T[I].InDirective)
        kernel(C, I);
    }
  }

private:
  // ---- 1. alignment assertions at vector casts -----------------------------

  /// Alignment the pointer type in [First, Last] needs (16 or 8), or 0 when
  /// it is not a pointer to a vector type.
  static unsigned vectorPointerAlign(const TokenStream &T, size_t First, size_t Last) {
    if (First > Last || !T[Last].is(tok::star))
      return 0;
    size_t E = Last; // exclusive end of the type name
    while (E > First && T[E - 1].isIdent() &&
           (T[E - 1].isIdent("const") || T[E - 1].isIdent("volatile") ||
            T[E - 1].isIdent("__restrict__")))
      --E;
    if (E > First && T[E - 1].is(tok::star))
      return 0; // pointer to pointer
    size_t B = First;
    while (B < E && (T[B].isIdent("const") || T[B].isIdent("volatile")))
      ++B;
    while (E > B && (T[E - 1].isIdent("const") || T[E - 1].isIdent("volatile")))
      --E;
    if (B >= E)
      return 0;
    if (B + 2 < E && T[B].isIdent("cu2hip") && T[B + 1].is(tok::coloncolon))
      B += 2;
    if (T[B].isIdent("Packed128") && B + 1 < E && T[B + 1].is(tok::less) &&
        (T[E - 1].is(tok::greater)))
      return 16;
    if (B + 1 != E || !T[B].isIdent())
      return 0;
    return llvm::StringSwitch<unsigned>(T[B].Text)
        .Cases("float4", "int4", "uint4", "double2", 16)
        .Cases("longlong2", "ulonglong2", "long2", "ulong2", 16)
        .Cases("float2", "int2", "uint2", "short4", "ushort4", 8)
        .Default(0);
  }

  void namedVectorCast(FileContext &C, size_t I) {
    const auto &T = C.Toks;
    if (I + 1 >= T.size() || !T[I + 1].is(tok::less))
      return;
    // Find the `>` closing the template argument.
    int Depth = 0;
    size_t G = I + 1;
    for (; G < T.size(); ++G) {
      if (T[G].is(tok::less))
        ++Depth;
      else if (T[G].is(tok::greater) && --Depth == 0)
        break;
      else if (T[G].is(tok::greatergreater) && (Depth -= 2) <= 0)
        return; // `>>` closing two levels: not a plain pointer type
      else if (T[G].is(tok::semi) || T[G].is(tok::l_brace) || T[G].is(tok::r_brace))
        return;
    }
    if (G + 1 >= T.size() || !T[G + 1].is(tok::l_paren))
      return;
    unsigned Align = vectorPointerAlign(T, I + 2, G - 1);
    if (!Align)
      return;
    auto Close = T.matchForward(G + 1);
    if (!Close || *Close == G + 2)
      return;
    addAssertion(C, I, G + 2, *Close - 1, Align);
  }

  void cStyleVectorCast(FileContext &C, size_t I) {
    const auto &T = C.Toks;
    auto Close = T.matchForward(I);
    if (!Close || *Close + 1 >= T.size())
      return;
    // `(T *)` must not be a call's or declaration's parentheses.
    if (I > 0 && (T[I - 1].isIdent() && !isControlWord(T[I - 1]) &&
                  !T[I - 1].isIdent("return")))
      return;
    if (I > 0 && (T[I - 1].is(tok::r_paren) || T[I - 1].is(tok::r_square) ||
                  T[I - 1].is(tok::greater)))
      return;
    unsigned Align = vectorPointerAlign(T, I + 1, *Close - 1);
    if (!Align)
      return;
    // The operand: prefix `&`/`*`, then a name or a parenthesised
    // expression, then `[...]`, `.x`, `->x` postfixes.
    size_t J = *Close + 1, First = J;
    while (J < T.size() && (T[J].is(tok::amp) || T[J].is(tok::star)))
      ++J;
    if (J >= T.size())
      return;
    size_t Last;
    if (T[J].is(tok::l_paren)) {
      auto P = T.matchForward(J);
      if (!P)
        return;
      Last = *P;
    } else if (T[J].isIdent()) {
      Last = J;
      while (Last + 2 < T.size() && T[Last + 1].is(tok::coloncolon) && T[Last + 2].isIdent())
        Last += 2;
    } else {
      return;
    }
    while (Last + 1 < T.size()) {
      if (T[Last + 1].is(tok::l_square)) {
        auto P = T.matchForward(Last + 1);
        if (!P)
          return;
        Last = *P;
      } else if ((T[Last + 1].is(tok::period) || T[Last + 1].is(tok::arrow)) &&
                 Last + 2 < T.size() && T[Last + 2].isIdent()) {
        Last += 2;
      } else if (T[Last + 1].is(tok::l_paren)) {
        auto P = T.matchForward(Last + 1);
        if (!P)
          return;
        Last = *P; // a call: isPureOperand refuses it below
      } else {
        break;
      }
    }
    addAssertion(C, I, First, Last, Align);
  }

  /// Adds CU2HIP_ASSERT_ALIGNED(operand, Align) for the cast starting at
  /// token `CastTok` whose operand is [First, Last].
  void addAssertion(FileContext &C, size_t CastTok, size_t First, size_t Last,
                    unsigned Align) {
    const auto &T = C.Toks;
    llvm::StringRef Operand = T.text(First, Last);
    if (T[CastTok].InDirective) {
      C.report(id(), Severity::Note, T[CastTok].Offset,
               ("vector cast of '" + Operand +
                "' in a macro body: no alignment assertion added (the macro "
                "argument would be evaluated twice); add CU2HIP_ASSERT_ALIGNED(p, " +
                llvm::Twine(Align) + ") where the macro is used")
                   .str());
      return;
    }
    if (!isPureOperand(T, First, Last)) {
      C.report(id(), Severity::Note, T[CastTok].Offset,
               ("vector cast of '" + Operand +
                "': the operand has side effects or calls, so no alignment "
                "assertion was added (AMD does not fault on misaligned "
                "vector accesses)")
                   .str());
      return;
    }
    if (!inCode(T, CastTok))
      return; // a namespace-scope or member initialiser: nothing to run
    size_t OF = First, OL = Last; // the operand without enclosing parentheses
    while (T[OF].is(tok::l_paren) && OL > OF && T.matchForward(OF) == OL) {
      ++OF;
      --OL;
    }
    std::string Op = spellRenamed(C, OF, OL);
    std::string Check =
        ("CU2HIP_ASSERT_ALIGNED(" + Op + ", " + llvm::Twine(Align) + ")").str();
    C.requestHeader("cu2hip/packed.h");
    if (auto S = statementStart(C, CastTok, First, Last)) {
      std::string Key = std::to_string(*S) + "\n" + Op;
      if (!Asserted.insert(Key).second)
        return; // the same check before the same statement
      // On a line of its own before the statement: at the start of the
      // statement's line when it begins the line (other rules insert at the
      // statement's first token, e.g. hipLaunchKernelGGL), else after the
      // token ending the previous statement.
      unsigned Off = T[*S].Offset;
      std::string Ind = lineIndent(C.Buffer, Off);
      size_t NL = C.Buffer.rfind('\n', Off);
      unsigned LS = NL == llvm::StringRef::npos ? 0 : unsigned(NL + 1);
      if (LS + Ind.size() == Off && LS < Off)
        C.insertAtOffset(id(), LS, Ind + Check + ";\n");
      else
        C.insertAtOffset(id(), T[*S - 1].end(), "\n" + Ind + Check + ";");
      return;
    }
    // Inside the cast: `cast<T *>((CHECK, p))` / `(T *)(CHECK, p)`.
    C.insert(id(), First, "(" + Check + ", ");
    C.insert(id(), Last, ")", /*After=*/true);
  }

  /// Is token `Q` one of `Names` being declared or changed (followed by an
  /// assignment, `++`/`--`, `,` or `{`, or preceded by `++`/`--`)?
  static bool isBound(const TokenStream &T, size_t Q, const llvm::StringSet<> &Names) {
    if (!T[Q].isIdent() || !Names.count(T[Q].Text))
      return false;
    if (Q > 0 && (T[Q - 1].is(tok::plusplus) || T[Q - 1].is(tok::minusminus)))
      return true;
    if (Q + 1 >= T.size())
      return false;
    switch (T[Q + 1].Kind) {
    case tok::equal:
    case tok::plusequal:
    case tok::minusequal:
    case tok::starequal:
    case tok::slashequal:
    case tok::plusplus:
    case tok::minusminus:
    case tok::comma:
    case tok::l_brace:
      return true;
    default:
      return false;
    }
  }

  /// The first token of the statement holding the cast, when a statement
  /// inserted before it runs exactly when the cast does and sees its
  /// operand's names; nullopt otherwise.
  std::optional<size_t> statementStart(const FileContext &C, size_t CastTok,
                                       size_t First, size_t Last) {
    const auto &T = C.Toks;
    llvm::StringSet<> Names;
    for (size_t J = First; J <= Last; ++J)
      if (T[J].isIdent())
        Names.insert(T[J].Text);
    size_t J = CastTok;
    while (J > 0) {
      const Tok &K = T[J - 1];
      if (K.is(tok::semi) || K.is(tok::r_brace))
        break;
      if (K.is(tok::l_brace)) {
        if (blockKind(T, J - 1) != BlockKind::Code)
          return std::nullopt;
        break;
      }
      if (K.InDirective)
        return std::nullopt;
      if (K.is(tok::r_paren) || K.is(tok::r_square)) {
        auto O = T.matchBackward(J - 1);
        if (!O)
          return std::nullopt;
        for (size_t Q = *O; Q < J - 1; ++Q)
          if (isBound(T, Q, Names))
            return std::nullopt;
        J = *O;
        continue;
      }
      if (isControlWord(K) || K.is(tok::question) || K.is(tok::colon) ||
          K.is(tok::ampamp) || K.is(tok::pipepipe) || K.is(tok::comma))
        return std::nullopt;
      if (isBound(T, J - 1, Names))
        return std::nullopt; // declared (or changed) in this statement
      --J;
    }
    if (J == 0)
      return std::nullopt;
    // The statement itself must be a plain one (not a case label etc.).
    if (isControlWord(T[J]))
      return std::nullopt;
    return J;
  }

  std::set<std::string> Asserted;

  // ---- 2. elementwise kernels ----------------------------------------------

  struct Kernel {
    size_t NameTok, BodyOpen, BodyClose;
    std::vector<Param> Params;
    llvm::StringSet<> TemplateParams;
  };

  std::optional<Kernel> parseKernel(const FileContext &C, size_t G) {
    const auto &T = C.Toks;
    Kernel K;
    size_t J = G + 1;
    for (; J + 1 < T.size(); ++J) {
      if (T[J].is(tok::semi) || T[J].is(tok::l_brace) || T[J].InDirective)
        return std::nullopt;
      if (T[J].isIdent() && T[J + 1].is(tok::l_paren)) {
        if (llvm::StringSwitch<bool>(T[J].Text)
                .Cases("__launch_bounds__", "__attribute__", "alignas", "__declspec",
                       "decltype", true)
                .Default(false)) {
          auto P = T.matchForward(J + 1);
          if (!P)
            return std::nullopt;
          J = *P;
          continue;
        }
        break;
      }
    }
    if (J + 1 >= T.size())
      return std::nullopt;
    K.NameTok = J;
    auto Args = T.parseArgs(J + 1);
    if (!Args)
      return std::nullopt;
    size_t B = Args->RParen + 1;
    while (B < T.size() && !T[B].is(tok::l_brace) && !T[B].is(tok::semi))
      ++B;
    if (B >= T.size() || !T[B].is(tok::l_brace))
      return std::nullopt;
    auto E = T.matchForward(B);
    if (!E)
      return std::nullopt;
    K.BodyOpen = B;
    K.BodyClose = *E;
    for (auto &A : Args->Args) {
      if (auto P = parseParam(T, A))
        K.Params.push_back(*P);
      else if (A.First <= A.Last && !(A.First == A.Last && T[A.First].isIdent("void")))
        K.Params.push_back(Param{}); // unparsed: never an array candidate
    }
    // template <typename T, int N> __global__ ...
    size_t P = G;
    while (P > 0 && (T[P - 1].isIdent("static") || T[P - 1].isIdent("inline") ||
                     T[P - 1].isIdent("extern") || T[P - 1].is(tok::string_literal)))
      --P;
    if (P > 0 && T[P - 1].is(tok::greater))
      if (auto O = T.matchBackward(P - 1))
        if (*O > 0 && T[*O - 1].isIdent("template"))
          for (size_t Q = *O + 1; Q + 1 < P; ++Q)
            if ((T[Q].isIdent("typename") || T[Q].isIdent("class")) && T[Q + 1].isIdent())
              K.TemplateParams.insert(T[Q + 1].Text);
    return K;
  }

  const Param *param(const Kernel &K, llvm::StringRef Name) {
    for (const Param &P : K.Params)
      if (P.Name == Name)
        return &P;
    return nullptr;
  }

  /// Tokens [First, Last] normalised to text without spaces, dropping
  /// integer casts `(size_t)` / `(unsigned int)`.
  static std::string normalise(const TokenStream &T, size_t First, size_t Last) {
    std::string R;
    for (size_t J = First; J <= Last; ++J) {
      if (T[J].is(tok::l_paren)) {
        size_t Q = J + 1;
        while (Q <= Last && T[Q].isIdent() && isIntegerTypeWord(T[Q].Text))
          ++Q;
        if (Q > J + 1 && Q <= Last && T[Q].is(tok::r_paren)) {
          J = Q;
          continue;
        }
      }
      R += T[J].Text.str();
    }
    return R;
  }

  static bool isGlobalIndex(const TokenStream &T, size_t First, size_t Last) {
    std::string S = normalise(T, First, Last);
    for (llvm::StringRef P : {"blockIdx.x*blockDim.x", "blockDim.x*blockIdx.x"})
      for (std::string Pp : {P.str(), "(" + P.str() + ")"})
        for (std::string Sum : {Pp + "+threadIdx.x", "threadIdx.x+" + Pp})
          if (S == Sum || S == "(" + Sum + ")")
            return true;
    return false;
  }

  static bool isGridStride(const TokenStream &T, size_t First, size_t Last) {
    std::string S = normalise(T, First, Last);
    return S == "blockDim.x*gridDim.x" || S == "gridDim.x*blockDim.x" ||
           S == "(blockDim.x*gridDim.x)" || S == "(gridDim.x*blockDim.x)";
  }

  static bool mentionsThreadIndex(const TokenStream &T, size_t First, size_t Last) {
    bool Th = false, Bl = false;
    for (size_t J = First; J <= Last; ++J) {
      Th |= T[J].isIdent("threadIdx");
      Bl |= T[J].isIdent("blockIdx");
    }
    return Th && Bl;
  }

  /// The index declared with type tokens [First, Last] must cover the
  /// element counts: an index of a type narrower than 32 bits (`bool`,
  /// `char`, `short`, `int8_t`, `uint16_t`, ...) wraps where the vectorized
  /// form's size_t index does not. Returns the reason, or "".
  static std::string narrowIndex(const TokenStream &T, size_t First, size_t Last) {
    for (size_t J = First; J <= Last && J < T.size(); ++J)
      if (T[J].isIdent() && llvm::StringSwitch<bool>(T[J].Text)
                                .Cases("bool", "char", "short", "int8_t", "uint8_t", true)
                                .Cases("int16_t", "uint16_t", "wchar_t", "char16_t", true)
                                .Default(false))
        return ("the index has the narrow type '" + T.text(First, Last) +
                "', which wraps where the vectorized size_t index would not")
            .str();
    return "";
  }

  /// `DECL NAME = INIT` in [First, Last]: returns the `=` token.
  static std::optional<size_t> declInit(const TokenStream &T, size_t First, size_t Last) {
    for (size_t J = First; J <= Last; ++J) {
      if (T[J].is(tok::equal)) {
        if (J < First + 2 || !T[J - 1].isIdent())
          return std::nullopt;
        for (size_t Q = First; Q + 1 < J; ++Q)
          if (!T[Q].isIdent() && !T[Q].is(tok::coloncolon))
            return std::nullopt;
        return J;
      }
    }
    return std::nullopt;
  }

  /// One statement `{ S }` or `S` starting at `I`; returns [first, last]
  /// of the inner statement and the last token of the whole.
  struct Stmt {
    size_t First, Last, End;
  };
  static std::optional<Stmt> singleStatement(const TokenStream &T, size_t I, size_t Limit) {
    if (I >= Limit)
      return std::nullopt;
    if (T[I].is(tok::l_brace)) {
      auto E = T.matchForward(I);
      if (!E || *E > Limit)
        return std::nullopt;
      auto In = singleStatement(T, I + 1, *E);
      if (!In || In->End + 1 != *E)
        return std::nullopt;
      return Stmt{In->First, In->Last, *E};
    }
    int Depth = 0;
    for (size_t J = I; J < Limit; ++J) {
      if (T[J].is(tok::l_paren) || T[J].is(tok::l_square) || T[J].is(tok::l_brace))
        ++Depth;
      else if (T[J].is(tok::r_paren) || T[J].is(tok::r_square) || T[J].is(tok::r_brace))
        --Depth;
      else if (T[J].is(tok::semi) && Depth == 0)
        return Stmt{I, J, J};
      if (Depth < 0)
        return std::nullopt;
    }
    return std::nullopt;
  }

  void refuse(FileContext &C, const Kernel &K, const llvm::Twine &Why) {
    C.report(id(), Severity::Note, C.Toks[K.NameTok].Offset,
             ("kernel '" + C.Toks[K.NameTok].Text + "' not vectorized: " + Why).str());
  }

  /// What an elementwise body `Y[I] = E;` reads; filled by checkBody.
  struct Elementwise {
    size_t Out;                 ///< token of the output array name
    size_t ExprFirst, ExprLast; ///< E
    std::vector<std::string> Inputs;
    struct Read {
      size_t First, Last; ///< `a [ i ]` or `__ldg ( & a [ i ] )`
      std::string Array;
    };
    std::vector<Read> Reads;
    std::string ElemType;
  };

  /// Device functions defined in the file: name -> [(`(` of the parameter
  /// list, `{`, `}`)], found on first use per file.
  std::map<std::string, std::vector<std::array<size_t, 3>>> Defs;
  const FileContext *DefsOf = nullptr;

  void collectDefs(const FileContext &C) {
    if (DefsOf == &C)
      return;
    DefsOf = &C;
    Defs.clear();
    const auto &T = C.Toks;
    for (size_t I = 1; I < T.size(); ++I) {
      if (!T[I].is(tok::l_brace) || T[I].InDirective || !T[I - 1].is(tok::r_paren))
        continue;
      auto LP = T.matchBackward(I - 1);
      if (!LP || *LP == 0 || !T[*LP - 1].isIdent())
        continue;
      bool Device = false;
      for (size_t J = *LP - 1; J-- > 0;) {
        if (T[J].InDirective || T[J].is(tok::semi) || T[J].is(tok::r_brace) ||
            T[J].is(tok::l_brace))
          break;
        Device |= T[J].isIdent("__device__");
      }
      auto RB = T.matchForward(I);
      if (Device && RB)
        Defs[T[*LP - 1].Text.str()].push_back({*LP, I, *RB});
    }
  }

  /// May E call `Name`? Functions of this file are followed (every
  /// definition of the name, and what they call): none may use a
  /// thread-dependent built-in, take a parameter by reference (the port
  /// passes a copy of the element) or call an unknown function. Known math,
  /// conversion and cast names are fine. Returns the reason, or "".
  std::string checkCallee(const FileContext &C, llvm::StringRef Name,
                          std::set<std::string> *Seen = nullptr) {
    collectDefs(C);
    std::set<std::string> Local;
    if (!Seen)
      Seen = &Local;
    if (!Seen->insert(Name.str()).second)
      return "";
    auto It = Defs.find(Name.str());
    if (It == Defs.end()) {
      if (isMathOrCastName(Name) || (Name.startswith("__") && !isThreadDependent(Name)) ||
          C.Maps.lookupName(Name))
        return "";
      return ("the expression calls '" + Name +
              "', which is not defined in this file (its body cannot be checked)")
          .str();
    }
    const auto &T = C.Toks;
    for (auto &D : It->second) {
      for (size_t J = D[0]; J < D[1]; ++J)
        if (T[J].is(tok::amp) || T[J].is(tok::ampamp))
          return ("the expression calls '" + Name +
                  "', which takes a parameter by reference (the vectorized form passes a "
                  "copy of the element)")
              .str();
      for (size_t J = D[1] + 1; J < D[2]; ++J) {
        if (!T[J].isIdent() || T[J - 1].is(tok::period) || T[J - 1].is(tok::arrow))
          continue;
        if (isThreadDependent(T[J].Text))
          return ("the expression calls '" + Name + "', which uses '" + T[J].Text +
                  "' (it depends on the thread or has effects)")
              .str();
        if (J + 1 < D[2] && T[J + 1].is(tok::l_paren) && !isControlWord(T[J])) {
          std::string Why = checkCallee(C, T[J].Text, Seen);
          if (!Why.empty())
            return Why;
        }
      }
    }
    return "";
  }

  /// Checks the statement [First, Last] (ending in `;`) against the
  /// elementwise shape with index `Idx`; returns the reason it fails, or ""
  /// with `W` filled.
  std::string checkBody(FileContext &C, const Kernel &K, llvm::StringRef Idx,
                        size_t First, size_t Last, Elementwise &W) {
    const auto &T = C.Toks;
    // Y [ Idx ] = E ;
    if (!(T[First].isIdent() && First + 4 < Last && T[First + 1].is(tok::l_square))) {
      return "the loop body is not one assignment 'y[i] = ...;'";
    }
    auto CloseSq = T.matchForward(First + 1);
    if (!CloseSq || *CloseSq + 1 >= Last)
      return "the loop body is not one assignment 'y[i] = ...;'";
    const Tok &Op = T[*CloseSq + 1];
    llvm::StringRef Y = T[First].Text;
    if (!(*CloseSq == First + 3 && T[First + 2].isIdent(Idx)))
      return ("the output is written at '" + T.text(First, *CloseSq) +
              "', not at the index (index not contiguous)")
          .str();
    if (!Op.is(tok::equal)) {
      if (Op.is(tok::plusequal) || Op.is(tok::minusequal) || Op.is(tok::starequal) ||
          Op.is(tok::slashequal))
        return ("in-place update '" + T.text(First, *CloseSq + 1) +
                "' (the output is also an input; vec_map_* take __restrict__ "
                "pointers)")
            .str();
      return "the loop body is not one assignment 'y[i] = ...;'";
    }
    W.Out = First;
    W.ExprFirst = *CloseSq + 2;
    W.ExprLast = Last - 1;
    if (W.ExprFirst > W.ExprLast)
      return "the loop body is not one assignment 'y[i] = ...;'";
    // The output.
    const Param *YP = param(K, Y);
    if (!YP || YP->Stars != 1)
      return ("the output '" + Y + "' is not a pointer parameter of the kernel").str();
    // The expression.
    std::vector<std::string> Reads;
    for (size_t J = W.ExprFirst; J <= W.ExprLast; ++J) {
      const Tok &Tk = T[J];
      if (Tk.is(tok::equal) || Tk.is(tok::plusplus) || Tk.is(tok::minusminus) ||
          Tk.is(tok::plusequal) || Tk.is(tok::minusequal) || Tk.is(tok::starequal) ||
          Tk.is(tok::slashequal))
        return "the expression has side effects";
      if (!Tk.isIdent())
        continue;
      if (J > W.ExprFirst && (T[J - 1].is(tok::period) || T[J - 1].is(tok::arrow)))
        continue; // a member name
      if (isThreadDependent(Tk.Text))
        return ("the expression uses '" + Tk.Text +
                "', which depends on the thread or has effects")
            .str();
      if (J + 1 <= W.ExprLast && T[J + 1].is(tok::l_paren) && !Tk.isIdent("__ldg")) {
        std::string Why = checkCallee(C, Tk.Text);
        if (!Why.empty())
          return Why;
      }
      if (Tk.Text == Idx)
        return ("the index '" + Idx +
                "' is used in the expression other than as a subscript 'a[" + Idx + "]'")
            .str();
      const Param *P = param(K, Tk.Text);
      bool Subscript = J + 1 <= W.ExprLast && T[J + 1].is(tok::l_square);
      if (Subscript) {
        auto CS = T.matchForward(J + 1);
        if (!CS || *CS > W.ExprLast)
          return "the expression could not be read";
        bool AtIdx = *CS == J + 3 && T[J + 2].isIdent(Idx);
        if (!AtIdx) {
          // Another subscript mentioning the index is a non-contiguous read.
          for (size_t Q = J + 2; Q < *CS; ++Q)
            if (T[Q].isIdent(Idx))
              return ("'" + T.text(J, *CS) +
                      "' is not read at the index (index not contiguous)")
                  .str();
          if (P && P->Stars > 0)
            return ("'" + T.text(J, *CS) + "' reads '" + Tk.Text +
                    "' other than at the index")
                .str();
          continue; // a local table indexed by a constant, e.g. c_coef[2]
        }
        if (!P || P->Stars != 1)
          return ("'" + Tk.Text + "[" + Idx + "]' reads an array that is not a pointer "
                  "parameter of the kernel")
              .str();
        if (Tk.Text == Y)
          return ("in-place: '" + Y + "' is both read and written (vec_map_* take "
                  "__restrict__ pointers)")
              .str();
        size_t RF = J, RL = *CS;
        if (J > W.ExprFirst && T[J - 1].is(tok::amp)) {
          // __ldg(&x[i]) is a read of x[i]; any other address is not.
          if (!(J >= W.ExprFirst + 3 && T[J - 3].isIdent("__ldg") &&
                T[J - 2].is(tok::l_paren) && *CS + 1 <= W.ExprLast &&
                T[*CS + 1].is(tok::r_paren) && !hasMappedName(C, J - 3, J - 3)))
            return ("the address of '" + T.text(J, *CS) +
                    "' is taken (only the element's value may be used)")
                .str();
          RF = J - 3;
          RL = *CS + 1;
        }
        Reads.push_back(Tk.Text.str());
        W.Reads.push_back({RF, RL, Tk.Text.str()});
        J = RL;
        continue;
      }
      if (P && P->Stars > 0)
        return ("pointer parameter '" + Tk.Text + "' is used other than as '" + Tk.Text +
                "[" + Idx + "]'")
            .str();
    }
    if (Reads.empty())
      return "the expression reads no input array (a fill; nothing to vectorize)";
    // Inputs in parameter order.
    for (const Param &P : K.Params)
      if (std::find(Reads.begin(), Reads.end(), P.Name) != Reads.end())
        W.Inputs.push_back(P.Name);
    // Types, restrict.
    auto TypeOf = [&](llvm::StringRef N) { return param(K, N)->Type; };
    std::string Ty = YP->Type;
    if (YP->Const)
      return ("the output '" + Y + "' is a pointer to const").str();
    for (const std::string &In : W.Inputs)
      if (TypeOf(In) != Ty)
        return ("element types differ ('" + Y + "' is " + Ty + ", '" + In + "' is " +
                TypeOf(In) + "); the 128-bit form needs one element type")
            .str();
    if (K.TemplateParams.count(Ty))
      return ("the element type '" + Ty +
              "' is a template parameter; only float, double, __half and "
              "__nv_bfloat16 arrays are vectorized");
    if (!isVectorizableType(Ty))
      return ("element type '" + Ty +
              "' is not one the porter vectorizes (float, double, __half, __nv_bfloat16)");
    if (YP->Volatile)
      return ("the output '" + Y + "' is volatile (each access must stay a scalar access)").str();
    for (const std::string &In : W.Inputs)
      if (param(K, In)->Volatile)
        return "the input '" + In + "' is volatile (each access must stay a scalar access)";
    if (!YP->Restrict)
      return ("'" + Y + "' is not __restrict__: the output may overlap an input").str();
    for (const std::string &In : W.Inputs)
      if (!param(K, In)->Restrict)
        return "'" + In + "' is not __restrict__: it may overlap the output";
    W.ElemType = Ty;
    return "";
  }

  /// Is [First, Last] `Idx < N` with N an integer expression of the
  /// kernel's parameters? Sets Count to the element count text.
  bool boundCount(const FileContext &C, const Kernel &K, llvm::StringRef Idx, size_t First,
                  size_t Last, std::string &Count, bool AnyComparison = false) {
    const auto &T = C.Toks;
    if (Last < First + 2 || !T[First].isIdent(Idx) ||
        !(T[First + 1].is(tok::less) || AnyComparison))
      return false;
    size_t NF = First + 2;
    bool Unsigned = true, AnyName = false;
    for (size_t J = NF; J <= Last; ++J) {
      const Tok &K2 = T[J];
      if (K2.isIdent()) {
        const Param *P = param(K, K2.Text);
        if (!P || !P->Integer)
          return false;
        Unsigned &= P->Unsigned;
        AnyName = true;
      } else if (K2.is(tok::numeric_constant)) {
        if (K2.Text.find_first_of(".eExXpP") != llvm::StringRef::npos &&
            !K2.Text.startswith("0x") && !K2.Text.startswith("0X"))
          return false; // a floating-point literal
      } else if (!(K2.is(tok::plus) || K2.is(tok::minus) || K2.is(tok::star) ||
                   K2.is(tok::l_paren) || K2.is(tok::r_paren))) {
        return false;
      }
    }
    std::string N = T.text(NF, Last).str();
    // A signed bound below zero runs no iteration in the original.
    Count = Unsigned && AnyName ? "(size_t)(" + N + ")"
                     : "(" + N + ") > 0 ? (size_t)(" + N + ") : (size_t)0";
    return true;
  }

  void kernel(FileContext &C, size_t G) {
    const auto &T = C.Toks;
    auto KOpt = parseKernel(C, G);
    if (!KOpt)
      return;
    Kernel &K = *KOpt;
    size_t B = K.BodyOpen + 1, E = K.BodyClose; // body tokens [B, E)
    if (B >= E)
      return;
    if (T[B].isIdent("for") && B + 1 < E && T[B + 1].is(tok::l_paren))
      gridStrideKernel(C, K, B);
    else
      singleIndexKernel(C, K, B);
  }

  /// Replaces tokens [First, W.ExprFirst - 1] by `Prefix` + `[=](T a_i, ...)
  /// { return`, the reads in E by the lambda's parameters, and tokens
  /// [Last, End] (the `;` after E and what follows up to End) by `; }, a,
  /// ...);` — the common shape of the vec_map_* calls the rule emits.
  void emitMap(FileContext &C, const Elementwise &W, const std::string &Ty,
               std::map<std::string, std::string> &ArgName, size_t First, size_t Last,
               size_t End, const std::string &Prefix) {
    const auto &T = C.Toks;
    std::string Head = Prefix + "[=](";
    for (size_t N = 0; N < W.Inputs.size(); ++N)
      Head += (N ? ", " : "") + Ty + " " + ArgName[W.Inputs[N]];
    Head += ") { return";
    if (T[W.ExprFirst].Offset == T[W.ExprFirst - 1].end())
      Head += " ";
    std::string Tail = "; }";
    for (const std::string &In : W.Inputs)
      Tail += ", " + In;
    Tail += ");";
    C.replaceTokens(id(), First, W.ExprFirst - 1, Head);
    for (auto &R : W.Reads)
      C.replaceTokens(id(), R.First, R.Last, ArgName[R.Array]);
    C.replaceTokens(id(), Last, End, Tail);
  }

  void gridStrideKernel(FileContext &C, const Kernel &K, size_t For) {
    const auto &T = C.Toks;
    auto Header = T.matchForward(For + 1);
    if (!Header)
      return;
    // Split the header at the two top-level `;`.
    std::vector<size_t> Semis;
    int Depth = 0;
    for (size_t J = For + 2; J < *Header; ++J) {
      if (T[J].is(tok::l_paren) || T[J].is(tok::l_square))
        ++Depth;
      else if (T[J].is(tok::r_paren) || T[J].is(tok::r_square))
        --Depth;
      else if (T[J].is(tok::semi) && Depth == 0)
        Semis.push_back(J);
    }
    if (Semis.size() != 2)
      return;
    auto Eq = declInit(T, For + 2, Semis[0] - 1);
    if (!Eq || !mentionsThreadIndex(T, *Eq + 1, Semis[0] - 1))
      return; // not a candidate
    llvm::StringRef Idx = T[*Eq - 1].Text;
    if (auto Why = narrowIndex(T, For + 2, *Eq - 2); !Why.empty())
      return refuse(C, K, Why);
    if (!isGlobalIndex(T, *Eq + 1, Semis[0] - 1))
      return refuse(C, K, "the loop index is not 'blockIdx.x * blockDim.x + threadIdx.x' "
                          "(index not contiguous)");
    std::string Count;
    if (!boundCount(C, K, Idx, Semis[0] + 1, Semis[1] - 1, Count))
      return refuse(C, K, ("the loop condition is not '" + Idx +
                           " < n' with n an integer parameter")
                              .str());
    size_t Inc = Semis[1] + 1;
    if (!(Inc + 2 < *Header && T[Inc].isIdent(Idx) && T[Inc + 1].is(tok::plusequal) &&
          isGridStride(T, Inc + 2, *Header - 1)))
      return refuse(C, K, ("the loop step is not '" + Idx +
                           " += blockDim.x * gridDim.x' (not a grid-stride loop)")
                              .str());
    auto Body = singleStatement(T, *Header + 1, K.BodyClose);
    if (!Body)
      return refuse(C, K, "the loop body is not one assignment 'y[i] = ...;'");
    if (Body->End + 1 != K.BodyClose)
      return refuse(C, K, "the kernel body has statements besides the loop");
    Elementwise W;
    std::string Why = checkBody(C, K, Idx, Body->First, Body->Last, W);
    if (!Why.empty())
      return refuse(C, K, Why);
    if (hasMappedName(C, For, *Header) || hasMappedName(C, Body->First, W.ExprFirst - 1))
      return refuse(C, K, "the loop header holds CUDA names that are renamed");
    for (size_t J = For; J <= Body->End; ++J)
      if (T[J].InDirective)
        return refuse(C, K, "a preprocessor directive inside the loop");

    // Lambda parameter names: <array>_i, unless taken.
    llvm::StringSet<> Taken;
    for (size_t J = K.BodyOpen; J <= K.BodyClose; ++J)
      if (T[J].isIdent())
        Taken.insert(T[J].Text);
    for (const Param &P : K.Params)
      Taken.insert(P.Name);
    std::map<std::string, std::string> ArgName;
    for (const std::string &In : W.Inputs) {
      std::string N = In + "_i";
      while (Taken.count(N))
        N += "_";
      Taken.insert(N);
      ArgName[In] = N;
    }
    std::string Ty = W.ElemType;
    if (const MapEntry *ME = C.Maps.lookupName(Ty))
      if (ME->status() != MapStatus::Unsupported)
        Ty = ME->Hip;
    std::string Ind = lineIndent(C.Buffer, T[For].Offset) + "    ";
    emitMap(C, W, Ty, ArgName, For, Body->Last, Body->End,
            "cu2hip::vec_map_grid_stride(\n" + Ind + Count +
                ", (size_t)blockIdx.x * blockDim.x + threadIdx.x,\n" + Ind +
                "(size_t)blockDim.x * gridDim.x, " + T[W.Out].Text.str() + ",\n" + Ind);
    C.requestHeader("cu2hip/packed.h");
  }

  void singleIndexKernel(FileContext &C, const Kernel &K, size_t B) {
    const auto &T = C.Toks;
    // DECL i = TID ; if ( i < n ) S   |   if ( i >= n ) return ; S
    size_t Semi = B;
    while (Semi < K.BodyClose && !T[Semi].is(tok::semi) && !T[Semi].is(tok::l_brace))
      ++Semi;
    if (Semi >= K.BodyClose || !T[Semi].is(tok::semi))
      return;
    auto Eq = declInit(T, B, Semi - 1);
    if (!Eq || !mentionsThreadIndex(T, *Eq + 1, Semi - 1))
      return;
    llvm::StringRef Idx = T[*Eq - 1].Text;
    size_t If = Semi + 1;
    if (If + 1 < K.BodyClose && T[If].isIdent("if"))
      if (auto Why = narrowIndex(T, B, *Eq - 2); !Why.empty())
        return refuse(C, K, Why);
    if (!(If + 1 < K.BodyClose && T[If].isIdent("if") && T[If + 1].is(tok::l_paren)))
      return; // not a candidate
    auto CondClose = T.matchForward(If + 1);
    if (!CondClose)
      return;
    // `if (i >= n) return;` guards the rest of the kernel.
    bool EarlyReturn = *CondClose + 2 < K.BodyClose && T[*CondClose + 1].isIdent("return") &&
                       T[*CondClose + 2].is(tok::semi);
    size_t BodyStart = EarlyReturn ? *CondClose + 3 : *CondClose + 1;
    // Only a guarded single store `a[...] op ...;` ending the kernel makes it
    // an elementwise candidate; other kernels starting with an index are
    // not noted.
    auto Body = singleStatement(T, BodyStart, K.BodyClose);
    if (!Body || Body->End + 1 != K.BodyClose || !T[Body->First].isIdent() ||
        Body->First + 1 > Body->Last || !T[Body->First + 1].is(tok::l_square))
      return;
    if (!isGlobalIndex(T, *Eq + 1, Semi - 1))
      return refuse(C, K, "the index is not 'blockIdx.x * blockDim.x + threadIdx.x' "
                          "(index not contiguous)");
    std::string Count;
    bool BoundOk;
    if (EarlyReturn)
      BoundOk = If + 3 < *CondClose && T[If + 2].isIdent(Idx) &&
                T[If + 3].is(tok::greaterequal) &&
                boundCount(C, K, Idx, If + 2, *CondClose - 1, Count, /*AnyComparison=*/true);
    else
      BoundOk = boundCount(C, K, Idx, If + 2, *CondClose - 1, Count);
    if (!BoundOk)
      return refuse(C, K, ("the bounds check is not 'if (" + Idx + " < n)' or 'if (" + Idx +
                           " >= n) return;' with n an integer parameter")
                              .str());
    Elementwise W;
    std::string Why = checkBody(C, K, Idx, Body->First, Body->Last, W);
    if (!Why.empty())
      return refuse(C, K, Why);
    std::string Bound;
    size_t BoundParam = 0;
    if (!singleParamBound(K, T, If, *CondClose, Bound, BoundParam))
      return refuseSingle(C, K,
                          "the bound '" + Bound +
                              "' is not a single parameter, so a launch's element "
                              "count cannot be matched to it");
    if (hasMappedName(C, B, Semi) || hasMappedName(C, If, W.ExprFirst - 1))
      return refuse(C, K, "the index or the bounds check holds CUDA names that are renamed");
    for (size_t J = B; J <= Body->End; ++J)
      if (T[J].InDirective)
        return refuse(C, K, "a preprocessor directive inside the kernel body");
    if (C.IsHeader)
      return refuseSingle(C, K,
                          "the kernel is in a header, so its launches in other "
                          "files are not visible");

    std::string Ty = W.ElemType;
    if (const MapEntry *ME = C.Maps.lookupName(Ty))
      if (ME->status() != MapStatus::Unsupported)
        Ty = ME->Hip;
    // The pointer parameters vec_split sees, in the kernel's order: y, inputs.
    std::vector<size_t> PtrParams{paramIndex(K, T[W.Out].Text)};
    for (const std::string &In : W.Inputs)
      PtrParams.push_back(paramIndex(K, In));
    std::vector<LaunchEdit> Launches;
    std::string Why2 = checkUses(C, K, BoundParam, PtrParams, Launches);
    if (!Why2.empty())
      return refuseSingle(C, K, Why2);

    // The kernel: the index as size_t, the guarded store as vec_map_at.
    llvm::StringSet<> Taken;
    for (size_t J = K.BodyOpen; J <= K.BodyClose; ++J)
      if (T[J].isIdent())
        Taken.insert(T[J].Text);
    for (const Param &P : K.Params)
      Taken.insert(P.Name);
    std::string Tid = "cu2hip_t";
    while (Taken.count(Tid))
      Tid += "_";
    Taken.insert(Tid);
    std::map<std::string, std::string> ArgName;
    for (const std::string &In : W.Inputs) {
      std::string N = In + "_i";
      while (Taken.count(N))
        N += "_";
      Taken.insert(N);
      ArgName[In] = N;
    }
    C.replaceTokens(id(), B, Semi,
                    "size_t " + Tid + " = (size_t)blockIdx.x * blockDim.x + threadIdx.x;");
    emitMap(C, W, Ty, ArgName, If, Body->Last, Body->End,
            "cu2hip::vec_map_at(" + Tid + ", " + Count + ", " + T[W.Out].Text.str() + ", ");
    // The launches: grid ceil(N / B) becomes ceil(vec_map_at_threads(N, ptrs) / B).
    // Insertions only, so the names and launch-ggl rules may still edit the
    // launch (launch-ggl wraps the grid in dim3(...) around these).
    for (const LaunchEdit &L : Launches) {
      C.insert(id(), L.NFirst, "cu2hip::vec_map_at_threads<" + Ty + ">(");
      C.insert(id(), L.NLast, L.PtrArgs + ")", /*After=*/true);
    }
    C.requestHeader("cu2hip/packed.h");
  }

  // ---- single-index form: the launches ----------------------------------------

  /// Where a launch's grid gets `vec_map_at_threads<T>(` ... `, ptrs)` around
  /// its element count.
  struct LaunchEdit {
    size_t NFirst, NLast;
    std::string PtrArgs; ///< ", y, x" as the launch passes them
  };

  void refuseSingle(FileContext &C, const Kernel &K, const llvm::Twine &Why) {
    refuse(C, K,
           "single-index form (one element per thread): emitted only when every use "
           "of the kernel is a launch whose grid the porter rewrites "
           "(cu2hip::vec_map_at_threads), but " +
               Why + "; left scalar");
  }

  static size_t paramIndex(const Kernel &K, llvm::StringRef Name) {
    for (size_t P = 0; P < K.Params.size(); ++P)
      if (K.Params[P].Name == Name)
        return P;
    return K.Params.size();
  }

  /// The bounds check `if (i < n)` / `if (i >= n)` in tokens (If, CondClose):
  /// true when `n` is one integer parameter (sets its index); `Bound` gets
  /// the bound's text either way.
  bool singleParamBound(const Kernel &K, const TokenStream &T, size_t If, size_t CondClose,
                        std::string &Bound, size_t &Index) {
    size_t F = If + 4, L = CondClose - 1; // `if ( i < n )`
    Bound = T.text(F, L).str();
    stripParens(T, F, L);
    if (F != L || !T[F].isIdent())
      return false;
    Index = paramIndex(K, T[F].Text);
    return Index < K.Params.size() && K.Params[Index].Integer;
  }

  /// [First, Last] without parentheses around all of it.
  static void stripParens(const TokenStream &T, size_t &First, size_t &Last) {
    while (First < Last && T[First].is(tok::l_paren) && T.matchForward(First) == Last) {
      ++First;
      --Last;
    }
  }

  /// ... and without a one-argument `dim3(...)` or an integer cast
  /// (`(unsigned)(...)`, `static_cast<int>(...)`) around it: they leave a
  /// one-dimensional grid's block count as it is.
  static void stripWrappers(const TokenStream &T, size_t &First, size_t &Last) {
    while (true) {
      stripParens(T, First, Last);
      if (First + 2 < Last && T[First].isIdent("dim3") && T[First + 1].is(tok::l_paren) &&
          T.matchForward(First + 1) == Last) {
        auto A = T.parseArgs(First + 1);
        if (!A || A->Args.size() != 1 || A->Args[0].First > A->Args[0].Last)
          return;
        First = A->Args[0].First;
        Last = A->Args[0].Last;
        continue;
      }
      // static_cast<int>( X )  or  (unsigned int)( X )
      size_t TypeAt = 0;
      tok::TokenKind Close = tok::greater;
      if (First + 4 < Last && T[First].isIdent("static_cast") && T[First + 1].is(tok::less))
        TypeAt = First + 2;
      else if (T[First].is(tok::l_paren))
        TypeAt = First + 1, Close = tok::r_paren;
      if (TypeAt) {
        size_t G = TypeAt;
        while (G < Last && ((T[G].isIdent() && isIntegerTypeWord(T[G].Text)) ||
                            T[G].is(tok::coloncolon)))
          ++G;
        if (G == TypeAt || G + 1 >= Last || !T[G].is(Close) || !T[G + 1].is(tok::l_paren) ||
            T.matchForward(G + 1) != Last)
          return;
        First = G + 2;
        Last = Last - 1;
        continue;
      }
      return;
    }
  }

  /// Spelling of [First, Last] for textual comparison: no spaces (one
  /// between two words), no parentheses around one token or around all.
  static std::string canon(const TokenStream &T, size_t First, size_t Last) {
    if (First > Last)
      return "";
    stripParens(T, First, Last);
    std::string R;
    bool PrevWord = false;
    for (size_t J = First; J <= Last; ++J) {
      if (T[J].is(tok::l_paren) && J + 2 <= Last && T[J + 2].is(tok::r_paren) &&
          (T[J + 1].isIdent() || T[J + 1].is(tok::numeric_constant))) {
        // `(n)` is `n`; a cast `(size_t)n` becomes "size_t n", never "n".
        if (PrevWord)
          R += ' ';
        R += T[J + 1].Text.str();
        PrevWord = true;
        J += 2;
        continue;
      }
      bool Word = T[J].isIdent() || T[J].is(tok::numeric_constant);
      if (Word && PrevWord)
        R += ' ';
      R += T[J].Text.str();
      PrevWord = Word;
    }
    return R;
  }

  /// Value of an integer literal (suffixes and digit separators allowed).
  static std::optional<int64_t> literalValue(const Tok &K) {
    if (!K.is(tok::numeric_constant))
      return std::nullopt;
    std::string S;
    for (char Ch : K.Text)
      if (Ch != '\'')
        S += Ch;
    llvm::StringRef R(S);
    bool Hex = R.startswith_insensitive("0x");
    while (!R.empty() && (R.back() == 'u' || R.back() == 'U' || R.back() == 'l' ||
                          R.back() == 'L' || (!Hex && (R.back() == 'z' || R.back() == 'Z'))))
      R = R.drop_back();
    int64_t V;
    if (R.getAsInteger(0, V))
      return std::nullopt;
    return V;
  }

  /// One term of a sum: [First, Last], added or subtracted.
  struct Term {
    bool Neg;
    size_t First, Last;
  };

  /// Splits the sum [First, Last] into its terms at top-level `+`/`-`,
  /// parenthesised sums included (`n + (b - 1)` is n, b, -1). False when the
  /// range is not a plain sum of products: a leading sign, or a top-level
  /// operator binding weaker than `+` (shift, comparison, bitwise, `?:`).
  static bool sumTerms(const TokenStream &T, size_t First, size_t Last, bool Neg,
                       std::vector<Term> &Out) {
    stripParens(T, First, Last);
    if (First > Last)
      return false;
    std::vector<Term> Local;
    size_t Start = First;
    bool SNeg = Neg;
    for (size_t J = First; J <= Last; ++J) {
      const Tok &K = T[J];
      if (K.is(tok::l_paren) || K.is(tok::l_square)) {
        auto C = T.matchForward(J);
        if (!C || *C > Last)
          return false;
        J = *C;
        continue;
      }
      if (K.is(tok::plus) || K.is(tok::minus)) {
        if (J == Start)
          return false; // a sign, not an addition
        const Tok &P = T[J - 1];
        if (!(P.isIdent() || P.is(tok::numeric_constant) || P.is(tok::r_paren) ||
              P.is(tok::r_square)))
          return false;
        Local.push_back({SNeg, Start, J - 1});
        Start = J + 1;
        SNeg = K.is(tok::minus) ? !Neg : Neg;
        continue;
      }
      switch (K.Kind) {
      case tok::raw_identifier:
      case tok::numeric_constant:
      case tok::period:
      case tok::arrow:
      case tok::coloncolon:
      case tok::star:
      case tok::slash:
      case tok::percent:
        continue;
      default:
        return false;
      }
    }
    if (Start > Last)
      return false;
    Local.push_back({SNeg, Start, Last});
    if (Local.size() == 1) {
      Out.push_back(Local[0]);
      return true;
    }
    for (const Term &Tm : Local)
      if (!sumTerms(T, Tm.First, Tm.Last, Tm.Neg, Out))
        return false;
    return true;
  }

  static bool balanced(const TokenStream &T, size_t First, size_t Last) {
    int Depth = 0;
    for (size_t J = First; J <= Last; ++J) {
      if (T[J].is(tok::l_paren) || T[J].is(tok::l_square))
        ++Depth;
      else if ((T[J].is(tok::r_paren) || T[J].is(tok::r_square)) && --Depth < 0)
        return false;
    }
    return Depth == 0;
  }

  /// Names read as a ceiling division `HELPER(N, B)` (docs/vectorize.md).
  static bool isCeilDivHelper(llvm::StringRef S) {
    return llvm::StringSwitch<bool>(S)
        .Cases("CEIL_DIV", "ceil_div", "CEILDIV", "ceildiv", "cdiv", true)
        .Cases("DIV_UP", "div_up", "DIVUP", "divup", "divUp", true)
        .Cases("ceilDiv", "CeilDiv", "iDivUp", "DIV_ROUND_UP", true)
        .Default(false);
  }

  /// Is the grid [GF, GL] a ceiling division of `N` (canonical text) by
  /// `Bc` (the block size: a literal, value BVal, or a name)? Returns the
  /// tokens of N in the grid.
  static std::optional<std::pair<size_t, size_t>> ceilDivCount(const TokenStream &T, size_t GF,
                                                               size_t GL, const std::string &N,
                                                               const std::string &Bc,
                                                               std::optional<int64_t> BVal) {
    stripWrappers(T, GF, GL);
    if (GF >= GL)
      return std::nullopt;
    // HELPER(N, B)
    if (T[GF].isIdent() && isCeilDivHelper(T[GF].Text) && T[GF + 1].is(tok::l_paren) &&
        T.matchForward(GF + 1) == GL) {
      auto A = T.parseArgs(GF + 1);
      if (!A || A->Args.size() != 2 || A->Args[0].First > A->Args[0].Last ||
          A->Args[1].First > A->Args[1].Last)
        return std::nullopt;
      if (canon(T, A->Args[0].First, A->Args[0].Last) != N ||
          canon(T, A->Args[1].First, A->Args[1].Last) != Bc)
        return std::nullopt;
      return std::make_pair(A->Args[0].First, A->Args[0].Last);
    }
    // ( SUM ) / B
    if (!T[GF].is(tok::l_paren))
      return std::nullopt;
    auto P = T.matchForward(GF);
    if (!P || *P + 2 > GL || !T[*P + 1].is(tok::slash) || canon(T, *P + 2, GL) != Bc)
      return std::nullopt;
    std::vector<Term> Ts;
    if (!sumTerms(T, GF + 1, *P - 1, false, Ts) || Ts.size() < 2)
      return std::nullopt;
    // The terms other than N must add up to B - 1.
    auto RestIsBMinus1 = [&](size_t From, size_t To) {
      int64_t Sum = 0;
      int BTerms = 0;
      for (size_t Q = From; Q < To; ++Q) {
        const Term &Tm = Ts[Q];
        std::string S = canon(T, Tm.First, Tm.Last);
        size_t F = Tm.First, L = Tm.Last;
        stripParens(T, F, L);
        std::optional<int64_t> V = F == L ? literalValue(T[F]) : std::nullopt;
        if (!BVal && S == Bc && !Tm.Neg)
          ++BTerms;
        else if (V)
          Sum += Tm.Neg ? -*V : *V;
        else
          return false;
      }
      return BVal ? Sum == *BVal - 1 : BTerms == 1 && Sum == -1;
    };
    auto RunText = [&](size_t From, size_t To) {
      std::string R;
      for (size_t Q = From; Q < To; ++Q) {
        if (Q > From || Ts[Q].Neg)
          R += Ts[Q].Neg ? "-" : "+";
        R += canon(T, Ts[Q].First, Ts[Q].Last);
      }
      return R;
    };
    size_t M = Ts.size();
    for (size_t K = 1; K < M; ++K) {
      // N first, then B - 1; or B - 1 first, then N.
      for (auto [From, To] : {std::make_pair(size_t(0), K), std::make_pair(M - K, M)}) {
        bool NFirst = From == 0;
        if (RunText(From, To) == N && balanced(T, Ts[From].First, Ts[To - 1].Last) &&
            (NFirst ? RestIsBMinus1(To, M) : RestIsBMinus1(0, From)))
          return std::make_pair(Ts[From].First, Ts[To - 1].Last);
      }
    }
    return std::nullopt;
  }

  /// Enclosing namespaces of token I, outermost first ("" for an anonymous one).
  static std::vector<std::string> namespacesOf(const TokenStream &T, size_t I) {
    std::vector<std::string> R;
    std::optional<size_t> B = enclosingBrace(T, I);
    for (; B; B = enclosingBrace(T, *B)) {
      size_t Q = *B;
      if (Q >= 1 && T[Q - 1].isIdent("namespace")) {
        R.insert(R.begin(), "");
        continue;
      }
      std::vector<std::string> Names;
      while (Q >= 2 && T[Q - 1].isIdent()) {
        Names.insert(Names.begin(), T[Q - 1].Text.str());
        if (T[Q - 2].is(tok::coloncolon))
          Q -= 2;
        else
          break;
      }
      if (!Names.empty() && Q >= 2 && T[Q - 2].isIdent("namespace"))
        R.insert(R.begin(), Names.begin(), Names.end());
      // `extern "C" {` and other blocks add no name.
    }
    return R;
  }

  /// `F:L` of token I.
  static std::string where(FileContext &C, size_t I) {
    return C.Path + ":" + std::to_string(C.lineColOf(C.Toks[I].Offset).first);
  }

  /// Checks every use of the kernel's name in the file; returns why the
  /// single-index form cannot be emitted, or "" with the launch edits.
  std::string checkUses(FileContext &C, const Kernel &K, size_t BoundParam,
                        const std::vector<size_t> &PtrParams, std::vector<LaunchEdit> &Out) {
    const auto &T = C.Toks;
    llvm::StringRef Name = T[K.NameTok].Text;
    std::vector<std::string> NS = namespacesOf(T, K.NameTok);
    size_t NLaunches = 0;
    for (size_t J = 0; J < T.size(); ++J) {
      if (J == K.NameTok || !T[J].isIdent(Name))
        continue;
      if (J > 0 && (T[J - 1].is(tok::period) || T[J - 1].is(tok::arrow)))
        continue; // a member of that name
      if (J >= K.BodyOpen && J <= K.BodyClose)
        return ("'" + Name + "' is used inside the kernel at " + where(C, J)).str();
      // Another declaration: a forward declaration is fine, a definition is
      // another kernel of that name.
      if (auto D = kernelDeclaration(T, J)) {
        if (*D)
          continue;
        return ("another kernel named '" + Name + "' is defined at " + where(C, J)).str();
      }
      // Qualification must name the kernel's own namespaces.
      size_t Q = J;
      std::vector<std::string> Qual;
      bool Global = false;
      while (Q >= 1 && T[Q - 1].is(tok::coloncolon)) {
        if (Q >= 2 && T[Q - 2].isIdent()) {
          Qual.insert(Qual.begin(), T[Q - 2].Text.str());
          Q -= 2;
        } else {
          Global = true;
          --Q;
          break;
        }
      }
      if (!Qual.empty() || Global) {
        bool Ok = Qual.size() <= NS.size() &&
                  std::equal(Qual.begin(), Qual.end(), NS.end() - Qual.size()) &&
                  (!Global || Qual.size() == NS.size());
        if (!Ok)
          return ("the launch or use at " + where(C, J) + " names '" + T.text(Q, J) +
                  "', which may be another kernel")
              .str();
      }
      // `k<<<grid, block...>>>(args)` or `hipLaunchKernelGGL(k, grid, block, smem, stream, args)`.
      std::optional<ArgList::Arg> Grid, Block;
      std::vector<ArgList::Arg> Args;
      if (J + 1 < T.size() && T[J + 1].is(tok::lesslessless)) {
        auto Config = T.parseList(J + 1);
        if (!Config || Config->Args.size() < 2 || Config->Args.size() > 4 ||
            Config->RParen + 1 >= T.size())
          return ("the launch at " + where(C, J) + " is not recognised");
        auto A = T.parseArgs(Config->RParen + 1);
        if (!A)
          return ("the launch at " + where(C, J) + " is not recognised");
        joinTemplateArgs(T, *A);
        Grid = Config->Args[0];
        Block = Config->Args[1];
        Args = A->Args;
      } else if (J >= 2 && T[J - 1].is(tok::l_paren) && T[J - 2].isIdent("hipLaunchKernelGGL") &&
                 Q == J && J + 1 < T.size() && T[J + 1].is(tok::comma)) {
        auto A = T.parseArgs(J - 1);
        if (!A || A->Args.size() < 5)
          return ("the launch at " + where(C, J) + " is not recognised");
        joinTemplateArgs(T, *A);
        Grid = A->Args[1];
        Block = A->Args[2];
        Args.assign(A->Args.begin() + 5, A->Args.end());
      } else {
        return ("'" + Name + "' is used at " + where(C, J) + " other than in a launch (" +
                useKind(T, J) + ")")
            .str();
      }
      if (T[J].InDirective)
        return ("the launch at " + where(C, J) + " is in a macro body");
      if (Args.size() == 1 && Args[0].First > Args[0].Last)
        Args.clear();
      if (Args.size() != K.Params.size())
        return ("the launch at " + where(C, J) + " passes " + std::to_string(Args.size()) +
                " arguments for " + std::to_string(K.Params.size()) + " parameters");
      // The block size: a literal or a name.
      size_t BF = Block->First, BL = Block->Last;
      stripWrappers(T, BF, BL);
      bool BlockOk = BF <= BL && (BL - BF) % 2 == 0;
      if (BlockOk && BF == BL && T[BF].is(tok::numeric_constant))
        BlockOk = literalValue(T[BF]).has_value();
      else
        for (size_t X = BF; BlockOk && X <= BL; ++X) // name or a::b::name
          BlockOk = (X - BF) % 2 == 0 ? T[X].isIdent() : T[X].is(tok::coloncolon);
      if (!BlockOk)
        return ("the launch at " + where(C, J) + " has block size '" +
                T.text(Block->First, Block->Last) + "', not a literal or a name")
            .str();
      std::string Bc = canon(T, BF, BL);
      std::optional<int64_t> BVal = BF == BL ? literalValue(T[BF]) : std::nullopt;
      const ArgList::Arg &NA = Args[BoundParam];
      if (NA.First > NA.Last)
        return ("the launch at " + where(C, J) + " is not recognised");
      std::string N = canon(T, NA.First, NA.Last);
      auto NR = ceilDivCount(T, Grid->First, Grid->Last, N, Bc, BVal);
      if (!NR) {
        size_t GF = Grid->First, GL = Grid->Last;
        stripParens(T, GF, GL);
        bool Variable = GF <= GL; // a name, `a.b`, `p->b` or `ns::b`
        for (size_t X = GF; Variable && X <= GL; ++X)
          Variable = (X - GF) % 2 == 0
                         ? T[X].isIdent()
                         : T[X].is(tok::period) || T[X].is(tok::arrow) || T[X].is(tok::coloncolon);
        std::string G = T.text(Grid->First, Grid->Last).str();
        if (Variable)
          return ("the launch at " + where(C, J) + " takes its grid from '" + G +
                  "', not from a ceiling division written at the launch");
        return ("the launch at " + where(C, J) + " has grid '" + G +
                "', not a ceiling division of '" + T.text(NA.First, NA.Last) +
                "' (the argument for '" + K.Params[BoundParam].Name + "') by the block size '" +
                T.text(Block->First, Block->Last) + "'")
            .str();
      }
      LaunchEdit E{NR->first, NR->second, ""};
      for (size_t P : PtrParams) {
        const ArgList::Arg &PA = Args[P];
        if (!isPureOperand(T, PA.First, PA.Last) || !isPlainPointerExpr(T, PA.First, PA.Last))
          return ("the launch at " + where(C, J) + " passes '" + T.text(PA.First, PA.Last) +
                  "' for '" + K.Params[P].Name +
                  "', which has calls, subscripts, casts or side effects (the rewritten launch "
                  "evaluates it twice, and a user type's operator may run again)")
              .str();
        E.PtrArgs += ", " + spellRenamed(C, PA.First, PA.Last);
      }
      Out.push_back(E);
      ++NLaunches;
    }
    if (NLaunches == 0)
      return ("there is no launch of '" + Name +
              "' in this file (launches in other files are not visible)")
          .str();
    return "";
  }

  /// Is the name at J declared as a kernel (`__global__ ... name(...)`)?
  /// nullopt: no; true: a declaration ending in `;`; false: a definition.
  static std::optional<bool> kernelDeclaration(const TokenStream &T, size_t J) {
    if (J + 1 >= T.size() || !T[J + 1].is(tok::l_paren))
      return std::nullopt;
    bool Global = false;
    for (size_t Q = J; Q-- > 0;) {
      if (T[Q].is(tok::semi) || T[Q].is(tok::l_brace) || T[Q].is(tok::r_brace) ||
          T[Q].InDirective != T[J].InDirective)
        break;
      if (T[Q].isIdent("__global__")) {
        Global = true;
        break;
      }
    }
    if (!Global)
      return std::nullopt;
    auto Close = T.matchForward(J + 1);
    if (!Close)
      return std::nullopt;
    for (size_t Q = *Close + 1; Q < T.size(); ++Q) {
      if (T[Q].is(tok::semi))
        return true;
      if (T[Q].is(tok::l_brace))
        return false;
    }
    return std::nullopt;
  }

  /// How a use that is not a launch uses the name (for the note).
  static std::string useKind(const TokenStream &T, size_t J) {
    if (J + 1 < T.size() && T[J + 1].is(tok::less))
      return "with template arguments";
    size_t Q = J;
    while (Q >= 2 && T[Q - 1].is(tok::coloncolon) && T[Q - 2].isIdent())
      Q -= 2;
    if (Q >= 1 && T[Q - 1].is(tok::amp))
      return "its address is taken";
    // Inside a call's arguments?
    int Depth = 0;
    for (size_t P = Q; P-- > 0;) {
      if (T[P].is(tok::r_paren))
        ++Depth;
      else if (T[P].is(tok::l_paren)) {
        if (Depth == 0) {
          if (P >= 1 && T[P - 1].isIdent())
            return ("passed to '" + T[P - 1].Text + "'").str();
          continue; // a cast or grouping: look further out
        }
        --Depth;
      } else if (T[P].is(tok::semi) || T[P].is(tok::l_brace) || T[P].is(tok::r_brace))
        break;
    }
    return "not a <<<>>> launch";
  }
};

} // namespace

std::unique_ptr<Rule> createVectorizeRule() { return std::make_unique<VectorizeRule>(); }

} // namespace cu2hip
