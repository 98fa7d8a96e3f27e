//===- ClockTimeRule.cpp - rule "clock-time": clock64 cycles used as time --===//
//
// CUDA:  while (clock64() - t0 < cycles) {}       // cycles = kHz * ms
//        cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, dev);
// HIP:   while (wall_clock64() - t0 < cycles) {}
//        hipDeviceGetAttribute(&khz,
//            cu2hip::wall_clock_rate_attribute(hipDeviceAttributeClockRate), dev);
// On AMD clock64() counts the shader clock at its current (DVFS) rate, not
// the peak rate the attribute reports, and on gfx11+ it is another counter:
// a wait or timeout sized in cycles from the rate lasts far longer, up to a
// hang (case 19; ROCm/hip#978, #3110, rocm-systems#7667). wall_clock64()
// ticks at hipDeviceAttributeWallClockRate.
// A file that both reads clock64() and asks for the clock rate
// (cudaDevAttrClockRate, or a cudaDeviceProp's clockRate, which CUDA 13
// removed) converts cycles to time: its clock64() calls become
// wall_clock64() and the attribute is redirected (cu2hip/clock.h; needs ROCm
// >= 5.3). A clockRate member read there gets a warning with the same fix.
// clock64() elsewhere stays (a cycle count is right for profiling) with one
// note per file; device clock() is kept with a note when the file converts.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

using namespace clang;

namespace cu2hip {
namespace {

class ClockTimeRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"clock-time", IdKind::Edit,
         "clock64() cycles turned into time -> wall_clock64() and its rate"},
        {"clock-cycles", IdKind::Note, "clock64() kept as a cycle count"},
    };
    return Ids;
  }

  static bool isCall(const TokenStream &T, size_t I) {
    return I + 1 < T.size() && T[I + 1].is(tok::l_paren) &&
           !(I > 0 && (T[I - 1].is(tok::period) || T[I - 1].is(tok::arrow) ||
                       T[I - 1].is(tok::coloncolon)));
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    std::vector<size_t> Clocks, RateAttrs, RateMembers, PlainClocks;
    for (size_t I = 0; I < T.size(); ++I) {
      if (!T[I].isIdent() || isMacroNameBeingDefined(C, I))
        continue;
      if (T[I].Text == "clock64" && isCall(T, I))
        Clocks.push_back(I);
      else if (T[I].Text == "clock" && isCall(T, I))
        PlainClocks.push_back(I);
      else if (T[I].Text == "cudaDevAttrClockRate")
        RateAttrs.push_back(I);
      else if (T[I].Text == "clockRate" && I > 0 &&
               (T[I - 1].is(tok::period) || T[I - 1].is(tok::arrow)) &&
               memberOfType(C, I, devicePropTypes()).value_or(true))
        RateMembers.push_back(I);
    }
    if (Clocks.empty())
      return;
    if (RateAttrs.empty() && RateMembers.empty()) {
      C.report("clock-cycles", Severity::Note, T[Clocks.front()].Offset,
               "clock64() counts shader-clock cycles at a variable rate on AMD: right for "
               "cycle counts; if the value is turned into time, use wall_clock64() and "
               "hipDeviceAttributeWallClockRate");
      return;
    }
    for (size_t I : Clocks) {
      const NameRef *Ref = indexedName(C, I);
      if (Ref && !Ref->Ambiguous && !Ref->System)
        continue; // the user's own clock64
      C.replaceTokens(id(), I, I, "wall_clock64");
    }
    for (size_t I : RateAttrs) {
      C.insert(id(), I, "cu2hip::wall_clock_rate_attribute(");
      C.insert(id(), I, ")", /*After=*/true);
      C.requestHeader("cu2hip/clock.h");
    }
    for (size_t I : RateMembers)
      C.report(id(), Severity::Warning, T[I].Offset,
               "clockRate used with clock64() as time: on AMD clock64() became "
               "wall_clock64(), whose rate is another",
               "read the rate with hipDeviceGetAttribute(&khz, "
               "hipDeviceAttributeWallClockRate, dev) (ROCm >= 5.3)");
    C.report(id(), Severity::Note, T[Clocks.front()].Offset,
             "clock64() with the clock rate measures time: wall_clock64() and "
             "hipDeviceAttributeWallClockRate instead (constant rate on AMD)");
    if (!PlainClocks.empty())
      C.report(id(), Severity::Note, T[PlainClocks.front()].Offset,
               "clock() kept: if it is device code measuring time, use wall_clock64()");
  }
};

} // namespace

std::unique_ptr<Rule> createClockTimeRule() { return std::make_unique<ClockTimeRule>(); }

} // namespace cu2hip
