//===- WaveInlinePtxRule.cpp - rule "wave-inline-ptx": inline PTX ---------===//
//
// Findings about inline assembly, which is PTX and does not compile for AMD:
//  wave-inline-ptx  inline PTX with warp operations (shfl, vote, laneid,
//                   lanemask, activemask, match, redux, bar.sync/bar.warp;
//                   catalogue row 11): it also assumes 32-lane warps, and
//                   the fix names the logical-32 helpers;
//  ptx-inline-asm   any other inline PTX.
// Keyword syntax (`asm`, `__asm__`, `asm volatile (...)`): found by spelling
// in every branch.
//===----------------------------------------------------------------------===//
#include "PtxAsm.h"
#include "RuleUtil.h"

using namespace clang;

namespace cu2hip {
namespace {

class WaveInlinePtxRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-inline-ptx", IdKind::Warning, "inline PTX with warp operations"},
        {"ptx-inline-asm", IdKind::Warning, "inline PTX"},
    };
    return Ids;
  }

  /// Does the (lower-cased) asm text use a warp operation?
  static bool usesWarpOp(llvm::StringRef Body) {
    static const char *WarpOps[] = {"shfl",   "vote",  "laneid",   "lanemask", "activemask",
                                    "match.", "redux", "bar.sync", "bar.warp"};
    for (const char *W : WarpOps)
      if (Body.contains(W))
        return true;
    return false;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 0; I < T.size(); ++I) {
      const Tok &K = T[I];
      if (!K.isIdent("asm") && !K.isIdent("__asm__") && !K.isIdent("__asm"))
        continue;
      if (auto B = ptxBuiltin(T, I)) { // rewritten by ptx-builtin
        I = B->Last;
        continue;
      }
      if (auto Red = ptxReduction(T, I)) { // likewise
        I = Red->Last;
        continue;
      }
      size_t J = I + 1;
      while (J < T.size() && (T[J].isIdent("volatile") || T[J].isIdent("__volatile__")))
        ++J;
      if (J >= T.size() || !T[J].is(tok::l_paren))
        continue;
      auto Close = T.matchForward(J);
      if (!Close)
        continue;
      if (usesWarpOp(T.text(J, *Close).lower()))
        C.report("wave-inline-ptx", Severity::Warning, K.Offset,
                 "inline PTX with warp operations does not compile for AMD "
                 "and assumes 32-lane warps",
                 "use cu2hip::lane_id32() (not __lane_id(), which is 0..63 on "
                 "wave64), cu2hip::ballot_sync32, __shfl*_sync with width 32 or "
                 "cu2hip::lanemask_lt32()");
      else
        C.report("ptx-inline-asm", Severity::Warning, K.Offset,
                 "inline PTX does not compile for AMD GPUs",
                 "replace with a HIP/clang builtin");
      I = *Close;
    }
  }
};

} // namespace

std::unique_ptr<Rule> createWaveInlinePtxRule() {
  return std::make_unique<WaveInlinePtxRule>();
}

} // namespace cu2hip
