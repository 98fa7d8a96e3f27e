//===- RuleContractTest.cpp - what FileContext enforces on rules ----------===//
//
// A rule records edits and findings only under the ids it declares
// (Rule::ids), a finding with its id's declared severity, and leaves alone
// the ranges claimed by the rules it yields to (Rule::yieldsTo); FileContext
// checks all three (Rule.h). Rule files are named after their rule's own id
// (`launch-symbol` -> LaunchSymbolRule.cpp), so a reader gets from a
// diagnostic to its code.
//===----------------------------------------------------------------------===//
#include "cu2hip/AstRule.h"
#include "cu2hip/Rule.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"
#include <functional>
#include <set>

using namespace cu2hip;

namespace {

const MapTable &emptyMaps() {
  static MapTable M;
  return M;
}

/// A rule declaring "probe" (an edit id), "probe-note" (a note) and
/// "probe-warning" (a warning), whose
/// run() does what the test asks of it. With `AsWaveShfl` its own id is
/// "wave-shfl" instead of "probe", a rule that yields to wave-native.
class ProbeRule : public Rule {
public:
  std::function<void(FileContext &)> Body;
  bool AsWaveShfl = false;
  llvm::ArrayRef<RuleIdInfo> ids() const override {
    static const RuleIdInfo Ids[] = {{"probe", IdKind::Edit, "test rule"},
                                     {"probe-note", IdKind::Note, "test note"},
                                     {"probe-warning", IdKind::Warning, "test warning"}};
    static const RuleIdInfo Shfl[] = {{"wave-shfl", IdKind::Edit, "test rule"},
                                      {"probe-note", IdKind::Note, "test note"}};
    if (AsWaveShfl)
      return Shfl;
    return Ids;
  }
  void run(FileContext &C) override { Body(C); }
};

struct Probe {
  Options Opts;
  FileFacts Facts;
  FileContext Ctx{"/virtual/probe.cu", "int a = b;\n", emptyMaps(), Opts, Facts, false};
  ProbeRule R;
};

TEST(RuleContract, DeclaredIdsAndKindsAreAccepted) {
  Probe P;
  P.R.Body = [](FileContext &C) {
    C.replaceTokens("probe", 3, 3, "c");
    C.report("probe", Severity::Warning, 0, "an edit id may say more about its edit");
    C.report("probe-note", Severity::Note, 4, "a note");
  };
  P.Ctx.run(P.R);
  P.Ctx.Edits.merge();
  EXPECT_EQ(P.Ctx.Edits.apply(P.Ctx.Buffer), "int a = c;\n");
  ASSERT_EQ(P.Ctx.Findings.size(), 2u);
  EXPECT_EQ(P.Ctx.Findings[1].RuleId, "probe-note");
  EXPECT_EQ(P.Ctx.Findings[1].Col, 5u);
}

TEST(RuleContractDeathTest, UndeclaredIdIsAnInternalError) {
  Probe P;
  P.R.Body = [](FileContext &C) { C.report("names", Severity::Note, 0, "not mine"); };
  EXPECT_EXIT(P.Ctx.run(P.R), testing::ExitedWithCode(1),
              "rule 'probe' used id 'names', which it does not declare");
  P.R.Body = [](FileContext &C) { C.replaceTokens("probe-other", 0, 0, "x"); };
  EXPECT_EXIT(P.Ctx.run(P.R), testing::ExitedWithCode(1), "'probe-other'");
}

TEST(RuleContractDeathTest, SeverityMustBeTheDeclaredKind) {
  Probe P;
  P.R.Body = [](FileContext &C) { C.report("probe-note", Severity::Warning, 0, "loud"); };
  EXPECT_EXIT(P.Ctx.run(P.R), testing::ExitedWithCode(1),
              "reported 'probe-note' as warning, but declares it note");
}

// A warning id may add a note on what it rests on; it may not be louder.
TEST(RuleContractDeathTest, WarningIdMayNoteButNotErr) {
  Probe P;
  P.R.Body = [](FileContext &C) {
    C.report("probe-warning", Severity::Note, 0, "taken by its spelling");
  };
  P.Ctx.run(P.R);
  ASSERT_EQ(P.Ctx.Findings.size(), 1u);
  EXPECT_EQ(P.Ctx.Findings[0].Sev, Severity::Note);
  P.R.Body = [](FileContext &C) { C.report("probe-warning", Severity::Error, 0, "loud"); };
  EXPECT_EXIT(P.Ctx.run(P.R), testing::ExitedWithCode(1),
              "reported 'probe-warning' as error, but declares it warning");
}

TEST(RuleContractDeathTest, OutsideARuleOnlyPorterIds) {
  Probe P;
  P.Ctx.report("edit-conflict", Severity::Error, 0, "the porter's own id");
  EXPECT_EQ(P.Ctx.Findings.size(), 1u);
  EXPECT_EXIT(P.Ctx.report("probe", Severity::Note, 0, "no rule runs"),
              testing::ExitedWithCode(1), "the porter used id 'probe'");
}

TEST(RuleContract, LogicalWaveRulesYieldToWaveNative) {
  for (const char *Id : {"wave-shfl", "wave-vote", "wave-warpsize", "wave-host-warpsize"}) {
    ASSERT_EQ(yieldsTo(Id).size(), 1u) << Id;
    EXPECT_EQ(yieldsTo(Id)[0], "wave-native");
  }
  EXPECT_TRUE(yieldsTo("names").empty());
}

TEST(RuleContract, ClaimsOfRulesYieldedToDropEditsAndFindings) {
  Probe P;
  P.Ctx.claim("wave-native", 4, 9); // "a = b"
  P.R.Body = [](FileContext &C) {
    EXPECT_TRUE(C.yieldsAt(4));
    EXPECT_FALSE(C.yieldsAt(9));
    C.replaceTokens("wave-shfl", 1, 1, "A"); // inside the claim: dropped
    C.replaceTokens("wave-shfl", 0, 0, "long");
    C.report("probe-note", Severity::Note, 8, "inside: dropped");
    C.report("probe-note", Severity::Note, 9, "outside: kept");
  };
  P.R.AsWaveShfl = true;
  P.Ctx.run(P.R);
  P.Ctx.Edits.merge();
  EXPECT_EQ(P.Ctx.Edits.apply(P.Ctx.Buffer), "long a = b;\n");
  ASSERT_EQ(P.Ctx.Findings.size(), 1u);
  EXPECT_EQ(P.Ctx.Findings[0].Offset, 9u);
  // A rule that does not yield edits there, and outside run() nothing yields.
  Probe Q;
  Q.Ctx.claim("wave-native", 4, 9);
  Q.R.Body = [](FileContext &C) { C.replaceTokens("probe", 1, 1, "A"); };
  Q.Ctx.run(Q.R);
  Q.Ctx.Edits.merge();
  EXPECT_EQ(Q.Ctx.Edits.apply(Q.Ctx.Buffer), "int A = b;\n");
  EXPECT_FALSE(Q.Ctx.yieldsAt(4));
}

/// "launch-symbol" -> "launchsymbol".
std::string squashed(llvm::StringRef Id) {
  std::string S;
  for (char C : Id)
    if (C != '-')
      S += llvm::toLower(C);
  return S;
}

// Each rule's own id names a file rewriters/rules/<CamelCase(id)>...Rule...cpp
// (case aside) that declares it.
TEST(RuleContract, RuleFilesAreNamedAfterTheirIds) {
  std::set<std::string> Own;
  std::vector<Options> Modes(4);
  Modes[1].AllocHooks = Modes[1].Vectorize = Modes[1].DynamicSharedMacro = true;
  Modes[2].Wave = WaveMode::Native;
  Modes[3].Launch = LaunchMode::Ggl;
  for (const Options &O : Modes) {
    for (auto &R : createRules(O))
      Own.insert(R->id().str());
    for (auto &R : createAstRules(O))
      Own.insert(R->id().str());
  }
  ASSERT_GT(Own.size(), 30u);
  std::string Dir = CU2HIP_SOURCE_DIR "/rewriters/rules";
  std::vector<std::pair<std::string, std::string>> Files; // lower-case name, text
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC; It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (!Name.endswith(".cpp"))
      continue;
    auto Buf = llvm::MemoryBuffer::getFile(It->path());
    Files.push_back({Name.lower(), Buf ? (*Buf)->getBuffer().str() : ""});
  }
  for (const std::string &Id : Own) {
    bool Found = false;
    for (const auto &[Name, Text] : Files)
      Found |= llvm::StringRef(Name).startswith(squashed(Id)) &&
               llvm::StringRef(Name).contains("rule") &&
               Text.find("{\"" + Id + "\", IdKind::") != std::string::npos;
    EXPECT_TRUE(Found) << Id << ": no rewriters/rules/<" << Id
                       << " in CamelCase>Rule.cpp declares it";
  }
}

} // namespace
