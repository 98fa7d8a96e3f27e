//===- CgLabeledPartitionRule.cpp - rule "cg-labeled-partition" -----------===//
//
// CUDA:  auto g = cg::labeled_partition(tile32, key);
// HIP:   the same call, with <cu2hip/cg_labeled.h> included
//
// ROCm <= 7.2 has no cooperative_groups::labeled_partition.
// cu2hip/cg_labeled.h defines it in namespace cooperative_groups for tiles
// of at most 32 threads and coalesced groups, with CUDA's semantics inside
// the 32-lane logical warp, so the call stays as written (through any
// namespace alias or using-directive) and this rule only requests the
// header, with a note. A user's own function of that name (by declaration
// identity where the typed index has it) is left alone.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

using namespace clang;

namespace cu2hip {
namespace {

class CgLabeledPartitionRule : public Rule {
public:
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {
        {"cg-labeled-partition", IdKind::Note,
         "cg::labeled_partition: cu2hip/cg_labeled.h (tiles of at most 32 threads)"},
    };
    return Ids;
  }

  void run(FileContext &C) override {
    const auto &T = C.Toks;
    bool Noted = false;
    for (size_t I = 0; I + 1 < T.size(); ++I) {
      if (!T[I].isIdent("labeled_partition") || !T[I + 1].is(tok::l_paren) ||
          isMacroNameBeingDefined(C, I) || (I > 0 && (T[I - 1].is(tok::period) ||
                                                      T[I - 1].is(tok::arrow))))
        continue;
      if (const NameRef *R = indexedName(C, I))
        if (!R->System)
          continue; // the user's own function of that name
      C.requestHeader("cu2hip/cg_labeled.h");
      ++C.Stats.EditsPerRule[id()];
      if (!Noted)
        C.report(id(), Severity::Note, T[I].Offset,
                 "cg::labeled_partition is not in ROCm 7.2: cu2hip/cg_labeled.h provides it "
                 "for tiles of at most 32 threads and coalesced groups (a match over the "
                 "tile's lanes in the 32-lane logical warp)");
      Noted = true;
    }
  }
};

} // namespace

std::unique_ptr<Rule> createCgLabeledPartitionRule() {
  return std::make_unique<CgLabeledPartitionRule>();
}

} // namespace cu2hip
