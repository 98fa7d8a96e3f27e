//===- LaunchSymbolRule.cpp - rule "launch-symbol": HIP_SYMBOL ------------===//
//
// CUDA:  cudaMemcpyToSymbol(c_table, h, n);
// HIP:   hipMemcpyToSymbol(HIP_SYMBOL(c_table), h, n);
// HIP's symbol APIs take the symbol's address on AMD (HIP_SYMBOL); also
// inside user macros, since the rule works on tokens. A string literal
// symbol name (removed from CUDA long ago) gets a finding.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"
#include "llvm/ADT/StringSwitch.h"

namespace cu2hip {
namespace {

class SymbolRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"launch-symbol", IdKind::Edit, "HIP_SYMBOL around symbol arguments"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 0; I < T.size(); ++I) {
      int Index = -1;
      auto Args = apiCallArg(C, I, [](llvm::StringRef N) {
        return llvm::StringSwitch<int>(N)
            .Cases("MemcpyToSymbol", "MemcpyToSymbolAsync", 0)
            .Cases("MemcpyFromSymbol", "MemcpyFromSymbolAsync", 1)
            .Cases("GetSymbolAddress", "GetSymbolSize", 1)
            .Default(-1);
      }, Index);
      if (!Args)
        continue;
      const auto &A = Args->Args[Index];
      llvm::StringRef S = T.argText(A);
      if (S.startswith("HIP_SYMBOL"))
        continue;
      if (T[A.First].is(clang::tok::string_literal)) {
        C.report(id(), Severity::Warning, T[A.First].Offset,
                 "symbol named by a string: pass the symbol itself");
        continue;
      }
      wrapArg(C, id(), A, "HIP_SYMBOL(", ")");
    }
  }
};

} // namespace

std::unique_ptr<Rule> createSymbolRule() { return std::make_unique<SymbolRule>(); }

} // namespace cu2hip
