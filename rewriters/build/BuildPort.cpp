//===- BuildPort.cpp - running the build rules over one build file --------===//
#include "BuildRules.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cu2hip {

namespace build {

BuildRule::~BuildRule() = default;

BuildContext::BuildContext(std::string Path, StringRef Buffer, BuildKind Kind,
                           const BuildOptions &Opts)
    : Path(std::move(Path)), Buffer(Buffer), Kind(Kind), Opts(Opts) {
  LineStarts.push_back(0);
  for (size_t I = Buffer.find('\n'); I != StringRef::npos; I = Buffer.find('\n', I + 1))
    LineStarts.push_back(I + 1);
  if (Kind == BuildKind::CMake)
    CMake = lexCMake(Buffer);
  else
    Make = lexMake(Buffer);
}

void BuildContext::replace(StringRef Rule, unsigned Offset, unsigned Length, StringRef Text) {
  Edit E;
  E.Offset = Offset;
  E.Length = Length;
  E.Text = Text.str();
  E.RuleId = Rule.str();
  Edits.add(std::move(E));
  ++Stats.EditsPerRule[Rule];
}

void BuildContext::insert(StringRef Rule, unsigned Offset, StringRef Text) {
  replace(Rule, Offset, 0, Text);
}

void BuildContext::report(StringRef Rule, Severity Sev, unsigned Offset, const Twine &Msg) {
  Finding F;
  F.RuleId = Rule.str();
  F.Sev = Sev;
  F.File = Path;
  F.Offset = Offset;
  F.Line = lineIndex(Offset) + 1;
  F.Col = Offset - lineStart(Offset) + 1;
  F.Message = Msg.str();
  Findings.push_back(std::move(F));
}

unsigned BuildContext::lineIndex(unsigned Offset) const {
  return std::upper_bound(LineStarts.begin(), LineStarts.end(), Offset) - LineStarts.begin() - 1;
}

unsigned BuildContext::lineStart(unsigned Offset) const { return LineStarts[lineIndex(Offset)]; }

StringRef BuildContext::indentOf(unsigned Offset) const {
  StringRef Lead = Buffer.slice(lineStart(Offset), Offset);
  return Lead.find_first_not_of(" \t") == StringRef::npos ? Lead : "";
}

void BuildContext::removeCommand(StringRef Rule, const CMakeCommand &C) {
  size_t EOL = Buffer.find('\n', C.end());
  StringRef After = Buffer.slice(C.end(), EOL == StringRef::npos ? Buffer.size() : EOL);
  bool Alone = C.Offset == lineStart(C.Offset) + indentOf(C.Offset).size() &&
               (After.trim().empty() || After.ltrim().startswith("#"));
  if (!Alone) {
    replace(Rule, C.Offset, C.end() - C.Offset, "");
    return;
  }
  insert(Rule, C.Offset, "# cu2hip: ");
  for (size_t I = Buffer.find('\n', C.Offset); I < C.Close; I = Buffer.find('\n', I + 1))
    insert(Rule, I + 1, "# ");
}

bool hasGenex(const CMakeArg &A) { return A.K != CMakeArg::Bracket && A.Text.contains("$<"); }

bool isWordAt(StringRef S, size_t At, StringRef Word) {
  auto Ident = [](char C) { return isAlnum(C) || C == '_'; };
  return S.substr(At).startswith(Word) && (At == 0 || !Ident(S[At - 1])) &&
         (At + Word.size() >= S.size() || !Ident(S[At + Word.size()]));
}

bool enablesCuda(const CMakeCommand &C) {
  std::string N = C.lowerName();
  if (N != "project" && N != "enable_language")
    return false;
  for (size_t I = N == "project" ? 1 : 0; I < C.Args.size(); ++I)
    if (C.Args[I].is("CUDA"))
      return true;
  return false;
}

bool isTargetCommand(StringRef N) {
  return N == "add_executable" || N == "add_library" || N == "target_sources" ||
         N == "cuda_add_executable" || N == "cuda_add_library";
}

bool cmakeUsesCuda(const CMakeFile &F) {
  for (const CMakeCommand &C : F.Commands) {
    if (enablesCuda(C) || StringRef(C.lowerName()).startswith("cuda_add_"))
      return true;
    if (isTargetCommand(C.lowerName()))
      for (const CMakeArg &A : C.Args)
        if (A.inner().endswith(".cu"))
          return true;
  }
  return false;
}

static std::string escapeGenex(StringRef S) {
  std::string Out;
  for (char Ch : S)
    Out += Ch == ',' ? "$<COMMA>" : Ch == '>' ? "$<ANGLE-R>" : Ch == ';' ? "$<SEMICOLON>"
                                                                           : std::string(1, Ch);
  return Out;
}

std::string translateToGenexList(BuildContext &C,
                                 ArrayRef<std::pair<StringRef, unsigned>> Pieces) {
  // A buffer of the option words, blank-separated, to translate in.
  std::string Buf;
  std::vector<std::pair<unsigned, unsigned>> Origin; // buffer offset -> file offset
  for (const auto &[Text, At] : Pieces) {
    std::string T = Text.str(); // a ';' separates list elements: options
    std::replace(T.begin(), T.end(), ';', ' ');
    for (const MakeWord &W : splitFlagWords(T, 0)) {
      Origin.push_back({unsigned(Buf.size()), At});
      Buf += W.Text.str() + " ";
    }
  }
  if (Origin.empty())
    return "";
  FlagResult R;
  translateNvccFlags(Buf, splitFlagWords(Buf, 0), {"", "CMAKE_HIP_ARCHITECTURES"}, R);
  auto FileOffset = [&](unsigned Off) {
    unsigned At = Origin.front().second;
    for (const auto &[O, F] : Origin)
      if (O <= Off)
        At = F;
    return At;
  };
  for (const FlagNote &N : R.Notes)
    C.report(N.Sev == Severity::Note ? StringRef("build-cmake-flags") : StringRef(UnsupportedId),
             N.Sev, FileOffset(N.Offset), N.Message);
  std::sort(R.Edits.begin(), R.Edits.end(),
            [](const TextEdit &A, const TextEdit &B) { return A.Offset > B.Offset; });
  for (const TextEdit &E : R.Edits)
    Buf.replace(E.Offset, E.Length, E.Text);
  std::string Out;
  for (const MakeWord &W : splitFlagWords(Buf, 0))
    Out += (Out.empty() ? "" : ";") + escapeGenex(W.Text);
  return Out;
}

namespace {

using Factory = std::unique_ptr<BuildRule> (*)();

/// The build rules in the order they run.
const Factory Rules[] = {
    createCMakeLanguageRule, createCMakeSourcesRule,  createCMakeArchRule,
    createCMakeVarsRule,     createCMakePackagesRule, createCMakeFindCudaRule,
    createCMakeFlagsRule,    createCMakeGenexRule,    createMakeCompilerRule,
    createMakeFlagsRule,
};

const RuleIdInfo SharedIds[] = {
    {"build-unsupported", IdKind::Warning,
     "a build-file construct with no sound HIP translation, left as written"},
    {"build-genex", IdKind::Warning,
     "a CMake generator expression about CUDA, left as written"},
    {"build-syntax", IdKind::Error, "a build file that does not lex: written unchanged"},
};

} // namespace

} // namespace build

