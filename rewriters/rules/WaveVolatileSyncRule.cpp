//===- WaveVolatileSyncRule.cpp - rule "wave-volatile-sync" ---------------===//
//
// Finding: a warp-synchronous `volatile` shared-memory reduction, the
// classic unrolled last-warp step under an `if (tid < 32)` guard
// (catalogue row 22, docs/wave64.md A.2). On AMD it stays correct only while
// the 32 threads stay in one wavefront and the accesses stay `volatile`;
// a shuffle reduction of width 32 does not depend on either. Found by shape
// in __global__/__device__ bodies: a `volatile` and a `< 32` in one body.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

using namespace clang;

namespace cu2hip {
namespace {

class WaveVolatileSyncRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-volatile-sync", IdKind::Note, "warp-synchronous volatile reduction"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (auto [Open, Close] : deviceBodies(T)) {
      bool Guard32 = false;
      std::optional<size_t> VolatileAt;
      for (size_t I = Open; I < Close; ++I) {
        if (T[I].is(tok::less) && I + 1 < Close && T[I + 1].Text == "32")
          Guard32 = true;
        if (T[I].isIdent("volatile") && !VolatileAt)
          VolatileAt = I;
      }
      if (VolatileAt && Guard32)
        C.report(id(), Severity::Note, T[*VolatileAt].Offset,
                 "warp-synchronous volatile shared-memory reduction: correct on AMD "
                 "only while the 32 threads stay in one wavefront and the accesses "
                 "stay volatile",
                 "prefer a shuffle reduction (__shfl_down_sync with width 32)");
    }
  }
};

} // namespace

std::unique_ptr<Rule> createWaveVolatileSyncRule() {
  return std::make_unique<WaveVolatileSyncRule>();
}

} // namespace cu2hip
