#include "cu2hip/SdkBodies.h"
#include "cu2hip/AstRule.h"
#include "cu2hip/BundledHeaders.h"
#include "cu2hip/SourcePaths.h"
#include "cu2hip/Tokens.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Transformer/SourceCode.h"

using namespace clang;

namespace cu2hip {

AstRule::~AstRule() = default;

void AstFileOutput::mergeFrom(const AstFileOutput &O) {
  Edits.insert(Edits.end(), O.Edits.begin(), O.Edits.end());
  // Several configurations report the same finding once.
  for (const Finding &F : O.Findings)
    if (llvm::none_of(Findings, [&](const Finding &G) {
          return G.RuleId == F.RuleId && G.Offset == F.Offset && G.Message == F.Message;
        }))
      Findings.push_back(F);
  Claims.insert(Claims.end(), O.Claims.begin(), O.Claims.end());
  for (auto &H : O.Headers)
    Headers.insert(H.getKey());
  // Per-rule counts: the larger of two parses (several configurations see
  // the same code; their identical edits count once).
  for (auto &KV : O.EditsPerRule)
    EditsPerRule[KV.first] = std::max(EditsPerRule[KV.first], KV.second);
}

AstRuleContext::AstRuleContext(const SourceManager &SM, const LangOptions &LO,
                               std::function<bool(llvm::StringRef)> IsPorted,
                               const Options &Opts, const MapTable &Maps, size_t Config)
    : SM(SM), LO(LO), IsPorted(std::move(IsPorted)), Opts(Opts), Maps(Maps),
      Config(Config) {}

bool AstRuleContext::bodySkipped(const FunctionDecl *F) {
  if (bodyWasSkipped(F)) {
    NeededSkippedBody = true;
    return true;
  }
  if (!Bundled || !F || F->hasBody())
    return false;
  SourceLocation L = SM.getFileLoc(F->getLocation());
  if (L.isInvalid() || !Bundled->inBundled(SM.getFilename(L)))
    return false;
  if (NeededSdkBody.empty())
    NeededSdkBody = F->getQualifiedNameAsString();
  return true;
}

std::string AstRuleContext::portedFile(SourceLocation Loc) const {
  if (Loc.isInvalid())
    return "";
  std::string S = realPathOf(SM, SM.getFileID(SM.getSpellingLoc(Loc)));
  return !S.empty() && IsPorted(S) ? S : "";
}

bool AstRuleContext::fileRange(CharSourceRange Range, std::string &File, unsigned &Begin,
                               unsigned &End) const {
  // Transformer's rule: one contiguous file range, no macro expansion
  // (IncludeMacroExpansion=false), both ends in one file.
  std::optional<CharSourceRange> R =
      tooling::getFileRangeForEdit(Range, SM, LO, /*IncludeMacroExpansion=*/false);
  if (!R)
    return false;
  File = portedFile(R->getBegin());
  if (File.empty())
    return false;
  std::pair<FileID, unsigned> B = SM.getDecomposedLoc(R->getBegin());
  std::pair<FileID, unsigned> E = SM.getDecomposedLoc(R->getEnd());
  if (B.first != E.first || E.second < B.second)
    return false;
  Begin = B.second;
  End = E.second;
  return true;
}

bool AstRuleContext::replace(llvm::StringRef Rule, CharSourceRange Range,
                             llvm::StringRef Text, bool Whole) {
  checkDeclaredId(Declared, Rule, nullptr, "an AST rule", "an AST rule's parse");
  std::string File;
  unsigned B, E;
  if (!fileRange(Range, File, B, E))
    return false;
  AstFileOutput &O = Out[File];
  Edit Ed{B, E - B, Text.str(), Rule.str()};
  Ed.Whole = Whole;
  O.Edits.push_back(std::move(Ed));
  ++O.EditsPerRule[Rule.str()];
  return true;
}

bool AstRuleContext::insert(llvm::StringRef Rule, SourceLocation Loc, llvm::StringRef Text,
                            bool After) {
  if (Loc.isInvalid() || Loc.isMacroID())
    return false;
  SourceLocation At = After ? Lexer::getLocForEndOfToken(Loc, 0, SM, LO) : Loc;
  if (At.isInvalid())
    return false;
  return replace(Rule, CharSourceRange::getCharRange(At, At), Text);
}

bool AstRuleContext::claim(llvm::StringRef Rule, CharSourceRange Range) {
  checkDeclaredId(Declared, Rule, nullptr, "an AST rule", "an AST rule's parse");
  std::string File;
  unsigned B, E;
  if (!fileRange(Range, File, B, E))
    return false;
  Out[File].Claims.emplace_back(B, E, Rule.str());
  return true;
}

void AstRuleContext::report(llvm::StringRef Rule, Severity Sev, SourceLocation Loc,
                            llvm::StringRef Message, llvm::StringRef Fix) {
  checkDeclaredId(Declared, Rule, &Sev, "an AST rule", "an AST rule's parse");
  if (Loc.isInvalid())
    return;
  SourceLocation FL = SM.getFileLoc(Loc);
  std::string File = portedFile(FL);
  if (File.empty())
    return;
  Finding F;
  F.RuleId = Rule.str();
  F.Sev = Sev;
  F.File = File;
  F.Offset = SM.getFileOffset(FL);
  F.Line = SM.getSpellingLineNumber(FL);
  F.Col = SM.getSpellingColumnNumber(FL);
  F.Message = Message.str();
  F.Fix = Fix.str();
  Out[File].Findings.push_back(std::move(F));
}

void AstRuleContext::requestHeader(SourceLocation Loc, llvm::StringRef Header) {
  std::string File = portedFile(SM.getFileLoc(Loc));
  if (!File.empty())
    Out[File].Headers.insert(Header);
}

} // namespace cu2hip

namespace cu2hip {

std::string realPathOf(const clang::SourceManager &SM, clang::FileID FID) {
  const clang::FileEntry *FE = SM.getFileEntryForID(FID);
  if (!FE)
    return "";
  llvm::SmallString<256> P(FE->tryGetRealPathName());
  if (P.empty())
    P = FE->getName();
  return std::string(P.str());
}

} // namespace cu2hip
