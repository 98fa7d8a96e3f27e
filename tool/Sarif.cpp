//===- Sarif.cpp - the --report document in SARIF 2.1.0 -------------------===//
#include "Sarif.h"
#include "cu2hip/FileIO.h"
#include "cu2hip/Rule.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include <algorithm>
#include <optional>

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

namespace {

/// Line and code-point column of byte offsets into one file's text.
class TextPositions {
public:
  explicit TextPositions(StringRef Text) : Text(Text) {
    LineStarts.push_back(0);
    for (size_t I = 0; I < Text.size(); ++I)
      if (Text[I] == '\n')
        LineStarts.push_back(I + 1);
  }
  /// 1-based line and column (Unicode code points; UTF-8 continuation
  /// bytes do not count) of byte `Offset`.
  std::pair<unsigned, unsigned> at(unsigned Offset) const {
    Offset = std::min<size_t>(Offset, Text.size());
    auto It = std::upper_bound(LineStarts.begin(), LineStarts.end(), Offset) - 1;
    unsigned Col = 1;
    for (size_t I = *It; I < Offset; ++I)
      Col += (static_cast<unsigned char>(Text[I]) & 0xC0) != 0x80;
    return {unsigned(It - LineStarts.begin()) + 1, Col};
  }

private:
  StringRef Text;
  std::vector<size_t> LineStarts;
};

json::Object artifactJson(StringRef Path, StringRef SrcRoot) {
  json::Object Artifact;
  StringRef File = Path;
  if (!SrcRoot.empty() && File.consume_front(SrcRoot) && File.consume_front("/")) {
    Artifact["uri"] = uriEncode(File);
    Artifact["uriBaseId"] = "SRCROOT";
  } else {
    // An absolute path becomes a file: URI; a relative one stays relative.
    StringRef Scheme = Path.startswith("/") ? "file://" : "";
    Artifact["uri"] = (Scheme + uriEncode(Path)).str();
  }
  return Artifact;
}

/// `F`'s location; its column from `Pos` when the file's text is known.
json::Value locationJson(const Finding &F, StringRef SrcRoot, const TextPositions *Pos) {
  json::Object Physical{{"artifactLocation", artifactJson(F.File, SrcRoot)}};
  if (F.Line) {
    // Code points where the offset agrees with the line (else as reported).
    unsigned Col = F.Col;
    if (Pos && F.Col && Pos->at(F.Offset).first == F.Line)
      Col = Pos->at(F.Offset).second;
    json::Object Region{{"startLine", F.Line}};
    if (Col)
      Region["startColumn"] = Col;
    Physical["region"] = std::move(Region);
  }
  return json::Object{{"physicalLocation", std::move(Physical)}};
}

/// One SARIF `fix` replacing each of `Edits` (offsets into the file `Pos`
/// describes).
json::Value fixJson(const Finding &F, const std::vector<Edit> &Edits, StringRef SrcRoot,
                    const TextPositions &Pos) {
  json::Array Replacements;
  for (const Edit &E : Edits) {
    auto [StartLine, StartCol] = Pos.at(E.Offset);
    auto [EndLine, EndCol] = Pos.at(E.Offset + E.Length);
    Replacements.push_back(json::Object{
        {"deletedRegion", json::Object{{"startLine", StartLine},
                                       {"startColumn", StartCol},
                                       {"endLine", EndLine},
                                       {"endColumn", EndCol}}},
        {"insertedContent", json::Object{{"text", E.Text}}}});
  }
  json::Object Change{{"artifactLocation", artifactJson(F.File, SrcRoot)},
                      {"replacements", std::move(Replacements)}};
  return json::Object{
      {"description", json::Object{{"text", "cu2hip's rewrite (rule " + F.RuleId + ")"}}},
      {"artifactChanges", json::Array{std::move(Change)}}};
}

/// `F` as a result; `File` is the result of F's file (its edits, its text
/// positions `Pos`), null for a path that was not ported.
json::Value resultJson(const Finding &F, StringRef SrcRoot,
                       const StringMap<unsigned> &RuleIndex, const FileResult *File,
                       const TextPositions *Pos) {
  std::string Text = F.Message;
  if (!F.Fix.empty())
    Text += " Fix: " + F.Fix;
  json::Object R{{"ruleId", F.RuleId},
                 {"level", levelOf(F.Sev)},
                 {"message", json::Object{{"text", std::move(Text)}}},
                 {"locations", json::Array{locationJson(F, SrcRoot, Pos)}}};
  auto It = RuleIndex.find(F.RuleId);
  if (It != RuleIndex.end())
    R["ruleIndex"] = It->second;
  if (File && Pos)
    if (std::vector<Edit> Fix = findingFixes(F, File->Edits); !Fix.empty())
      R["fixes"] = json::Array{fixJson(F, Fix, SrcRoot, *Pos)};
  return R;
}

/// The input text of `R`: as read by this run, else (a file kept from the
/// last run, whose input hashes as then) from disk; none when unreadable.
std::optional<std::string> inputText(const FileResult &R) {
  if (!R.Original.empty() || !R.Unchanged)
    return R.Original;
  auto Buf = readFileChecked(R.Input);
  if (!Buf) {
    consumeError(Buf.takeError());
    return std::nullopt;
  }
  return (*Buf)->getBuffer().str();
}

/// The results of the findings of one ported file.
void fileResults(const FileResult &R, StringRef SrcRoot, const StringMap<unsigned> &RuleIndex,
                 json::Array &Out) {
  if (R.Findings.empty())
    return;
  std::optional<std::string> Text = inputText(R);
  std::optional<TextPositions> Pos;
  if (Text)
    Pos.emplace(*Text);
  for (const Finding &F : R.Findings) {
    bool Here = Pos && F.File == R.Input;
    Out.push_back(resultJson(F, SrcRoot, RuleIndex, &R, Here ? &*Pos : nullptr));
  }
}

} // namespace

std::vector<Edit> findingFixes(const Finding &F, const std::vector<Edit> &Edits) {
  std::vector<Edit> Out;
  for (const Edit &E : Edits)
    if (E.Offset == F.Offset && E.RuleId == F.RuleId)
      Out.push_back(E);
  return Out;
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
    fileResults(R, SrcRoot, RuleIndex, Out);
  for (const Finding &F : Problems)
    Out.push_back(resultJson(F, SrcRoot, RuleIndex, nullptr, nullptr));
  json::Object Driver{{"name", "cu2hip"},
                      {"version", Version},
                      {"rules", std::move(Rules)}};
  json::Object Run{{"tool", json::Object{{"driver", std::move(Driver)}}},
                   {"columnKind", "unicodeCodePoints"},
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
