//===- WaveFindingsRule.cpp - warp-32 patterns reported, not rewritten -----===//
//
// Findings (catalogue rows marked F):
//  wave-inline-ptx   inline PTX with warp operations (shfl, vote, laneid,
//                    lanemask, activemask, match, redux, bar.sync): row 11;
//  ptx-inline-asm    any other inline PTX (does not compile for AMD);
//  wave-tile-size    tiled_partition<N> / thread_block_tile<N> with N > 32:
//                    invalid on wave32 RDNA (row 21);
//  wave-wmma         nvcuda::wmma fragments: layouts depend on warp size (row 28);
//  wave-block-load   cub::BlockLoad/BlockStore WARP_TRANSPOSE algorithms need a
//                    block size that is a multiple of 64 on CDNA (row 20).
//===----------------------------------------------------------------------===//
#include "PtxAsm.h"
#include "RuleUtil.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace cu2hip {
namespace {

class WaveFindingsRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-inline-ptx", IdKind::Warning, "inline PTX with warp operations"},
        {"ptx-inline-asm", IdKind::Warning, "inline PTX"},
        {"wave-tile-size", IdKind::Warning, "cooperative-groups tile larger than 32"},
        {"wave-wmma", IdKind::Warning, "nvcuda::wmma fragments"},
        {"wave-block-load", IdKind::Warning, "warp-transpose block load/store algorithms"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 0; I < T.size(); ++I) {
      const Tok &K = T[I];
      if (K.isIdent("asm") || K.isIdent("__asm__") || K.isIdent("__asm")) {
        if (auto B = ptxBuiltin(T, I)) { // rewritten by ptx-builtin
          I = B->Last;
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
        std::string Body = T.text(J, *Close).lower();
        static const char *WarpOps[] = {"shfl",  "vote",  "laneid", "lanemask",
                                        "activemask", "match.", "redux",
                                        "bar.sync", "bar.warp"};
        bool Warp = false;
        for (const char *W : WarpOps)
          Warp |= Body.find(W) != std::string::npos;
        if (Warp)
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
        continue;
      }
      if ((K.isIdent("tiled_partition") || K.isIdent("thread_block_tile")) &&
          I + 2 < T.size() && T[I + 1].is(tok::less) &&
          T[I + 2].is(tok::numeric_constant)) {
        unsigned long long N = 0;
        if (!llvm::getAsUnsignedInteger(T[I + 2].Text, 0, N) && N > 32)
          C.report("wave-tile-size", Severity::Warning, K.Offset,
                   "tile of " + std::to_string(N) +
                       " threads is larger than a wave32 RDNA wavefront",
                   "use tiles of at most 32 threads, or guard with the "
                   "target's wave size");
        continue;
      }
      if (K.isIdent("wmma") && I >= 2 && T[I - 1].is(tok::coloncolon) &&
          T[I - 2].isIdent("nvcuda")) {
        C.report("wave-wmma", Severity::Warning, K.Offset,
                 "nvcuda::wmma fragment layouts are warp-size specific",
                 "port to rocWMMA (rocwmma::fragment), which is wave-size aware");
        continue;
      }
      if ((K.isIdent("BLOCK_LOAD_WARP_TRANSPOSE") ||
           K.isIdent("BLOCK_STORE_WARP_TRANSPOSE") ||
           K.isIdent("BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED") ||
           K.isIdent("BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED"))) {
        C.report("wave-block-load", Severity::Warning, K.Offset,
                 "warp-transpose block algorithms need a block size that is a "
                 "multiple of the wavefront (64 on CDNA)",
                 "use the DIRECT or TRANSPOSE variant, or a block size that is "
                 "a multiple of 64");
        continue;
      }
    }
  }
};

} // namespace

std::unique_ptr<Rule> createWaveFindingsRule() {
  return std::make_unique<WaveFindingsRule>();
}

} // namespace cu2hip
