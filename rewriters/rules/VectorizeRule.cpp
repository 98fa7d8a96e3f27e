//===- VectorizeRule.cpp - rule "vectorize" (opt-in: --vectorize) --------------------===//
//
// Placeholder: the rule does nothing yet.
//===----------------------------------------------------------------------===//
#include "RuleUtil.h"

namespace cu2hip {
namespace {

class VectorizeRule : public Rule {
public:
  llvm::StringRef id() const override { return "vectorize"; }
  void run(FileContext &) override {}
};

} // namespace

std::unique_ptr<Rule> createVectorizeRule() { return std::make_unique<VectorizeRule>(); }

} // namespace cu2hip
