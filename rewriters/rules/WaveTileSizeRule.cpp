//===- WaveTileSizeRule.cpp - rule "wave-tile-size" -----------------------===//
//
// Finding: cooperative_groups::tiled_partition<N> / thread_block_tile<N>
// with N > 32 is invalid on wave32 RDNA, whose wavefronts have 32 lanes
// (catalogue row 21, docs/wave64.md A.2).
// Where the typed index has the name, it decides: the template must be
// cooperative groups' (through `namespace cg = cooperative_groups;` or a
// using-directive; a user's own tiled_partition is left alone), and N is the
// constant-evaluated tile size from the canonical type
// (`thread_block_tile<64, ...>`), so `constexpr int kTile = 64;
// tiled_partition<kTile>` counts. Elsewhere the name and a literal N are
// taken by their spelling, with one note per file when no configuration
// parsed it. Where the parse has them, tiled_partition<N> and a
// one-argument thread_block_tile<N> of more than 32 threads are ported by
// rule cg-multi-tile (cu2hip/cg_multi_tile.h) and not reported here.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace cu2hip {
namespace {

class WaveTileSizeRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-tile-size", IdKind::Warning, "cooperative-groups tile larger than 32"},
    };
    return Ids;
  }

  /// The tile size in a canonical type naming cooperative groups' tile
  /// ("cooperative_groups::__v1::thread_block_tile<64, ...>"), if any.
  static std::optional<unsigned long long> tileSizeOfType(llvm::StringRef Type) {
    size_t At = Type.find("thread_block_tile<");
    if (At == llvm::StringRef::npos)
      return std::nullopt;
    llvm::StringRef Digits =
        Type.substr(At + strlen("thread_block_tile<")).take_while(llvm::isDigit);
    unsigned long long N = 0;
    if (Digits.empty() || llvm::getAsUnsignedInteger(Digits, 10, N))
      return std::nullopt;
    return N;
  }

  /// The tile size at the template name at `I`, or nullopt when the name is
  /// not cooperative groups' or the size is not known.
  std::optional<unsigned long long> tileSize(FileContext &C, size_t I, bool &GuessNoted) {
    const auto &T = C.Toks;
    if (const NameRef *R = indexedName(C, I)) {
      if (!R->System || !llvm::StringRef(R->QualName).startswith("cooperative_groups::"))
        return std::nullopt;
      // Parsed tiles of several warps are ported by cg-multi-tile: every
      // tiled_partition<N>, and thread_block_tile<N> with one argument.
      if (T[I].isIdent("tiled_partition") || (I + 3 < T.size() && T[I + 3].is(tok::greater)))
        return std::nullopt;
      return tileSizeOfType(R->Type);
    }
    unsigned long long N = 0;
    if (!T[I + 2].is(tok::numeric_constant) ||
        llvm::getAsUnsignedInteger(T[I + 2].Text, 0, N))
      return std::nullopt;
    if (N > 32 && !C.Facts.Parsed && !GuessNoted) {
      GuessNoted = true;
      C.report(id(), Severity::Note, T[I].Offset,
               "'" + T[I].Text.str() + "' taken for cooperative groups' by its "
               "spelling, and only a literal size is read: the file was not parsed");
    }
    return N;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    bool GuessNoted = false;
    for (size_t I = 0; I + 2 < T.size(); ++I) {
      // Only the parse ports CUDA's block_tile_memory (rule cg-multi-tile);
      // HIP has none, so unparsed it stays undeclared: say so.
      if (!C.Facts.Parsed && T[I].isIdent("block_tile_memory") && T[I + 1].is(tok::less)) {
        C.report(id(), Severity::Warning, T[I].Offset,
                 "'block_tile_memory' has no HIP equivalent and the file was not parsed, so "
                 "rule cg-multi-tile could not port it to cu2hip/cg_multi_tile.h");
        continue;
      }
      if (!(T[I].isIdent("tiled_partition") || T[I].isIdent("thread_block_tile")) ||
          !T[I + 1].is(tok::less))
        continue;
      auto N = tileSize(C, I, GuessNoted);
      if (N && *N > 32)
        C.report(id(), Severity::Warning, T[I].Offset,
                 "tile of " + std::to_string(*N) +
                     " threads is larger than a wave32 RDNA wavefront",
                 "use tiles of at most 32 threads, or guard with the "
                 "target's wave size");
    }
  }
};

} // namespace

std::unique_ptr<Rule> createWaveTileSizeRule() {
  return std::make_unique<WaveTileSizeRule>();
}

} // namespace cu2hip
