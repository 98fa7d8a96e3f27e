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
  llvm::StringRef id() const override { return "dynamic-shared"; }

  void run(FileContext &C) override {
    if (!C.Opts.DynamicSharedMacro)
      return;
    const auto &T = C.Toks;
    for (size_t I = 0; I + 1 < T.size(); ++I) {
      if (!T[I].isIdent("extern"))
        continue;
      size_t J = I + 1;
      bool Shared = false;
      std::string Type;
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
      // Type: tokens between `extern` and the name, without __shared__/align.
      for (size_t K = I + 1; K < Semi - 3; ++K) {
        if (T[K].isIdent("__shared__"))
          continue;
        if ((T[K].isIdent("__align__") || T[K].isIdent("alignas")) &&
            K + 1 < T.size() && T[K + 1].is(tok::l_paren)) {
          if (auto Close = T.matchForward(K + 1))
            K = *Close;
          continue;
        }
        if (!Type.empty())
          Type += " ";
        Type += T[K].Text.str();
      }
      C.replaceTokens(id(), I, Semi,
                      "HIP_DYNAMIC_SHARED(" + Type + ", " + T[Semi - 3].Text.str() + ")");
      I = Semi;
    }
  }
};

} // namespace

std::unique_ptr<Rule> createDynamicSharedRule() {
  return std::make_unique<DynamicSharedRule>();
}

} // namespace cu2hip
