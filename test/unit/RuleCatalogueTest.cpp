//===- RuleCatalogueTest.cpp - every id documented and tested -------------===//
//
// The rule ids come from the rules themselves (Rule::ids, porterIds); this
// test holds docs/rules.md and test/lit to them: each id has a heading
// `## <id>` and a row in the table at the top of docs/rules.md, the row's
// lit tests exist, and each finding id is asserted (`[id]`) by some lit test.
//===----------------------------------------------------------------------===//
#include "cu2hip/Rule.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"
#include <map>

using namespace cu2hip;

namespace {

std::string readFile(const llvm::Twine &Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  return Buf ? (*Buf)->getBuffer().str() : std::string();
}

/// Paths (relative to test/lit) and contents of every lit test file.
std::map<std::string, std::string> litFiles() {
  std::map<std::string, std::string> R;
  std::string Root = CU2HIP_SOURCE_DIR "/test/lit";
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(Root, EC), End; It != End && !EC;
       It.increment(EC)) {
    if (It->type() != llvm::sys::fs::file_type::regular_file)
      continue;
    std::string P = It->path();
    R[P.substr(Root.size() + 1)] = readFile(P);
  }
  return R;
}

/// The docs table row of `Id` ("| [id](#id) | kind | rows | tests |"), or "".
llvm::StringRef tableRow(llvm::StringRef Doc, llvm::StringRef Id) {
  std::string Key = ("| [" + Id + "](#" + Id + ") |").str();
  size_t At = Doc.find(Key);
  if (At == llvm::StringRef::npos)
    return "";
  return Doc.substr(At).take_until([](char C) { return C == '\n'; });
}

/// True when some lit file's relative path matches `Pattern` (a path
/// relative to test/lit with `*` wildcards).
bool anyLitMatches(const std::map<std::string, std::string> &Lit, llvm::StringRef Pattern) {
  for (auto &KV : Lit) {
    llvm::StringRef P = KV.first, Pat = Pattern;
    // Greedy-free wildcard match: split the pattern at '*'.
    llvm::SmallVector<llvm::StringRef, 4> Parts;
    Pat.split(Parts, '*');
    bool Ok = P.startswith(Parts.front());
    size_t Pos = Parts.front().size();
    for (size_t I = 1; Ok && I < Parts.size(); ++I) {
      size_t F = I + 1 == Parts.size() ? (P.endswith(Parts[I]) ? P.size() - Parts[I].size()
                                                                 : llvm::StringRef::npos)
                                       : P.find(Parts[I], Pos);
      Ok = F != llvm::StringRef::npos && F >= Pos;
      Pos = F + Parts[I].size();
    }
    if (Ok && (Parts.size() > 1 || P == Pat))
      return true;
  }
  return false;
}

TEST(RuleCatalogue, IdsAreUniqueAndRuleOwnIdComesFirst) {
  llvm::StringSet<> Seen;
  for (const RuleIdInfo &I : ruleCatalogue()) {
    EXPECT_TRUE(Seen.insert(I.Id).second) << I.Id;
    EXPECT_FALSE(llvm::StringRef(I.Summary).empty()) << I.Id;
  }
  Options All;
  All.AllocHooks = All.Vectorize = All.DynamicSharedMacro = true;
  for (auto &R : createRules(All)) {
    ASSERT_FALSE(R->ids().empty());
    EXPECT_EQ(R->id(), llvm::StringRef(R->ids().front().Id));
    EXPECT_TRUE(Seen.count(R->id())) << R->id().str();
  }
}

TEST(RuleCatalogue, OptInRulesAreOffByDefault) {
  Options Default;
  llvm::StringSet<> On;
  for (auto &R : createRules(Default))
    On.insert(R->id());
  EXPECT_FALSE(On.count("alloc-hooks"));
  EXPECT_FALSE(On.count("vectorize"));
  EXPECT_FALSE(On.count("launch-ggl"));
  EXPECT_TRUE(On.count("names"));
  EXPECT_TRUE(On.count("includes"));
}

TEST(RuleCatalogue, EveryIdHasADocsEntryAndALitTest) {
  std::string Doc = readFile(CU2HIP_SOURCE_DIR "/docs/rules.md");
  ASSERT_FALSE(Doc.empty()) << "cannot read docs/rules.md";
  auto Lit = litFiles();
  ASSERT_FALSE(Lit.empty()) << "no lit tests found";
  for (const RuleIdInfo &I : ruleCatalogue()) {
    std::string Id = I.Id;
    EXPECT_NE(Doc.find("\n## " + Id + "\n"), std::string::npos)
        << Id << ": no '## " << Id << "' entry in docs/rules.md";
    llvm::StringRef Row = tableRow(Doc, Id);
    if (Row.empty()) {
      ADD_FAILURE() << Id << ": no row in the table of docs/rules.md";
      continue;
    }
    // Last column: comma-separated lit tests, each must exist.
    llvm::StringRef Tests = Row.rtrim(" |").rsplit('|').second.trim();
    llvm::SmallVector<llvm::StringRef, 4> Names;
    Tests.split(Names, ',', -1, false);
    EXPECT_FALSE(Names.empty()) << Id << ": the docs row names no lit test";
    for (llvm::StringRef N : Names)
      EXPECT_TRUE(anyLitMatches(Lit, N.trim())) << Id << ": lit test '" << N.trim().str()
                                                << "' named in docs/rules.md does not exist";
    // A finding's message must be asserted by some lit test.
    if (I.Kind != IdKind::Edit) {
      std::string Tag = "[" + Id + "]";
      bool Asserted = false;
      for (auto &KV : Lit)
        Asserted |= KV.second.find(Tag) != std::string::npos;
      EXPECT_TRUE(Asserted) << Id << ": no lit test asserts a '" << Tag << "' diagnostic";
    }
  }
}

TEST(RuleCatalogue, EveryDocsEntryIsAnId) {
  std::string Doc = readFile(CU2HIP_SOURCE_DIR "/docs/rules.md");
  llvm::StringSet<> Ids;
  for (const RuleIdInfo &I : ruleCatalogue())
    Ids.insert(I.Id);
  llvm::StringRef Rest = Doc;
  while (true) {
    size_t At = Rest.find("\n## ");
    if (At == llvm::StringRef::npos)
      break;
    Rest = Rest.substr(At + 4);
    llvm::StringRef Heading = Rest.take_until([](char C) { return C == '\n'; }).trim();
    // Entry headings are single ids; prose sections have spaces.
    if (!Heading.contains(' '))
      EXPECT_TRUE(Ids.count(Heading)) << "docs/rules.md documents '" << Heading.str()
                                      << "', which no rule emits";
  }
}

} // namespace
