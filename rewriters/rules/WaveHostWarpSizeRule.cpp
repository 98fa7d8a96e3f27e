//===- WaveHostWarpSizeRule.cpp - rule "wave-host-warpsize" ---------------===//
//
// Finding: the host reads `prop.warpSize` of cudaDeviceProp/hipDeviceProp_t
// (catalogue row 6, docs/wave64.md A.2): on AMD it is the wavefront size
// (64 on CDNA, 32 on RDNA), while the port keeps 32-lane CUDA warps, so
// geometry computed from it no longer matches the kernels. Only members of
// the device-property struct are reported where the typed index knows the
// member's parent type (typedefs, `auto`, templates included); a user's own
// struct with a member warpSize is not. Without an index entry every member
// of that name is reported, noted as a guess when the file was not parsed.
// Members are never renamed (WaveWarpSizeRule.cpp converts the device
// variable).
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

namespace cu2hip {
namespace {

class WaveHostWarpSizeRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-host-warpsize", IdKind::Warning, "host reads the device wavefront size"},
    };
    return Ids;
  }

  /// `prop.warpSize`: a finding when the member is the device-property
  /// struct's (by the index), or, without an index entry, whenever the
  /// member is spelled so (noted as a guess when the file was not parsed).
  void reportHostRead(FileContext &C, size_t I) {
    auto OfProp = memberOfType(C, I, devicePropTypes());
    if (OfProp == std::optional<bool>(false))
      return; // a member of some other type
    std::string Msg = "reads the device's wavefront size (64 on CDNA, 32 on RDNA); "
                      "the port keeps 32-lane CUDA warps, so geometry computed from "
                      "it no longer matches the kernels";
    if (!OfProp && !C.Facts.Parsed)
      Msg += " (guessed from the member's name: the file was not parsed)";
    C.report(id(), Severity::Warning, C.Toks[I].Offset, Msg,
             "use 32 (cu2hip::logical_warp_size) for warp geometry, or "
             "cu2hip::host_wave_size() where the real wavefront is meant");
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 1; I < T.size(); ++I)
      if (T[I].isIdent("warpSize") && !C.yieldsAt(T[I].Offset) &&
          (T[I - 1].is(clang::tok::period) || T[I - 1].is(clang::tok::arrow)))
        reportHostRead(C, I);
  }
};

} // namespace

std::unique_ptr<Rule> createWaveHostWarpSizeRule() {
  return std::make_unique<WaveHostWarpSizeRule>();
}

} // namespace cu2hip
