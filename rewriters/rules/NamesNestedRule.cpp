//===- NamesNestedRule.cpp - rule "names-nested": thrust::cuda ------------===//
//
// CUDA:  thrust::sort(thrust::cuda::par.on(s), v.begin(), v.end());
// HIP:   thrust::sort(thrust::hip::par.on(s), v.begin(), v.end());
// rocThrust keeps Thrust's names but its device backend is `thrust::hip`
// (case 24; ROCm/HIPIFY#922, ROCm/rocThrust#301). A bare `cuda` cannot be
// renamed (libcu++'s cuda::std, users' namespaces), so the maps name the
// backend namespaces qualified ("thrust::cuda", "thrust::system::cuda",
// "thrust::cuda_cub", kind namespace) and this rule renames the last
// component where the whole qualified chain is spelled: in expressions,
// `using namespace`, namespace aliases, macro bodies and inactive code. A
// leading `::` is allowed. The headers (thrust/system/cuda/...) are
// header entries of the same maps (rule includes).
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

using namespace clang;

namespace cu2hip {
namespace {

class QualifiedNamespaceRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"names-nested", IdKind::Edit,
         "qualified namespaces renamed as a unit (thrust::cuda -> thrust::hip)"},
    };
    return Ids;
  }

  /// A namespace or function entry whose CUDA key is qualified
  /// (`thrust::cuda`, `thrust::cuda_category`) and that has a HIP name.
  static bool isQualifiedEntry(const MapEntry &E) {
    return (E.isNamespace() || E.Kind == "function") && !E.Hip.empty() &&
           llvm::StringRef(E.Cuda).contains("::");
  }

  /// The function named at token `I`, as the parse resolved it, when its
  /// qualified name is a qualified entry of the maps (`cuda_category()`
  /// after `using thrust::cuda_category;`, or through a namespace alias):
  /// that entry; else nullptr.
  static const MapEntry *resolvedEntry(const FileContext &C, size_t I) {
    const NameRef *R = indexedName(C, I);
    if (!R || !R->System || R->Kind != DeclKind::Function)
      return nullptr;
    const MapEntry *E = C.Maps.lookupName(R->QualName);
    return E && E->Kind == "function" && isQualifiedEntry(*E) ? E : nullptr;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    for (size_t I = 0; I < T.size(); ++I) {
      if (!T[I].isIdent() || inIncludeDirective(C, I))
        continue;
      if (const MapEntry *E = resolvedEntry(C, I)) {
        llvm::StringRef Last = llvm::StringRef(E->Hip).rsplit("::").second;
        if (T[I].Text != Last) {
          C.replaceTokens(id(), I, I, Last);
          ++C.Stats.RenamesPerLib[E->Lib.empty() ? "other" : E->Lib];
        }
        continue;
      }
      // Only chains that start here: not `x.thrust::...` or `a::thrust`.
      if (I > 0 && (T[I - 1].is(tok::period) || T[I - 1].is(tok::arrow) ||
                    (T[I - 1].is(tok::coloncolon) && I > 1 && T[I - 2].isIdent())))
        continue;
      // Longest mapped chain A::B[::C...] starting at I.
      std::string Chain = T[I].Text.str();
      size_t Best = 0;
      const MapEntry *BestE = nullptr;
      for (size_t J = I; J + 2 < T.size() && T[J + 1].is(tok::coloncolon) && T[J + 2].isIdent();
           J += 2) {
        Chain += "::" + T[J + 2].Text.str();
        const MapEntry *E = C.Maps.lookupName(Chain);
        if (E && isQualifiedEntry(*E)) {
          Best = J + 2;
          BestE = E;
        }
      }
      if (!BestE)
        continue;
      llvm::StringRef Last = llvm::StringRef(BestE->Hip).rsplit("::").second;
      if (Last.empty())
        Last = BestE->Hip;
      if (T[Best].Text != Last) {
        C.replaceTokens(id(), Best, Best, Last);
        ++C.Stats.RenamesPerLib[BestE->Lib.empty() ? "other" : BestE->Lib];
      }
      I = Best;
    }
  }
};

} // namespace

std::unique_ptr<Rule> createQualifiedNamespaceRule() {
  return std::make_unique<QualifiedNamespaceRule>();
}

} // namespace cu2hip
