//===- DynamicSharedRule.cpp - rule "dynamic-shared" ----------------------===//
//
// With --dynamic-shared=macro (used for CPU-emulator builds):
// CUDA:  extern __shared__ float tile[];
// HIP:   HIP_DYNAMIC_SHARED(float, tile)
// HIP_DYNAMIC_SHARED is HIP's own macro; on AMD it expands to the extern
// __shared__ declaration, on the emulator to the block's dynamic buffer.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

using namespace clang;

namespace cu2hip {
namespace {

class DynamicSharedRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"dynamic-shared", IdKind::Edit, "extern __shared__ arrays to HIP_DYNAMIC_SHARED"},
    };
    return Ids;
  }

  bool enabled(const Options &O) const override { return O.DynamicSharedMacro; }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 0; I + 1 < T.size(); ++I) {
      if (!T[I].isIdent("extern"))
        continue;
      size_t J = I + 1;
      bool Shared = false;
      size_t Semi = 0;
      for (; J < T.size(); ++J) {
        if (T[J].is(tok::semi)) {
          Semi = J;
          break;
        }
        if (T[J].isIdent("__shared__")) {
          Shared = true;
          continue;
        }
        if (T[J].isIdent("__align__") || T[J].isIdent("alignas")) {
          if (J + 1 < T.size() && T[J + 1].is(tok::l_paren))
            if (auto Close = T.matchForward(J + 1)) {
              J = *Close;
              continue;
            }
        }
        if (T[J].is(tok::l_brace) || T[J].is(tok::r_brace) || T[J].is(tok::l_paren))
          break;
      }
      if (!Shared || !Semi || Semi < I + 4 || !T[Semi - 1].is(tok::r_square) ||
          !T[Semi - 2].is(tok::l_square) || !T[Semi - 3].isIdent())
        continue;
      // The type is the tokens between the qualifiers and the name. It is
      // left in place (other rules may rename it, e.g. __nv_bfloat16); only
      // the text around it is replaced, so the edits never overlap.
      size_t FirstType = I + 1;
      while (FirstType < Semi - 3) {
        if (T[FirstType].isIdent("__shared__")) {
          ++FirstType;
          continue;
        }
        if ((T[FirstType].isIdent("__align__") || T[FirstType].isIdent("alignas")) &&
            T[FirstType + 1].is(tok::l_paren)) {
          if (auto Close = T.matchForward(FirstType + 1)) {
            FirstType = *Close + 1;
            continue;
          }
        }
        break;
      }
      size_t LastType = Semi - 4;
      bool Clean = FirstType <= LastType;
      for (size_t K = FirstType; Clean && K <= LastType; ++K)
        if (T[K].isIdent("__shared__") || T[K].isIdent("__align__") || T[K].isIdent("alignas"))
          Clean = false;
      if (!Clean) {
        C.report(id(), Severity::Warning, T[I].Offset,
                 "dynamic shared declaration not recognised; left as written");
        I = Semi;
        continue;
      }
      unsigned B = T[I].Offset;
      C.Edits.add({B, T[FirstType].Offset - B, "HIP_DYNAMIC_SHARED(", id().str()});
      B = T[LastType].end();
      C.Edits.add({B, T[Semi - 3].Offset - B, ", ", id().str()});
      B = T[Semi - 3].end();
      C.Edits.add({B, T[Semi].end() - B, ")", id().str()});
      ++C.Stats.EditsPerRule[id()];
      I = Semi;
    }
  }
};

} // namespace

std::unique_ptr<Rule> createDynamicSharedRule() {
  return std::make_unique<DynamicSharedRule>();
}

} // namespace cu2hip