BuildKind buildKindOf(StringRef Path) {
  StringRef Name = sys::path::filename(Path);
  StringRef Ext = sys::path::extension(Name);
  if (Name == "CMakeLists.txt" || Ext == ".cmake")
    return BuildKind::CMake;
  if (Name == "Makefile" || Name == "makefile" || Name == "GNUmakefile" || Ext == ".mk" ||
      Ext == ".make")
    return BuildKind::Make;
  return BuildKind::None;
}

std::vector<RuleIdInfo> buildRuleIds() {
  std::vector<RuleIdInfo> Ids;
  StringSet<> Seen;
  for (build::Factory Make : build::Rules)
    for (const RuleIdInfo &I : Make()->ids())
      if (Seen.insert(I.Id).second)
        Ids.push_back(I);
  for (const RuleIdInfo &I : build::SharedIds)
    if (Seen.insert(I.Id).second)
      Ids.push_back(I);
  return Ids;
}

FileResult portBuildFile(StringRef Path, StringRef Text, BuildKind Kind,
                         const BuildOptions &Opts) {
  FileResult R;
  R.Input = Path.str();
  R.Original = Text.str();
  R.Lines = Text.count('\n') + (!Text.empty() && !Text.endswith("\n"));
  build::BuildContext C(Path.str(), Text, Kind, Opts);
  const std::optional<build::LexError> &Err =
      Kind == BuildKind::CMake ? C.CMake.Error : C.Make.Error;
  if (Err) {
    C.report("build-syntax", Severity::Error, Err->Offset,
             Err->Message + "; the file is written unchanged");
    R.Ported = R.Original;
    R.Findings = std::move(C.Findings);
    R.Failed = true;
    return R;
  }
  for (build::Factory Make : build::Rules) {
    std::unique_ptr<build::BuildRule> Rule = Make();
    if (Rule->kind() == Kind)
      Rule->run(C);
  }
  for (const EditConflict &X : C.Edits.merge()) {
    C.report("edit-conflict", Severity::Error, X.Dropped.Offset,
             "rules '" + X.Kept.RuleId + "' and '" + X.Dropped.RuleId +
                 "' edit overlapping text; the second edit is dropped");
    R.Failed = true;
  }
  R.Ported = C.Edits.apply(Text);
  R.Edits = C.Edits.edits();
  std::sort(C.Findings.begin(), C.Findings.end());
  R.Findings = std::move(C.Findings);
  R.Stats = std::move(C.Stats);
  return R;
}

} // namespace cu2hip
