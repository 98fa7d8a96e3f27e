//===- WaveCubWidthRule.cpp - rule "wave-cub-width" -----------------------===//
//
// CUDA:  cub::WarpReduce<float>            (32 lanes)
// HIP:   hipcub::WarpReduce<float, 32>
// Why: hipCUB's default logical warp is the hardware wavefront (64 on CDNA),
// so 32-thread groups get wrong sums or zeros (catalogue row 19; hipCUB#122,
// ROCm/bitsandbytes#93). Applies to WarpReduce and WarpScan (the logical
// warp size is their 2nd parameter), WarpExchange (3rd), WarpLoad and
// WarpStore (4th, after the algorithm: where the algorithm is left to its
// default, WARP_LOAD_DIRECT / WARP_STORE_DIRECT, it is spelled out so the
// width can follow).
// The primitive is recognised by declaration identity through the typed
// index (namespace aliases, using-declarations), by spelling elsewhere.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cu2hip {
namespace {

class WaveCubWidthRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-cub-width", IdKind::Edit, "cub::WarpReduce/WarpScan given logical width 32"},
    };
    return Ids;
  }

  bool enabled(const Options &O) const override { return O.Wave != WaveMode::Keep; }

  /// Number of template arguments before the logical-warp parameter of the
  /// CUB warp primitive named `N`, or 0 when `N` is not one.
  static unsigned warpArgsBefore(llvm::StringRef N) {
    return llvm::StringSwitch<unsigned>(N)
        .Cases("WarpReduce", "WarpScan", 1)
        .Case("WarpExchange", 2)
        .Cases("WarpLoad", "WarpStore", 3)
        .Default(0);
  }

  /// Is the template name at `I` CUB's (or hipCUB's) warp primitive? By
  /// declaration identity where the index has the name (so `cb::WarpReduce`
  /// through `namespace cb = cub;` and `WarpReduce` after `using
  /// cub::WarpReduce;` count, a user's own WarpReduce does not); else by
  /// spelling (`cub::`/`hipcub::` before it), with one note per file when no
  /// configuration parsed it.
  bool isCubWarpPrimitive(FileContext &C, size_t I, bool &GuessNoted) {
    const auto &T = C.Toks;
    if (const NameRef *R = indexedName(C, I)) {
      llvm::StringRef Q = R->QualName;
      return R->System && (R->Kind == DeclKind::Template || R->Kind == DeclKind::Type) &&
             (Q.consume_front("cub::") || Q.consume_front("hipcub::")) &&
             warpArgsBefore(Q) != 0;
    }
    bool Spelled = T[I - 1].is(tok::coloncolon) &&
                   (T[I - 2].isIdent("cub") || T[I - 2].isIdent("hipcub"));
    if (Spelled && !C.Facts.Parsed && !GuessNoted) {
      GuessNoted = true;
      C.report(id(), Severity::Note, T[I].Offset,
               "'" + T[I].Text.str() + "' taken for CUB's by its spelling: the file "
               "was not parsed, so namespace aliases and using-declarations of cub "
               "are not recognised here");
    }
    return Spelled;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    bool GuessNoted = false;
    for (size_t I = 2; I + 1 < T.size(); ++I) {
      // Number of template arguments before the logical-warp parameter.
      unsigned Before = warpArgsBefore(T[I].Text);
      if (!T[I].isIdent() || !Before || !T[I + 1].is(tok::less))
        continue;
      if (!isCubWarpPrimitive(C, I, GuessNoted))
        continue;
      // Find the matching '>' of the template argument list.
      int Depth = 0;
      size_t J = I + 1, Commas = 0, Close = 0;
      for (; J < T.size(); ++J) {
        if (T[J].is(tok::less) || T[J].is(tok::l_paren))
          ++Depth;
        else if (T[J].is(tok::greater) || T[J].is(tok::r_paren)) {
          if (--Depth == 0) {
            Close = J;
            break;
          }
        } else if (T[J].is(tok::greatergreater)) {
          Depth -= 2;
          if (Depth <= 0) {
            Close = J;
            break;
          }
        } else if (T[J].is(tok::comma) && Depth == 1)
          ++Commas;
        else if (T[J].is(tok::semi))
          break;
      }
      if (!Close)
        continue;
      std::string Add = ", 32";
      if (Commas + 2 == Before && Before == 3) // WarpLoad<T, N>: default algorithm
        Add = T[I].Text == "WarpLoad" ? ", hipcub::WARP_LOAD_DIRECT, 32"
                                      : ", hipcub::WARP_STORE_DIRECT, 32";
      else if (Commas + 1 != Before)
        continue;
      if (T[Close].is(tok::greatergreater)) {
        // `WarpReduce<vec<float>>`: insert inside the outer '>'.
        C.insertAtOffset(id(), T[Close].Offset + 1, Add);
      } else
        C.insert(id(), Close, Add);
    }
  }
};

} // namespace

std::unique_ptr<Rule> createWaveCubWidthRule() {
  return std::make_unique<WaveCubWidthRule>();
}

} // namespace cu2hip
