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

/// One row of the table at the top of docs/rules.md:
/// "| [id](#id) | kind | A.2 rows | lit tests |".
struct TableRow {
  std::string Id, Anchor, Kind;
  std::vector<std::string> Tests;
  unsigned Line = 0;
};

/// Every row of the table, in order; a row that does not parse is a test
/// failure naming its line.
std::vector<TableRow> tableRows(llvm::StringRef Doc) {
  std::vector<TableRow> Rows;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Doc.split(Lines, '\n');
  for (unsigned N = 0; N < Lines.size(); ++N) {
    llvm::StringRef L = Lines[N];
    if (!L.startswith("| ["))
      continue;
    TableRow R;
    R.Line = N + 1;
    llvm::SmallVector<llvm::StringRef, 6> Cells;
    L.trim().drop_front().drop_back().split(Cells, " | ");
    llvm::StringRef Link = Cells[0].trim();
    if (Cells.size() != 4 || !Link.consume_front("[") || !Link.consume_back(")")) {
      ADD_FAILURE() << "docs/rules.md:" << R.Line << ": not a table row: " << L.str();
      continue;
    }
    std::tie(Link, R.Anchor) = Link.split("](#");
    R.Id = Link.str();
    R.Kind = Cells[1].trim().str();
    llvm::SmallVector<llvm::StringRef, 4> Tests;
    Cells[3].split(Tests, ',', -1, false);
    for (llvm::StringRef T : Tests)
      R.Tests.push_back(T.trim().str());
    Rows.push_back(std::move(R));
  }
  return Rows;
}

/// Whether a kind column ("rewrite + note (`--wave=native`)", "warning")
/// says what the id is declared as: an edit id's row starts with "rewrite",
/// a finding id's with its severity.
bool kindMatches(llvm::StringRef Column, IdKind K) {
  return Column.startswith(K == IdKind::Edit ? "rewrite" : idKindName(K));
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

// Every row of the table, not only the first one of an id: one row per id,
// each naming a declared id, with its declared kind and lit tests that exist.
TEST(RuleCatalogue, EveryTableRowIsOneIdWithItsKindAndTests) {
  std::string Doc = readFile(CU2HIP_SOURCE_DIR "/docs/rules.md");
  ASSERT_FALSE(Doc.empty()) << "cannot read docs/rules.md";
  auto Lit = litFiles();
  std::map<std::string, IdKind> Ids;
  for (const RuleIdInfo &I : ruleCatalogue())
    Ids[I.Id] = I.Kind;
  std::map<std::string, unsigned> RowOf;
  std::vector<TableRow> Rows = tableRows(Doc);
  for (const TableRow &R : Rows) {
    std::string At = "docs/rules.md:" + std::to_string(R.Line) + ": '" + R.Id + "': ";
    auto [Prev, New] = RowOf.insert({R.Id, R.Line});
    EXPECT_TRUE(New) << At << "a second row (the first is line " << Prev->second << ")";
    EXPECT_EQ(R.Anchor, R.Id) << At << "the link's anchor is not the id";
    auto It = Ids.find(R.Id);
    if (It == Ids.end()) {
      ADD_FAILURE() << At << "no rule declares this id";
      continue;
    }
    EXPECT_TRUE(kindMatches(R.Kind, It->second))
        << At << "kind '" << R.Kind << "', but the id is declared "
        << idKindName(It->second).str();
    EXPECT_FALSE(R.Tests.empty()) << At << "the row names no lit test";
    for (const std::string &T : R.Tests)
      EXPECT_TRUE(anyLitMatches(Lit, T)) << At << "lit test '" << T << "' does not exist";
  }
  for (const auto &KV : Ids)
    EXPECT_TRUE(RowOf.count(KV.first)) << KV.first << ": no row in the table of docs/rules.md";
  EXPECT_EQ(Rows.size(), Ids.size()) << "rows in the table of docs/rules.md vs declared ids";
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
