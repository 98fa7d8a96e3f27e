//===- VectorizeCastsRule.cpp - rule "vectorize", token part (--vectorize) -===//
//
// The context-free half of --vectorize (docs/vectorize.md); the kernel
// rewrites are an AST rule (VectorizeAstRule.cpp).
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
//    outside function bodies get a note instead. This is token work: it
//    applies the same way in macro bodies and inactive branches.
//
// 2. A file with kernels that was not parsed (no CUDA SDK, --no-semantic,
//    a header ported without a translation unit that includes it, a file
//    already in HIP) gets one note: the kernel rewrites need the parse.
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

/// The ids of rule vectorize, shared by its AST part (VectorizeAstRule.cpp)
/// and this token part.
llvm::ArrayRef<RuleIdInfo> vectorizeIds() {
  static const RuleIdInfo Ids[] = {
      {"vectorize", IdKind::Edit,
       "128-bit loads/stores for provable elementwise kernels (--vectorize)"},
  };
  return Ids;
}
namespace {

// ---------------------------------------------------------------------------
// Small token helpers
// ---------------------------------------------------------------------------

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
// The rule
// ---------------------------------------------------------------------------

class VectorizeCastsRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override { return vectorizeIds(); }
  bool enabled(const Options &O) const override { return O.Vectorize; }

  void run(FileContext &C) override {
    Asserted.clear();
    const auto &T = C.Toks;
    for (size_t I = 0; I < T.size(); ++I) {
      if (T[I].isIdent("reinterpret_cast") || T[I].isIdent("static_cast"))
        namedVectorCast(C, I);
      else if (T[I].is(tok::l_paren))
        cStyleVectorCast(C, I);
    }
    needsParseNote(C);
  }

  /// One note per file with a kernel but no AST: without the parse the
  /// kernel rewrites (VectorizeAstRule) cannot run, and say so.
  void needsParseNote(FileContext &C) {
    if (C.Facts.Parsed) {
      inactiveKernelNote(C);
      return;
    }
    for (const Tok &K : C.Toks.tokens())
      if (K.isIdent("__global__") && !K.InDirective) {
        C.report(id(), Severity::Note, K.Offset,
                 "--vectorize rewrites kernels from Clang's parse of the file, and this "
                 "file was not parsed (no CUDA SDK, --no-semantic, a header no ported "
                 "translation unit includes, or a file already in HIP); kernels left "
                 "scalar");
        return;
      }
  }

  /// One note per file with kernels in branches no configuration compiled:
  /// they have no AST, so the kernel rewrites never see them.
  void inactiveKernelNote(FileContext &C) {
    for (const Tok &K : C.Toks.tokens())
      if (K.isIdent("__global__") && !K.InDirective && C.Facts.isInactive(K.Offset)) {
        C.report(id(), Severity::Note, K.Offset,
                 "--vectorize rewrites kernels from Clang's parse, and this kernel is in a "
                 "branch no configuration compiles (#if); left as it is");
        return;
      }
  }

private:
  // ---- 1. alignment assertions at vector casts -----------------------------

  /// Alignment a pointer to the vector type named `N` needs (16 or 8), or 0.
  static unsigned vectorTypeAlign(llvm::StringRef N) {
    return llvm::StringSwitch<unsigned>(N)
        .Cases("float4", "int4", "uint4", "double2", 16)
        .Cases("longlong2", "ulonglong2", "long2", "ulong2", 16)
        .Cases("float2", "int2", "uint2", "short4", "ushort4", 8)
        .Default(0);
  }

  /// Alignment the pointer type in [First, Last] needs (16 or 8), or 0 when
  /// it is not a pointer to a vector type. A single type name is decided by
  /// its canonical type where the typed index has it (`using vec_t =
  /// float4;`, a typedef), else by its spelling.
  static unsigned vectorPointerAlign(const FileContext &C, size_t First, size_t Last) {
    const TokenStream &T = C.Toks;
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
    if (const NameRef *R = indexedName(C, B))
      if (R->Kind == DeclKind::Type && !R->Type.empty()) {
        llvm::StringRef Canonical = R->Type;
        Canonical.consume_front("struct ");
        return vectorTypeAlign(Canonical);
      }
    return vectorTypeAlign(T[B].Text);
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
    unsigned Align = vectorPointerAlign(C, I + 2, G - 1);
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
    unsigned Align = vectorPointerAlign(C, I + 1, *Close - 1);
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

};

} // namespace

std::unique_ptr<Rule> createVectorizeCastsRule() { return std::make_unique<VectorizeCastsRule>(); }

} // namespace cu2hip
