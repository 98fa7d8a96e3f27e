//===- WaveBlockLoadRule.cpp - rule "wave-block-load" ---------------------===//
//
// cub::BlockLoad/BlockStore with a WARP_TRANSPOSE algorithm
// (BLOCK_LOAD_WARP_TRANSPOSE, ..._TIMESLICED, and the BLOCK_STORE_ ones)
// needs a block size that is a multiple of the wavefront, 64 on CDNA
// (catalogue row 20, docs/wave64.md A.2): rocPRIM static_asserts it. The
// block-wide transpose (BLOCK_LOAD_TRANSPOSE / BLOCK_STORE_TRANSPOSE) gives
// the same blocked arrangement for any block size, through more shared
// memory, so the enumerator is rewritten to it, with a note; an argument
// list whose block size is a literal multiple of 64 is left alone. The
// enumerator is recognised by declaration identity where the typed index
// has it (CUB's or hipCUB's, not a user's enumerator of that name), by its
// cub::/hipcub:: qualifier elsewhere; an unqualified one without an index
// keeps warning wave-block-load-kept.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "llvm/ADT/StringSwitch.h"

namespace cu2hip {
namespace {

class WaveBlockLoadRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-block-load", IdKind::Edit,
         "warp-transpose block load/store -> block-wide transpose (same arrangement)"},
        {"wave-block-load-kept", IdKind::Warning,
         "warp-transpose block load/store not recognised as CUB's; kept"},
    };
    return Ids;
  }

  static bool isWarpTranspose(llvm::StringRef N) {
    return llvm::StringSwitch<bool>(N)
        .Cases("BLOCK_LOAD_WARP_TRANSPOSE", "BLOCK_STORE_WARP_TRANSPOSE",
               "BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED",
               "BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED", true)
        .Default(false);
  }

  /// True when the enumerator at `I` is the algorithm argument of a
  /// `BlockLoad<T, X, N, ALGO[, Y[, Z]]>` whose block size X*Y*Z is made of
  /// integer literals and is a multiple of 64.
  static bool blockSizeMultipleOf64(const TokenStream &T, size_t I) {
    int Depth = 0;
    size_t Open = I;
    while (Open-- > 0) {
      if (T[Open].is(clang::tok::greater) || T[Open].is(clang::tok::r_paren))
        ++Depth;
      else if (T[Open].is(clang::tok::less) || T[Open].is(clang::tok::l_paren)) {
        if (Depth-- == 0)
          break;
      } else if (T[Open].is(clang::tok::semi) || T[Open].is(clang::tok::l_brace))
        return false;
    }
    if (Open == (size_t)-1 || !T[Open].is(clang::tok::less) || Open == 0 ||
        !(T[Open - 1].isIdent("BlockLoad") || T[Open - 1].isIdent("BlockStore")))
      return false;
    // Top-level arguments: each a single literal, or anything (0).
    std::vector<long> Args(1, 0);
    std::vector<unsigned> Toks(1, 0);
    Depth = 0;
    for (size_t K = Open + 1; K < T.size(); ++K) {
      if (T[K].is(clang::tok::less) || T[K].is(clang::tok::l_paren))
        ++Depth;
      else if ((T[K].is(clang::tok::greater) || T[K].is(clang::tok::r_paren)) && Depth-- == 0)
        break;
      else if (Depth == 0 && T[K].is(clang::tok::comma)) {
        Args.push_back(0);
        Toks.push_back(0);
        continue;
      }
      ++Toks.back();
      long V = 0;
      if (T[K].is(clang::tok::numeric_constant) && !T[K].Text.getAsInteger(0, V))
        Args.back() = V;
    }
    long Size = 1;
    for (size_t A : {1u, 4u, 5u}) {
      if (A >= Args.size())
        continue;
      if (Toks[A] != 1 || Args[A] <= 0)
        return false;
      Size *= Args[A];
    }
    return Args.size() > 1 && Size % 64 == 0;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 0; I < T.size(); ++I) {
      if (!T[I].isIdent() || !isWarpTranspose(T[I].Text))
        continue;
      if (const NameRef *R = indexedName(C, I)) {
        llvm::StringRef Q = R->QualName;
        if (!R->System || R->Kind != DeclKind::EnumConstant ||
            !(Q.startswith("cub::") || Q.startswith("hipcub::")))
          continue; // the user's own enumerator
      }
      bool Qualified = I >= 2 && T[I - 1].is(clang::tok::coloncolon) &&
                       (T[I - 2].isIdent("cub") || T[I - 2].isIdent("hipcub"));
      if (!indexedName(C, I) && !Qualified) {
        C.report("wave-block-load-kept", Severity::Warning, T[I].Offset,
                 "warp-transpose block algorithms need a block size that is a "
                 "multiple of the wavefront (64 on CDNA)",
                 "use the DIRECT or TRANSPOSE variant, or a block size that is "
                 "a multiple of 64");
        continue;
      }
      if (blockSizeMultipleOf64(T, I))
        continue;
      llvm::StringRef To = T[I].Text.startswith("BLOCK_LOAD") ? "BLOCK_LOAD_TRANSPOSE"
                                                              : "BLOCK_STORE_TRANSPOSE";
      C.replaceTokens(id(), I, I, To);
      C.report(id(), Severity::Note, T[I].Offset,
               (T[I].Text + " -> " + To +
                ": rocPRIM's warp transpose needs a block size that is a multiple of "
                "the wavefront (64 on CDNA); the block-wide transpose gives the same "
                "blocked arrangement with more shared memory")
                   .str());
    }
  }
};

} // namespace

std::unique_ptr<Rule> createWaveBlockLoadRule() {
  return std::make_unique<WaveBlockLoadRule>();
}

} // namespace cu2hip
