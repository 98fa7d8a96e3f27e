//===- WaveBlockLoadRule.cpp - rule "wave-block-load" ---------------------===//
//
// Finding: cub::BlockLoad/BlockStore with a WARP_TRANSPOSE algorithm
// (BLOCK_LOAD_WARP_TRANSPOSE, ..._TIMESLICED, and the BLOCK_STORE_ ones)
// needs a block size that is a multiple of the wavefront, 64 on CDNA
// (catalogue row 20, docs/wave64.md A.2). The enumerator is recognised by
// declaration identity where the typed index has it (CUB's or hipCUB's, not
// a user's enumerator of that name), by spelling elsewhere.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "llvm/ADT/StringSwitch.h"

namespace cu2hip {
namespace {

class WaveBlockLoadRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-block-load", IdKind::Warning, "warp-transpose block load/store algorithms"},
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
      C.report(id(), Severity::Warning, T[I].Offset,
               "warp-transpose block algorithms need a block size that is a "
               "multiple of the wavefront (64 on CDNA)",
               "use the DIRECT or TRANSPOSE variant, or a block size that is "
               "a multiple of 64");
    }
  }
};

} // namespace

std::unique_ptr<Rule> createWaveBlockLoadRule() {
  return std::make_unique<WaveBlockLoadRule>();
}

} // namespace cu2hip
