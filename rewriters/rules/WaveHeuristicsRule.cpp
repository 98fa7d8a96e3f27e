//===- WaveHeuristicsRule.cpp - warp-32 assumptions found by shape --------===//
//
// Catalogue rows (docs/wave64.md, A.2) that need a person:
//  wave-amdgcn-size   __AMDGCN_WAVEFRONT_SIZE(__) (row 18): deprecated and
//                     removed from Clang; in code it becomes
//                     cu2hip::device_wave_size(), in #if it is reported.
//  wave-volatile-sync warp-synchronous `volatile` shared-memory reduction
//                     under a `< 32` guard (row 22): works on AMD only while
//                     the 32 threads stay in one wavefront and `volatile` stays.
//  wave-spin-wait     a device loop that waits on memory written by another
//                     warp (row 23): two CUDA warps can be one wave64, whose
//                     halves cannot wait for each other -> hang.
//  wave-spin-lock     per-lane lock loops on atomicCAS/atomicExch (row 24):
//                     rely on independent thread scheduling, which AMD lacks.
//  wave-block-size    launches with 32-thread blocks or `32 * n` threads
//                     (row 25): half-empty wavefronts on CDNA.
//  wave-occupancy     occupancy arithmetic from NVIDIA per-SM limits (row 27).
//  wave-hardcoded-64  a warp/wave size macro defined as 64 (row 30): wrong on
//                     wave32 RDNA.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cu2hip {
namespace {

class WaveHeuristicsRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-amdgcn-size", IdKind::Edit, "__AMDGCN_WAVEFRONT_SIZE to cu2hip::device_wave_size()"},
        {"wave-volatile-sync", IdKind::Note, "warp-synchronous volatile reduction"},
        {"wave-spin-wait", IdKind::Warning, "device spin wait on another warp"},
        {"wave-spin-lock", IdKind::Warning, "per-lane atomic lock loop"},
        {"wave-block-size", IdKind::Note, "32-thread blocks leave wave64 half empty"},
        {"wave-occupancy", IdKind::Note, "occupancy arithmetic from NVIDIA SM limits"},
        {"wave-hardcoded-64", IdKind::Warning, "warp/wave size macro fixed at 64"},
    };
    return Ids;
  }

  /// [open brace, close brace] of every __global__/__device__ function body.
  static std::vector<std::pair<size_t, size_t>> deviceBodies(const TokenStream &T) {
    std::vector<std::pair<size_t, size_t>> R;
    for (size_t I = 0; I < T.size(); ++I) {
      if (!(T[I].isIdent("__global__") || T[I].isIdent("__device__")) || T[I].InDirective)
        continue;
      for (size_t J = I + 1; J < T.size(); ++J) {
        if (T[J].is(tok::semi) || T[J].is(tok::equal))
          break;
        if (T[J].is(tok::l_paren)) {
          if (auto C = T.matchForward(J))
            J = *C;
          continue;
        }
        if (T[J].is(tok::l_brace)) {
          if (auto C = T.matchForward(J)) {
            R.push_back({J, *C});
            I = *C;
          }
          break;
        }
      }
    }
    return R;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 0; I < T.size(); ++I) {
      const Tok &K = T[I];
      // Row 18.
      if (K.isIdent("__AMDGCN_WAVEFRONT_SIZE") || K.isIdent("__AMDGCN_WAVEFRONT_SIZE__")) {
        if (K.InDirective)
          C.report("wave-amdgcn-size", Severity::Warning, K.Offset,
                   "__AMDGCN_WAVEFRONT_SIZE is deprecated and removed from current "
                   "Clang; it has no value in the host pass",
                   "use cu2hip::device_wave_size() in device code, or test __GFX9__");
        else if (C.Opts.Wave != WaveMode::Keep) {
          C.replaceTokens("wave-amdgcn-size", I, I, "cu2hip::device_wave_size()");
          C.requestHeader("cu2hip/wave.h");
        }
        continue;
      }
      // Row 30: #define WARP_SIZE 64
      if (K.isIdent() && I >= 2 && T[I - 1].isIdent("define") && T[I - 2].is(tok::hash) &&
          I + 1 < T.size() && T[I + 1].InDirective && !T[I + 1].StartOfLine &&
          T[I + 1].is(tok::numeric_constant) && T[I + 1].Text == "64") {
        std::string U = K.Text.upper();
        if (U.find("WARP") != std::string::npos || U.find("WAVE") != std::string::npos)
          C.report("wave-hardcoded-64", Severity::Warning, K.Offset,
                   "'" + K.Text.str() + "' fixes the wavefront at 64 lanes; RDNA "
                   "(gfx10+) runs wave32",
                   "use cu2hip::device_wave_size() on the device and "
                   "cu2hip::host_wave_size() on the host");
        continue;
      }
      // Row 27.
      if (K.isIdent() && I > 0 && (T[I - 1].is(tok::period) || T[I - 1].is(tok::arrow)) &&
          llvm::StringSwitch<bool>(K.Text)
              .Cases("maxThreadsPerMultiProcessor", "regsPerMultiprocessor",
                     "sharedMemPerMultiprocessor", "maxBlocksPerMultiProcessor",
                     "regsPerBlock", true)
              .Default(false)) {
        C.report("wave-occupancy", Severity::Note, K.Offset,
                 "occupancy arithmetic from per-multiprocessor limits: AMD compute "
                 "units have other limits and 64-lane wavefronts",
                 "ask hipOccupancyMaxActiveBlocksPerMultiprocessor instead");
        continue;
      }
      // Row 25.
      if (K.is(tok::lesslessless)) {
        auto Conf = T.parseList(I);
        if (!Conf || Conf->Args.size() < 2)
          continue;
        const auto &B = Conf->Args[1];
        llvm::StringRef Text = T.argText(B);
        bool ThirtyTwo = Text == "32" || Text.startswith("32 *") ||
                         Text.startswith("32*") || Text.endswith("* 32") ||
                         Text.endswith("*32") || Text == "dim3(32)";
        if (ThirtyTwo)
          C.report("wave-block-size", Severity::Note, T[B.First].Offset,
                   "blocks of 32 threads (or multiples of 32 that are not "
                   "multiples of 64) leave wave64 wavefronts half empty on CDNA",
                   "prefer block sizes that are multiples of 64");
      }
    }

    for (auto [Open, Close] : deviceBodies(T)) {
      bool Guard32 = false, HasVolatile = false;
      size_t VolatileAt = 0;
      for (size_t I = Open; I < Close; ++I) {
        if (T[I].is(tok::less) && I + 1 < Close && T[I + 1].Text == "32")
          Guard32 = true;
        if (T[I].isIdent("volatile") && !HasVolatile) {
          HasVolatile = true;
          VolatileAt = I;
        }
        bool IsWhile = T[I].isIdent("while") && I + 1 < Close && T[I + 1].is(tok::l_paren);
        if (!IsWhile)
          continue;
        auto CondEnd = T.matchForward(I + 1);
        if (!CondEnd)
          continue;
        bool Atomic = false;
        for (size_t J = I + 2; J < *CondEnd; ++J)
          if (T[J].isIdent("atomicCAS") || T[J].isIdent("atomicExch"))
            Atomic = true;
        if (Atomic) {
          C.report("wave-spin-lock", Severity::Warning, T[I].Offset,
                   "lock loop on an atomic: relies on independent scheduling of "
                   "the lanes of a warp, which AMD wavefronts do not have "
                   "(livelock when lanes of one wavefront contend)",
                   "elect one lane per wavefront to take the lock, or restructure");
          continue;
        }
        // An empty or sleep-only loop body waits for another thread.
        size_t After = *CondEnd + 1;
        bool EmptyBody = After < Close &&
                         (T[After].is(tok::semi) ||
                          (T[After].is(tok::l_brace) && After + 1 < Close &&
                           T[After + 1].is(tok::r_brace)));
        bool SleepBody = After + 1 < Close && T[After].is(tok::l_brace) &&
                         (T[After + 1].isIdent("__nanosleep") ||
                          T[After + 1].isIdent("__threadfence") ||
                          T[After + 1].isIdent("__threadfence_block"));
        bool DoWhile = I > 0 && T[I - 1].is(tok::r_brace);
        if ((EmptyBody || SleepBody) && !DoWhile)
          C.report("wave-spin-wait", Severity::Warning, T[I].Offset,
                   "spin wait in device code: if the value is written by another "
                   "warp of the block, both CUDA warps may be halves of one wave64 "
                   "and wait for each other forever",
                   "use __syncthreads() or a block-level barrier between producer "
                   "and consumer");
      }
      if (HasVolatile && Guard32)
        C.report("wave-volatile-sync", Severity::Note, T[VolatileAt].Offset,
                 "warp-synchronous volatile shared-memory reduction: correct on AMD "
                 "only while the 32 threads stay in one wavefront and the accesses "
                 "stay volatile",
                 "prefer a shuffle reduction (__shfl_down_sync with width 32)");
    }
  }
};

} // namespace

std::unique_ptr<Rule> createWaveHeuristicsRule() {
  return std::make_unique<WaveHeuristicsRule>();
}

} // namespace cu2hip
