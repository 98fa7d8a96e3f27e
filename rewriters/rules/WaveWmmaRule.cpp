//===- WaveWmmaRule.cpp - rule "wave-wmma" --------------------------------===//
//
// Finding: nvcuda::wmma fragments have warp-size specific layouts
// (catalogue row 28, docs/wave64.md A.2); rocWMMA is the wave-size aware
// port. Reported at every name of the namespace nvcuda::wmma: by declaration
// identity where the typed index has it (so `wmma::` after `using namespace
// nvcuda;` and the target of `namespace wm = nvcuda::wmma;` count, a user's
// own `wmma` namespace does not), by the spelling `nvcuda::wmma` elsewhere,
// with one note per file when no configuration parsed it.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

using namespace clang;

namespace cu2hip {
namespace {

class WaveWmmaRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"wave-wmma", IdKind::Warning, "nvcuda::wmma fragments"},
    };
    return Ids;
  }

  /// Is the `wmma` at token `I` the namespace nvcuda::wmma?
  bool isWmmaNamespace(FileContext &C, size_t I, bool &GuessNoted) {
    const auto &T = C.Toks;
    if (const NameRef *R = indexedName(C, I))
      return R->System && R->Kind == DeclKind::Namespace && R->QualName == "nvcuda::wmma";
    bool Spelled = I >= 2 && T[I - 1].is(tok::coloncolon) && T[I - 2].isIdent("nvcuda");
    if (Spelled && !C.Facts.Parsed && !GuessNoted) {
      GuessNoted = true;
      C.report(id(), Severity::Note, T[I].Offset,
               "'nvcuda::wmma' recognised by its spelling: the file was not parsed, "
               "so `using namespace nvcuda;` and namespace aliases are not followed");
    }
    return Spelled;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    bool GuessNoted = false;
    for (size_t I = 0; I < T.size(); ++I)
      if (T[I].isIdent("wmma") && isWmmaNamespace(C, I, GuessNoted))
        C.report(id(), Severity::Warning, T[I].Offset,
                 "nvcuda::wmma fragment layouts are warp-size specific",
                 "port to rocWMMA (rocwmma::fragment), which is wave-size aware");
  }
};

} // namespace

std::unique_ptr<Rule> createWaveWmmaRule() { return std::make_unique<WaveWmmaRule>(); }

} // namespace cu2hip
