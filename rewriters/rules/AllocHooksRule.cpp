//===- AllocHooksRule.cpp - rule "alloc-hooks" (opt-in: --alloc-hooks) --------------------===//
//
// Placeholder: the rule does nothing yet.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

namespace cu2hip {
namespace {

class AllocHooksRule : public Rule {
public:
  llvm::StringRef id() const override { return "alloc-hooks"; }
  void run(FileContext &) override {}
};

} // namespace

std::unique_ptr<Rule> createAllocHooksRule() { return std::make_unique<AllocHooksRule>(); }

} // namespace cu2hip
