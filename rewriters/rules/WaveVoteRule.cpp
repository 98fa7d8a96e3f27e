//===- WaveVoteRule.cpp - rule "wave-vote": 32-bit votes, ballots, masks ---===//
//
// CUDA:  unsigned b = __ballot_sync(0xffffffff, p);  __popc(b)
// HIP:   unsigned b = cu2hip::ballot_sync32(0xffffffff, p);
// Why: HIP's __ballot/__activemask/__match_* return 64 bits on wave64 and
// __all_sync/__any_sync vote across the whole wavefront, i.e. across two CUDA
// warps (catalogue rows 9, 10, 13, 14; FBGEMM#5830, HeCBench#177/#167).
// The cu2hip:: helpers keep CUDA's signatures and return the lane's own
// 32-lane half, so user code (unsigned masks, __popc, __ffs) stays correct
// on wave64 and wave32. __syncwarp becomes cu2hip::syncwarp, which exists on
// ROCm < 7 too (row 15).
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "WaveNames.h"

namespace cu2hip {
namespace {

class WaveVoteRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-vote", IdKind::Edit, "ballot/vote/activemask/match/syncwarp: 32-lane helpers"},
    };
    return Ids;
  }

  /// --wave=keep: semantics stay CUDA's, but ROCm >= 6.2 requires a 64-bit
  /// mask on every *_sync intrinsic, so the mask argument is widened.
  void widenMasks(FileContext &C) {
    const auto &T = C.Toks;
    for (size_t I = 0; I < T.size(); ++I) {
      if (!T[I].isIdent() || !T[I].Text.endswith("_sync") ||
          logical32Helper(T[I].Text).empty() || C.isMemberOrForeignQualified(I) ||
          isOwnFunction(C, I))
        continue;
      auto Args = callArgs(C, I);
      if (!Args || Args->Args.empty())
        continue;
      llvm::StringRef Mask = T.argText(Args->Args[0]);
      if (Mask.empty() || Mask.startswith("(unsigned long long)") ||
          Mask.startswith("cu2hip::"))
        continue;
      wrapArg(C, id(), Args->Args[0], "(unsigned long long)(", ")");
    }
  }

  void run(FileContext &C) override {
    if (C.Opts.Wave == WaveMode::Keep) {
      widenMasks(C);
      return;
    }
    const auto &T = C.Toks;
    for (size_t I = 0; I < T.size(); ++I) {
      if (!T[I].isIdent() || C.yieldsAt(T[I].Offset) || C.isMemberOrForeignQualified(I))
        continue;
      llvm::StringRef H = logical32Helper(T[I].Text);
      if (H.empty() || isDeclarationName(C, I) || isOwnFunction(C, I))
        continue;
      // Only calls: a name followed by `(`.
      if (I + 1 >= T.size() || !T[I + 1].is(clang::tok::l_paren))
        continue;
      C.replaceTokens(id(), I, I, H);
      C.requestHeader("cu2hip/wave.h");
    }
  }
};

} // namespace

std::unique_ptr<Rule> createWaveVoteRule() { return std::make_unique<WaveVoteRule>(); }

} // namespace cu2hip
