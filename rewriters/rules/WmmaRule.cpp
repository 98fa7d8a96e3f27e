//===- WmmaRule.cpp - rules "wmma", "wmma-shape", "wave-wmma" -------------===//
//
// Ports CUDA's warp matrix API (`<mma.h>`, namespace nvcuda::wmma) to
// rocWMMA (`<rocwmma/rocwmma.hpp>`, namespace rocwmma), whose fragment,
// fill_fragment, load_matrix_sync, store_matrix_sync, mma_sync, the tags
// matrix_a/matrix_b/accumulator/row_major/col_major and the layout_t values
// mem_row_major/mem_col_major carry the same names (rocwmma.hpp). Names of
// nvcuda::wmma are found by declaration identity where the typed index has
// them (so `wmma::` after `using namespace nvcuda;` and the target of
// `namespace wm = nvcuda::wmma;` count, a user's own `wmma` namespace does
// not), by the spelling `nvcuda::wmma` elsewhere, with one note per file
// when no configuration parsed it (catalogue row 28, docs/wave64.md A.2).
//
// Edits ("wmma"):
//   nvcuda::wmma            -> rocwmma            (qualifiers, aliases, using)
//   using namespace nvcuda; -> namespace wmma = rocwmma;   (`wmma::` resolves)
//   fill_fragment(f, v)     -> fill_fragment(f, static_cast<T>(v))
//   fragment<..., __nv_bfloat16, ...> -> fragment<..., cu2hip::wmma_elem_t<
//                              __hip_bfloat16>, ...> (cu2hip/wmma.h), and the
//   pointers of its loads/stores cast to rocwmma::bfloat16_t
//   precision::tf32 -> xfloat32_t (gfx942 only), its float pointers cast to
//   rocwmma::xfloat32_t, __float_to_tf32 -> cu2hip::wmma_float_to_tf32
// rocWMMA's fill_fragment deduces its element type T from both arguments
// (CUDA's takes the value through a non-deduced traits type), so a value of
// another type (`0.0f` into a __half fragment) would not compile. rocWMMA's
// bf16 element type is hip_bfloat16, not HIP's __hip_bfloat16.
// Findings: "wmma-shape" where rocWMMA lacks a fragment's shape or element
// type on gfx942 (CDNA3, wave64) or gfx1100 (RDNA3, wave32), saying that the
// software WMMA of cu2hip/wmma.h has it; "wave-wmma" where code indexes
// fragment elements (`frag.x[i]`) other than uniformly.
// `#include <mma.h>` becomes `#include <cu2hip/wmma.h>` (header map): rocWMMA
// where its headers are complete, otherwise (or with CU2HIP_WMMA_SOFTWARE)
// cu2hip/wmma_soft.h, the same API in portable code over 32-lane warps.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace cu2hip {
namespace {

/// A fragment's template arguments as its canonical type prints them
/// ("nvcuda::wmma::fragment<matrix_a, 16, 16, 16, __half, row_major>").
struct FragmentShape {
  std::string Use;  ///< matrix_a, matrix_b or accumulator
  unsigned M = 0, N = 0, K = 0;
  std::string Elem; ///< element type, qualifiers of nvcuda::wmma dropped
};

/// Parses the canonical type of a nvcuda::wmma::fragment; nullopt for any
/// other type or one whose shape is not made of integers (dependent).
std::optional<FragmentShape> parseFragmentType(llvm::StringRef Type) {
  Type.consume_front("class ");
  Type.consume_front("const ");
  if (!Type.consume_front("nvcuda::wmma::fragment<") || !Type.consume_back(">"))
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 6> Parts;
  Type.split(Parts, ',');
  if (Parts.size() < 5)
    return std::nullopt;
  FragmentShape S;
  S.Use = Parts[0].trim().rsplit("::").second.empty()
              ? Parts[0].trim().str()
              : Parts[0].trim().rsplit("::").second.str();
  if (Parts[1].trim().getAsInteger(10, S.M) || Parts[2].trim().getAsInteger(10, S.N) ||
      Parts[3].trim().getAsInteger(10, S.K))
    return std::nullopt;
  llvm::StringRef E = Parts[4].trim();
  E.consume_front("nvcuda::wmma::");
  S.Elem = E.str();
  return S;
}

/// Where rocWMMA (ROCm 7.2) has a block of shape `S`: "" when both gfx942
/// and gfx1100 have it as ported (nothing to report); otherwise `Why` says
/// what is missing and `Targets` the gfx targets of the two that have it
/// ("" for neither). Source: rocWMMA's API reference (supported types and
/// block sizes): gfx9 blocks are 16x16 or 32x32 (f16, bf16, i8, f32, f64 on
/// gfx90a/gfx942, xf32 on gfx942), gfx11 blocks 16x16x16 (f16, bf16, i8/u8);
/// element types f16 as _Float16 or __half, bf16 as hip_bfloat16, i8 as
/// signed char.
bool lacksShape(const FragmentShape &S, std::string &Targets, std::string &Why) {
  llvm::StringRef E = S.Elem;
  Targets.clear();
  if (E.contains("experimental")) {
    Why = "rocWMMA has no 1-bit or 4-bit fragments (wmma::experimental::precision)";
  } else if (E.contains("tf32")) {
    Targets = "gfx942";
    Why = "tf32 fragments are ported to rocWMMA's xfloat32_t ones, which only gfx942 has "
          "(gfx1100 has no f32/xf32 matrix instructions; rocWMMA's fallback there may compile "
          "with mma_sync leaving the accumulator unchanged: do not run it on gfx1100)";
  } else if (E == "double") {
    Why = "rocWMMA's f64 blocks are 16x16 (gfx90a and gfx942 only); CUDA's m8n8k4 has no "
          "counterpart, and gfx1100 has no f64 matrix instructions";
  } else if (E == "unsigned char") {
    Targets = "gfx1100";
    Why = "rocWMMA takes unsigned 8-bit inputs on gfx11 only (WMMA iu8); gfx9's i8 matrix "
          "instructions are signed";
  } else if (S.M != S.N) {
    Why = "rocWMMA blocks are square (16x16, or 32x32 on gfx9); CUDA's m" +
          std::to_string(S.M) + "n" + std::to_string(S.N) + "k" + std::to_string(S.K) +
          " has no counterpart";
  } else {
    return false;
  }
  return true;
}

class WmmaRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wmma", IdKind::Edit, "nvcuda::wmma ported to rocWMMA (rocwmma::)"},
        {"wmma-shape", IdKind::Warning,
         "WMMA fragment shape or element type rocWMMA lacks on gfx942 or gfx1100"},
        {"wave-wmma", IdKind::Warning,
         "fragment elements indexed by lane: NVIDIA's per-lane element mapping"},
    };
    return Ids;
  }

  /// Is the `wmma` at token `I` the namespace nvcuda::wmma?
  bool isWmmaNamespace(FileContext &C, size_t I, bool &GuessNoted) {
    const auto &T = C.Toks;
    if (const NameRef *R = indexedName(C, I))
      return R->System && R->Kind == DeclKind::Namespace && R->QualName == "nvcuda::wmma";
    bool Spelled = I >= 2 && T[I - 1].is(tok::coloncolon) && T[I - 2].isIdent("nvcuda");
    if (Spelled && !C.Facts.Parsed && !GuessNoted) {
      GuessNoted = true;
      C.report(id(), Severity::Note, T[I].Offset,
               "'nvcuda::wmma' recognised by its spelling: the file was not parsed, "
               "so `using namespace nvcuda;` and namespace aliases are not followed");
    }
    return Spelled;
  }

  /// Is the `nvcuda` at token `I` the directive `using namespace nvcuda;`
  /// naming CUDA's namespace (by the index; by spelling without a parse)?
  static bool isUsingNvcuda(const FileContext &C, size_t I) {
    const auto &T = C.Toks;
    if (I < 2 || I + 1 >= T.size() || !T[I - 1].isIdent("namespace") ||
        !T[I - 2].isIdent("using") || !T[I + 1].is(tok::semi))
      return false;
    if (const NameRef *R = indexedName(C, I))
      return R->System && R->Kind == DeclKind::Namespace && R->QualName == "nvcuda";
    return !C.Facts.Parsed || !C.Facts.Index.name(T[I].Offset);
  }

  /// `nvcuda::wmma` (token `I` is `wmma`) -> `rocwmma`;
  /// `using namespace nvcuda;` -> `namespace wmma = rocwmma;`.
  void renameNamespace(FileContext &C, size_t I) {
    const auto &T = C.Toks;
    if (I >= 2 && T[I - 1].is(tok::coloncolon) && T[I - 2].isIdent("nvcuda"))
      C.replaceTokens(id(), I - 2, I, "rocwmma");
    // A bare `wmma` resolves through `using namespace nvcuda;`, which
    // becomes the alias `wmma`: nothing to change here.
  }

  /// The fill value of `fill_fragment` at token `I` as the fragment's
  /// element type (from the callee's type in the index:
  /// "void (nvcuda::wmma::__frag_base<__half, 8> &, const __half &)").
  void castFillValue(FileContext &C, size_t I) {
    const NameRef *R = indexedName(C, I);
    if (!R || R->QualName != "nvcuda::wmma::fill_fragment")
      return;
    auto Args = callArgs(C, I);
    if (!Args || Args->Args.size() != 2)
      return;
    llvm::StringRef Ty = R->Type;
    size_t P = Ty.rfind(", const ");
    if (P == llvm::StringRef::npos || !Ty.endswith(" &)"))
      return;
    llvm::StringRef Elem = Ty.slice(P + 8, Ty.size() - 3);
    if (Elem.contains("nvcuda"))
      return; // tf32 fragments: wmma-shape reports them
    if (Elem == "__nv_bfloat16")
      Elem = "rocwmma::bfloat16_t";
    const ArgList::Arg &V = Args->Args[1];
    llvm::StringRef VText = C.Toks.argText(V);
    if ((Elem == "float" && V.First == V.Last && VText.endswith_insensitive("f") &&
         !VText.startswith_insensitive("0x")) ||
        (Elem == "int" && V.First == V.Last && VText.find_first_not_of("0123456789") ==
                                                   llvm::StringRef::npos))
      return; // already the element type
    if (const NameRef *VR = V.First == V.Last ? indexedName(C, V.First) : nullptr)
      if (VR->Type == Elem || VR->Type == ("const " + Elem).str())
        return;
    wrapArg(C, id(), V, ("static_cast<" + Elem + ">(").str(), ")");
  }

  /// The element type argument of a bf16 fragment `fragment<U, M, N, K,
  /// __nv_bfloat16, L>` (token `I` is `fragment`) wrapped as
  /// `cu2hip::wmma_elem_t<...>` (cu2hip/wmma.h): rocWMMA's bf16 type.
  void wrapBf16Element(FileContext &C, size_t I) {
    if (I + 1 >= C.Toks.size() || !C.Toks[I + 1].is(tok::less))
      return;
    auto Args = C.Toks.parseList(I + 1);
    if (!Args || Args->Args.size() < 5)
      return;
    wrapArg(C, id(), Args->Args[4], "cu2hip::wmma_elem_t<", ">");
    C.requestHeader("cu2hip/wmma.h");
  }

  /// The pointer argument of load_matrix_sync / store_matrix_sync (token
  /// `I`) of a bf16 or tf32 fragment, cast to rocWMMA's element type
  /// (bfloat16_t for CUDA's `__nv_bfloat16 *`, xfloat32_t for the `float *`
  /// of a precision::tf32 fragment), by the callee's type in the index.
  void castElementPointer(FileContext &C, size_t I) {
    const NameRef *R = indexedName(C, I);
    bool Load = C.Toks[I].isIdent("load_matrix_sync");
    if (!R || R->QualName != (Load ? "nvcuda::wmma::load_matrix_sync"
                                   : "nvcuda::wmma::store_matrix_sync"))
      return;
    llvm::StringRef Ty = R->Type;
    const char *Elem = Ty.contains("__nv_bfloat16 *")   ? "rocwmma::bfloat16_t"
                       : Ty.contains("precision::tf32") ? "rocwmma::xfloat32_t"
                                                         : nullptr;
    auto Args = callArgs(C, I);
    if (!Elem || !Args || Args->Args.size() < 3)
      return;
    wrapArg(C, id(), Args->Args[Load ? 1 : 0],
            (llvm::Twine("reinterpret_cast<") + (Load ? "const " : "") + Elem + " *>(").str(),
            ")");
  }

  /// `precision::tf32` (token `I` is `tf32`) -> `xfloat32_t`, rocWMMA's
  /// tf32 element type (gfx942 only; wmma-shape says so). By the index;
  /// where it has no entry, by the spelling `wmma::precision::tf32`.
  void renameTf32(FileContext &C, size_t I) {
    const auto &T = C.Toks;
    if (I < 2 || !T[I - 1].is(tok::coloncolon) || !T[I - 2].isIdent("precision"))
      return;
    const NameRef *R = indexedName(C, I);
    if (R ? R->QualName != "nvcuda::wmma::precision::tf32"
          : !(I >= 4 && T[I - 3].is(tok::coloncolon) && T[I - 4].isIdent("wmma")))
      return;
    C.replaceTokens(id(), I - 2, I, "xfloat32_t");
  }

  /// `[nvcuda::]wmma::__float_to_tf32` (token `I` is the name) ->
  /// `cu2hip::wmma_float_to_tf32` (cu2hip/wmma.h: CUDA's rounding). By the
  /// index; where it has no entry, only the spelling qualified by `wmma::`.
  void renameFloatToTf32(FileContext &C, size_t I) {
    const auto &T = C.Toks;
    size_t First = I;
    if (I >= 2 && T[I - 1].is(tok::coloncolon) && T[I - 2].isIdent("wmma"))
      First = I - 2;
    if (First == I - 2 && I >= 4 && T[I - 3].is(tok::coloncolon) && T[I - 4].isIdent("nvcuda"))
      First = I - 4;
    const NameRef *R = indexedName(C, I);
    if (R ? R->QualName != "nvcuda::wmma::__float_to_tf32" : First == I)
      return;
    C.replaceTokens(id(), First, I, "cu2hip::wmma_float_to_tf32");
    C.requestHeader("cu2hip/wmma.h");
  }

  /// A `fragment` spelling (token `I`): a bf16 element type is wrapped;
  /// one wmma-shape finding per distinct fragment type, at its first
  /// spelling.
  void checkShape(FileContext &C, size_t I, llvm::StringSet<> &Seen) {
    const NameRef *R = indexedName(C, I);
    if (!R || R->QualName != "nvcuda::wmma::fragment")
      return;
    auto S = parseFragmentType(R->Type);
    if (S && S->Elem == "__nv_bfloat16")
      wrapBf16Element(C, I);
    if (!Seen.insert(R->Type).second)
      return;
    std::string Targets, Why;
    if (!S || !lacksShape(*S, Targets, Why))
      return;
    std::string Shape = S->Use + ", " + std::to_string(S->M) + "x" + std::to_string(S->N) +
                        "x" + std::to_string(S->K) + ", " + S->Elem;
    // cu2hip/wmma_soft.h has every CUDA shape but the sub-byte ones.
    bool Soft = !llvm::StringRef(S->Elem).contains("experimental");
    std::string Where = Targets.empty() ? "it compiles for no gfx target"
                                        : "available on " + Targets + " only";
    if (Soft)
      Where = "with rocWMMA " + Where +
              "; cu2hip/wmma.h's software WMMA (used where rocWMMA is incomplete, or with "
              "-DCU2HIP_WMMA_SOFTWARE) has it on every gfx target, correct but slow";
    C.report("wmma-shape", Severity::Warning, C.Toks[I].Offset,
             "WMMA fragment <" + Shape + ">: " + Why + "; " + Where,
             Soft ? "build with -DCU2HIP_WMMA_SOFTWARE (correct, slow), keep a CUDA-only path "
                    "for it, or rewrite the kernel for a block rocWMMA has"
                  : "keep a CUDA-only path for it, or rewrite the kernel for a block rocWMMA "
                    "has");
  }

  /// True when the subscript [Open, Close] of a fragment's `x` is the
  /// counter of an enclosing `for` over the fragment's `num_elements`: the
  /// same operation on every element, whatever lane holds it.
  static bool uniformIndex(const TokenStream &T, size_t Open, size_t Close) {
    if (Close != Open + 2 || !T[Open + 1].isIdent())
      return false;
    llvm::StringRef Var = T[Open + 1].Text;
    for (size_t F = Open; F-- > 0;) {
      if (!T[F].isIdent("for") || F + 1 >= T.size() || !T[F + 1].is(tok::l_paren))
        continue;
      auto RP = T.matchForward(F + 1);
      if (!RP || *RP > Open)
        continue;
      bool Counts = false, Declares = false;
      for (size_t J = F + 2; J < *RP; ++J) {
        Counts |= T[J].isIdent("num_elements");
        Declares |= T[J].isIdent(Var);
      }
      if (!Counts || !Declares)
        continue;
      size_t End = *RP + 1;
      if (End < T.size() && T[End].is(tok::l_brace))
        End = T.matchForward(End).value_or(End);
      else
        while (End < T.size() && !T[End].is(tok::semi))
          ++End;
      if (Open < End)
        return true;
    }
    return false;
  }

  /// `frag.x[i]`: a wave-wmma warning unless the access is uniform.
  void checkElementAccess(FileContext &C, size_t I) {
    const auto &T = C.Toks;
    const NameRef *R = indexedName(C, I);
    if (!R || R->Kind != DeclKind::Field ||
        !llvm::StringRef(R->QualName).startswith("nvcuda::wmma::") || I + 1 >= T.size() ||
        !T[I + 1].is(tok::l_square))
      return;
    auto Close = T.matchForward(I + 1);
    if (!Close || uniformIndex(T, I + 1, *Close))
      return;
    C.report("wave-wmma", Severity::Warning, T[I].Offset,
             "fragment element indexed by '" + T.text(I + 1, *Close).str() +
                 "': which matrix element a lane holds in `x[i]` is NVIDIA's 32-lane "
                 "mapping; rocWMMA's differs, and differs between wave64 and wave32; "
                 "cu2hip's software WMMA holds the row-major tile's element i * 32 + lane",
             "store the fragment (store_matrix_sync) and index the matrix in memory; "
             "a loop applying the same operation to every x[i] is layout-independent");
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    bool GuessNoted = false;
    llvm::StringSet<> Seen;
    for (size_t I = 0; I < T.size(); ++I) {
      if (!T[I].isIdent() || C.yieldsAt(T[I].Offset))
        continue;
      if (T[I].isIdent("wmma") && isWmmaNamespace(C, I, GuessNoted)) {
        // renameFloatToTf32 replaces the whole qualified name.
        if (!(I + 2 < T.size() && T[I + 1].is(tok::coloncolon) &&
              T[I + 2].isIdent("__float_to_tf32")))
          renameNamespace(C, I);
      } else if (T[I].isIdent("nvcuda") && isUsingNvcuda(C, I))
        C.replaceTokens(id(), I - 2, I, "namespace wmma = rocwmma");
      else if (T[I].isIdent("fill_fragment"))
        castFillValue(C, I);
      else if (T[I].isIdent("load_matrix_sync") || T[I].isIdent("store_matrix_sync"))
        castElementPointer(C, I);
      else if (T[I].isIdent("tf32"))
        renameTf32(C, I);
      else if (T[I].isIdent("__float_to_tf32"))
        renameFloatToTf32(C, I);
      else if (T[I].isIdent("fragment"))
        checkShape(C, I, Seen);
      else if (T[I].isIdent("x"))
        checkElementAccess(C, I);
    }
  }
};

} // namespace

std::unique_ptr<Rule> createWmmaRule() { return std::make_unique<WmmaRule>(); }

} // namespace cu2hip
