//===- DynamicSharedRule.cpp - rule "dynamic-shared" ----------------------===//
//
// With --dynamic-shared=macro (used for CPU-emulator builds):
// CUDA:  extern __shared__ float tile[];
// HIP:   HIP_DYNAMIC_SHARED(float, tile)
// HIP_DYNAMIC_SHARED is HIP's own macro; on AMD it expands to the extern
// __shared__ declaration, on the emulator to the block's dynamic buffer.
// The declaration is found by its shape; where the typed index has the
// declarator, it must be a variable of incomplete array type (`float[]`,
// through typedefs and template parameters alike), else the declaration is
// left as written with a warning. A declaration of several arrays
// (`extern __shared__ float a[], b[];`) is left as written with a warning:
// the macro declares one.
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

  /// Why `extern ... name[];` (tokens [Extern, Semi]) is not one dynamic
  /// shared array HIP_DYNAMIC_SHARED can declare, or nullptr when it is.
  static const char *notOneDynamicArray(const FileContext &C, size_t Extern, size_t Semi) {
    const auto &T = C.Toks;
    int Angles = 0; // `Pair<float, int>` is one type
    for (size_t K = Extern; K < Semi; ++K) {
      Angles += T[K].is(tok::less) - T[K].is(tok::greater) - 2 * T[K].is(tok::greatergreater);
      if (T[K].is(tok::comma) && Angles <= 0)
        return "it declares several arrays, HIP_DYNAMIC_SHARED one";
    }
    if (const NameRef *R = indexedName(C, Semi - 3))
      if (!R->IsDecl || R->Kind != DeclKind::Variable ||
          !llvm::StringRef(R->Type).endswith("[]"))
        return "the parse does not see a variable of incomplete array type here";
    return nullptr;
  }

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
      if (const char *Why = notOneDynamicArray(C, I, Semi)) {
        C.report(id(), Severity::Warning, T[I].Offset,
                 std::string("dynamic shared declaration left as written: ") + Why);
        I = Semi;
        continue;
      }
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
