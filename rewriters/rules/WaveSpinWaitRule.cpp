//===- WaveSpinWaitRule.cpp - rule "wave-spin-wait" -----------------------===//
//
// Findings about device loops whose exit depends on another thread making
// progress, which AMD's scheduling does not promise:
//  wave-spin-wait  an empty (or sleep/fence-only) `while` loop in device
//                  code that waits on memory written by another warp
//                  (catalogue row 23): two CUDA warps can be the halves of
//                  one wave64, which cannot wait for each other -> hang;
//  wave-spin-lock  a per-lane lock loop on atomicCAS/atomicExch (row 24):
//                  relies on independent thread scheduling, which AMD
//                  wavefronts lack -> livelock when lanes of one wavefront
//                  contend.
// The loops are found by shape in __global__/__device__ bodies.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

using namespace clang;

namespace cu2hip {
namespace {

class WaveSpinRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-spin-wait", IdKind::Warning, "device spin wait on another warp"},
        {"wave-spin-lock", IdKind::Warning, "per-lane atomic lock loop"},
    };
    return Ids;
  }

  /// Does the condition `(First, Last)` call atomicCAS/atomicExch?
  static bool callsAtomicSwap(const TokenStream &T, size_t First, size_t Last) {
    for (size_t J = First; J < Last; ++J)
      if (T[J].isIdent("atomicCAS") || T[J].isIdent("atomicExch"))
        return true;
    return false;
  }

  /// Is the statement after a loop condition (at `After`, before `Close`)
  /// empty or only a sleep or fence?
  static bool waitsOnly(const TokenStream &T, size_t After, size_t Close) {
    bool Empty = After < Close &&
                 (T[After].is(tok::semi) || (T[After].is(tok::l_brace) && After + 1 < Close &&
                                             T[After + 1].is(tok::r_brace)));
    bool Sleep = After + 1 < Close && T[After].is(tok::l_brace) &&
                 (T[After + 1].isIdent("__nanosleep") || T[After + 1].isIdent("__threadfence") ||
                  T[After + 1].isIdent("__threadfence_block"));
    return Empty || Sleep;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (auto [Open, Close] : deviceBodies(T)) {
      for (size_t I = Open; I < Close; ++I) {
        if (!T[I].isIdent("while") || I + 1 >= Close || !T[I + 1].is(tok::l_paren))
          continue;
        auto CondEnd = T.matchForward(I + 1);
        if (!CondEnd)
          continue;
        if (callsAtomicSwap(T, I + 2, *CondEnd)) {
          C.report("wave-spin-lock", Severity::Warning, T[I].Offset,
                   "lock loop on an atomic: relies on independent scheduling of "
                   "the lanes of a warp, which AMD wavefronts do not have "
                   "(livelock when lanes of one wavefront contend)",
                   "elect one lane per wavefront to take the lock, or restructure");
          continue;
        }
        bool DoWhile = I > 0 && T[I - 1].is(tok::r_brace);
        if (waitsOnly(T, *CondEnd + 1, Close) && !DoWhile)
          C.report("wave-spin-wait", Severity::Warning, T[I].Offset,
                   "spin wait in device code: if the value is written by another "
                   "warp of the block, both CUDA warps may be halves of one wave64 "
                   "and wait for each other forever",
                   "use __syncthreads() or a block-level barrier between producer "
                   "and consumer");
      }
    }
  }
};

} // namespace

std::unique_ptr<Rule> createWaveSpinRule() { return std::make_unique<WaveSpinRule>(); }

} // namespace cu2hip
