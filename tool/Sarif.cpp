//===- Sarif.cpp - the --report document in SARIF 2.1.0 -------------------===//
#include "Sarif.h"
#include "cu2hip/Rule.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace llvm;

namespace cu2hip {

static const char *const SchemaUri =
    "https://json.schemastore.org/sarif-2.1.0.json";

bool isSarifPath(StringRef Path) { return Path.endswith_insensitive(".sarif"); }

/// `Path` as a URI reference: every byte outside RFC 3986's unreserved
/// characters and '/' percent-encoded.
static std::string uriEncode(StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (isAlnum(C) || C == '-' || C == '.' || C == '_' || C == '~' || C == '/')
      Out += C;
    else
      Out += {'%', hexdigit(C >> 4), hexdigit(C & 15)};
  }
  return Out;
}

static StringRef levelOf(Severity S) {
  switch (S) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  }
  return "note";
}

/// A rule id's default level: its severity, "note" for an edit id.
static StringRef levelOf(IdKind K) {
  switch (K) {
  case IdKind::Error:
    return "error";
  case IdKind::Warning:
    return "warning";
  case IdKind::Edit:
  case IdKind::Note:
    return "note";
  }
  return "note";
}

static json::Value ruleJson(const RuleIdInfo &R) {
  std::string Doc = std::string("docs/rules.md#") + R.Id;
  return json::Object{
      {"id", R.Id},
      {"shortDescription", json::Object{{"text", R.Summary}}},
      {"fullDescription", json::Object{{"text", std::string(R.Summary) + " (see " + Doc + ")"}}},
      {"help", json::Object{{"text", "See " + Doc + " in the cu2hip sources."}}},
      {"defaultConfiguration", json::Object{{"level", levelOf(R.Kind)}}}};
}

static json::Value locationJson(const Finding &F, StringRef SrcRoot) {
  json::Object Artifact;
  StringRef File = F.File;
  if (!SrcRoot.empty() && File.consume_front(SrcRoot) && File.consume_front("/")) {
    Artifact["uri"] = uriEncode(File);
    Artifact["uriBaseId"] = "SRCROOT";
  } else {
    // An absolute path becomes a file: URI; a relative one stays relative.
    StringRef Scheme = StringRef(F.File).startswith("/") ? "file://" : "";
    Artifact["uri"] = (Scheme + uriEncode(F.File)).str();
  }
  json::Object Physical{{"artifactLocation", std::move(Artifact)}};
  if (F.Line) {
    json::Object Region{{"startLine", F.Line}};
    if (F.Col)
      Region["startColumn"] = F.Col;
    Physical["region"] = std::move(Region);
  }
  return json::Object{{"physicalLocation", std::move(Physical)}};
}

static json::Value resultJson(const Finding &F, StringRef SrcRoot,
                              const StringMap<unsigned> &RuleIndex) {
  std::string Text = F.Message;
  if (!F.Fix.empty())
    Text += " Fix: " + F.Fix;
  json::Object R{{"ruleId", F.RuleId},
                 {"level", levelOf(F.Sev)},
                 {"message", json::Object{{"text", std::move(Text)}}},
                 {"locations", json::Array{locationJson(F, SrcRoot)}}};
  auto It = RuleIndex.find(F.RuleId);
  if (It != RuleIndex.end())
    R["ruleIndex"] = It->second;
  return R;
}

std::string reportSarif(const std::vector<FileResult> &Results,
                        const std::vector<Finding> &Problems, StringRef Version,
                        StringRef SrcRoot) {
  json::Array Rules;
  StringMap<unsigned> RuleIndex;
  for (const RuleIdInfo &R : ruleCatalogue())
    if (RuleIndex.try_emplace(R.Id, Rules.size()).second)
      Rules.push_back(ruleJson(R));
  json::Array Out;
  for (const FileResult &R : Results)
    for (const Finding &F : R.Findings)
      Out.push_back(resultJson(F, SrcRoot, RuleIndex));
  for (const Finding &F : Problems)
    Out.push_back(resultJson(F, SrcRoot, RuleIndex));
  json::Object Driver{{"name", "cu2hip"},
                      {"version", Version},
                      {"rules", std::move(Rules)}};
  json::Object Run{{"tool", json::Object{{"driver", std::move(Driver)}}},
                   {"results", std::move(Out)}};
  if (!SrcRoot.empty())
    Run["originalUriBaseIds"] = json::Object{
        {"SRCROOT", json::Object{{"uri", "file://" + uriEncode(SrcRoot) + "/"}}}};
  json::Object Root{{"$schema", SchemaUri},
                    {"version", "2.1.0"},
                    {"runs", json::Array{std::move(Run)}}};
  return formatv("{0:2}", json::Value(std::move(Root))).str() + "\n";
}

} // namespace cu2hip
