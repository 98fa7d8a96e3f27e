//===- WaveShflRule.cpp - rule "wave-shfl": shuffles keep 32-lane warps ---===//
//
// CUDA:  __shfl_xor_sync(0xffffffff, v, off)            (32-lane warp)
// HIP:   __shfl_xor_sync(cu2hip::mask64(0xffffffff), v, off, 32)
// Why: HIP's shuffle width defaults to warpSize, 64 on CDNA, so offsets and
// source lanes cross the 32-lane boundary (catalogue rows 1-4; llama.cpp#3630,
// cupy#9977, HeCBench#177); ROCm >= 6.2 static_asserts a 64-bit mask
// (ROCm/hip#3667). mask64() places the 32-bit CUDA mask into the lane's own
// half of the wavefront (identity on wave32), which is what HIP's mask check
// expects when both halves run the same code. Smaller explicit widths are
// kept; an explicit `warpSize` width is turned into 32 by wave-warpsize.
// --wave=keep only widens the mask type. Where rule wave-shfl-full proved
// the call converged (full mask, no lane exited), the call becomes
// cu2hip::shfl_*_sync_full(mask, v, off, 32): the plain shuffle on AMD.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "WaveNames.h"

namespace cu2hip {
namespace {

/// True when rule wave-shfl-full (WaveShflFullRule.cpp) proved the shuffle
/// whose name starts at `Offset` converged in some parse and no parse
/// failed to: every configuration and unit must agree.
bool provenFull(const FileContext &C, unsigned Offset) {
  bool Proven = false;
  for (const auto &[Begin, End, Id] : C.Facts.Ast.Claims) {
    if (Begin != Offset)
      continue;
    if (Id == "wave-shfl-full-unproven")
      return false;
    Proven |= Id == "wave-shfl-full";
  }
  return Proven;
}

class WaveShuffleRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-shfl", IdKind::Edit, "shuffles: 64-bit mask in the lane's half, width 32"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 0; I < T.size(); ++I) {
      bool IsSync = false;
      if (!T[I].isIdent() || C.yieldsAt(T[I].Offset) || !isShuffle(T[I].Text, IsSync) ||
          C.isMemberOrForeignQualified(I) || isOwnFunction(C, I))
        continue;
      auto Args = callArgs(C, I);
      if (!Args)
        continue;
      size_t NArgs = Args->Args.size();
      size_t WantNoWidth = IsSync ? 3 : 2;
      if (NArgs < WantNoWidth || NArgs > WantNoWidth + 1) {
        C.report("wave-shfl", Severity::Warning, T[I].Offset,
                 "unexpected argument count for " + T[I].Text.str() +
                     "; left unchanged");
        continue;
      }
      if (IsSync && C.Opts.Wave != WaveMode::Keep && provenFull(C, T[I].Offset)) {
        // wave-shfl-full proved the call converged: the plain shuffle.
        C.replaceTokens(id(), I, I,
                        "cu2hip::" + T[I].Text.drop_front(2).str() + "_full");
        C.requestHeader("cu2hip/wave.h");
      } else if (IsSync) {
        llvm::StringRef Mask = T.argText(Args->Args[0]);
        if (!Mask.startswith("cu2hip::") &&
            !Mask.startswith("(unsigned long long)")) {
          if (C.Opts.Wave == WaveMode::Keep)
            wrapArg(C, id(), Args->Args[0], "(unsigned long long)(", ")");
          else {
            wrapArg(C, id(), Args->Args[0], "cu2hip::mask64(", ")");
            C.requestHeader("cu2hip/wave.h");
          }
        }
      }
      if (C.Opts.Wave == WaveMode::Keep)
        continue;
      if (NArgs == WantNoWidth)
        C.insert(id(), Args->RParen, ", 32");
    }
  }
};

} // namespace

std::unique_ptr<Rule> createWaveShuffleRule() {
  return std::make_unique<WaveShuffleRule>();
}

} // namespace cu2hip
