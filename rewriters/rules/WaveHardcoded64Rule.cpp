//===- WaveHardcoded64Rule.cpp - rule "wave-hardcoded-64" -----------------===//
//
// Finding: `#define WARP_SIZE 64` (any macro whose name contains WARP or
// WAVE, defined as the literal 64) fixes the wavefront at 64 lanes, which is
// wrong on wave32 RDNA (catalogue row 30, docs/wave64.md A.2). Such macros
// are usually written for a port to CDNA; the fix is the runtime helpers.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

using namespace clang;

namespace cu2hip {
namespace {

class WaveHardcoded64Rule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-hardcoded-64", IdKind::Warning, "warp/wave size macro fixed at 64"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 2; I + 1 < T.size(); ++I) {
      const Tok &K = T[I];
      if (!K.isIdent() || !isMacroNameBeingDefined(C, I) || !T[I + 1].InDirective ||
          T[I + 1].StartOfLine || !T[I + 1].is(tok::numeric_constant) ||
          T[I + 1].Text != "64" || K.Text.startswith("__AMDGCN_WAVEFRONT_SIZE"))
        continue; // (redefining the compiler's macro is wave-amdgcn-size's)
      std::string U = K.Text.upper();
      if (U.find("WARP") != std::string::npos || U.find("WAVE") != std::string::npos)
        C.report(id(), Severity::Warning, K.Offset,
                 "'" + K.Text.str() + "' fixes the wavefront at 64 lanes; RDNA "
                 "(gfx10+) runs wave32",
                 "use cu2hip::device_wave_size() on the device and "
                 "cu2hip::host_wave_size() on the host");
    }
  }
};

} // namespace

std::unique_ptr<Rule> createWaveHardcoded64Rule() {
  return std::make_unique<WaveHardcoded64Rule>();
}

} // namespace cu2hip
