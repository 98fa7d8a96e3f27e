//===- WaveOccupancyRule.cpp - rule "wave-occupancy" ----------------------===//
//
// Finding: occupancy arithmetic from NVIDIA's per-multiprocessor limits,
// `prop.maxThreadsPerMultiProcessor / prop.regsPerBlock` and the like
// (catalogue row 27, docs/wave64.md A.2): AMD compute units have other
// limits and 64-lane wavefronts; hipOccupancyMaxActiveBlocksPerMultiprocessor
// gives the real answer. Only members of the device-property struct count:
// by the typed index (the member's parent type, so typedefs, `auto` copies
// and references through templates are recognised, and the user's own
// struct with a member of that name is not). Where the index has no entry
// every member of such a name is reported, noted as a guess when the file
// was not parsed.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cu2hip {
namespace {

class WaveOccupancyRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-occupancy", IdKind::Note, "occupancy arithmetic from NVIDIA SM limits"},
    };
    return Ids;
  }

  static bool isLimitMember(llvm::StringRef N) {
    return llvm::StringSwitch<bool>(N)
        .Cases("maxThreadsPerMultiProcessor", "regsPerMultiprocessor",
               "sharedMemPerMultiprocessor", "maxBlocksPerMultiProcessor", "regsPerBlock",
               true)
        .Default(false);
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 1; I < T.size(); ++I) {
      const Tok &K = T[I];
      if (!K.isIdent() || !(T[I - 1].is(tok::period) || T[I - 1].is(tok::arrow)) ||
          !isLimitMember(K.Text))
        continue;
      auto OfProp = memberOfType(C, I, devicePropTypes());
      if (OfProp == std::optional<bool>(false))
        continue; // a member of some other type
      std::string Msg = "occupancy arithmetic from per-multiprocessor limits: AMD compute "
                        "units have other limits and 64-lane wavefronts";
      if (!OfProp && !C.Facts.Parsed)
        Msg += " (guessed from the member's name: the file was not parsed)";
      C.report(id(), Severity::Note, K.Offset, Msg,
               "ask hipOccupancyMaxActiveBlocksPerMultiprocessor instead");
    }
  }
};

} // namespace

std::unique_ptr<Rule> createWaveOccupancyRule() {
  return std::make_unique<WaveOccupancyRule>();
}

} // namespace cu2hip
