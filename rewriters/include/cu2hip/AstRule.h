//===- AstRule.h - rules that match the AST of one parse ------------------===//
//
// An AST rule is the type-aware counterpart of a token rule (Rule.h), in the
// shape of a clang-tidy check: it registers AST matchers once per parse and
// handles each match. It runs inside the semantic pass's frontend action
// (SemanticPass.cpp), once per translation unit and configuration (host,
// device, --config sets), and emits edits at spelling locations into the
// same per-file edit set the token rules fill:
//
//   class MyRule : public AstRule {
//     llvm::ArrayRef<RuleIdInfo> ids() const override {
//       static const RuleIdInfo Ids[] = {{"my-rule", IdKind::Edit, "what it does"}};
//       return Ids;
//     }
//     void registerMatchers(clang::ast_matchers::MatchFinder &F) override {
//       F.addMatcher(functionDecl(hasAttr(clang::attr::CUDAGlobal)).bind("k"), this);
//     }
//     void check(const clang::ast_matchers::MatchFinder::MatchResult &R) override {
//       ctx().insert(id(), R.Nodes.getNodeAs<FunctionDecl>("k")->getBeginLoc(), "/*k*/ ");
//     }
//   };
//
// Edits of several configurations of one file are merged like all edits
// (Edit.h): identical edits once, differing overlapping edits a conflict.
// An edit whose range cannot be mapped to one contiguous range of a ported
// file outside macro expansions (clang's Transformer `getFileRangeForEdit`
// rules) is not recorded: the edit call returns false and the rule refuses
// with a note saying why. AST rules never see inactive branches or macro
// bodies; there they do nothing (token rules cover the context-free work).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_ASTRULE_H
#define CU2HIP_ASTRULE_H

#include "cu2hip/AstOutput.h"
#include "cu2hip/MapTable.h"
#include "cu2hip/Options.h"
#include "cu2hip/Rule.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringSet.h"
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class SourceManager;
class LangOptions;
} // namespace clang

namespace cu2hip {

class SdkFallback;

/// The sink of one parse's AST rules: maps source locations to ported files
/// and offsets, records edits, findings and claims per file.
class AstRuleContext {
public:
  /// `IsPorted(realPath)` says whether a file is being ported (edits in other
  /// files, e.g. SDK headers, are refused). `Config` is the configuration
  /// index (0 host, 1 device, 2.. --config sets).
  AstRuleContext(const clang::SourceManager &SM, const clang::LangOptions &LO,
                 std::function<bool(llvm::StringRef)> IsPorted, const Options &Opts,
                 const MapTable &Maps, size_t Config);

  const Options &options() const { return Opts; }
  const MapTable &maps() const { return Maps; }
  size_t configuration() const { return Config; }
  const clang::SourceManager &sourceManager() const { return SM; }
  const clang::LangOptions &langOptions() const { return LO; }
  /// The unit is C (LangOptions !CPlusPlus, or a C unit parsed as CUDA C++
  /// with the bundled headers): edits must be C.
  bool cUnit() const { return CUnit || !LO.CPlusPlus; }
  void setCUnit(bool C) { CUnit = C; }

  /// Real path of the ported file `Loc` is spelled in (after macro argument
  /// spelling), or "" when it is not a ported file.
  std::string portedFile(clang::SourceLocation Loc) const;

  /// Replaces the text of `Range` (a token or character range) with `Text`.
  /// Returns false, recording nothing, when the range is not one contiguous
  /// range of a ported file outside macro expansions.
  /// With `Whole`, `Text` keeps none of the range's text, so token rules'
  /// edits inside it are dropped at merge without a conflict (Edit::Whole).
  bool replace(llvm::StringRef Rule, clang::CharSourceRange Range, llvm::StringRef Text,
               bool Whole = false);
  /// Inserts `Text` before (or, with `After`, after the token at) `Loc`.
  bool insert(llvm::StringRef Rule, clang::SourceLocation Loc, llvm::StringRef Text,
              bool After = false);
  /// Claims `Range` for `Rule`: token rules do not edit inside it.
  bool claim(llvm::StringRef Rule, clang::CharSourceRange Range);
  /// Reports a finding at the file location of `Loc` (macro expansions are
  /// reported at their expansion site). Findings outside ported files are
  /// dropped.
  void report(llvm::StringRef Rule, Severity Sev, clang::SourceLocation Loc,
              llvm::StringRef Message, llvm::StringRef Fix = "");
  /// Adds the ids of a rule of this parse (AstRule::setContext): replace,
  /// insert, claim and report accept only declared ids, a finding only with
  /// its id's declared severity (checkDeclaredId, Rule.h).
  void declare(llvm::ArrayRef<RuleIdInfo> Ids) { Declared.insert(Declared.end(), Ids.begin(), Ids.end()); }
  /// Asks for `Header` (e.g. "cu2hip/packed.h") in the output of the file
  /// `Loc` is in.
  void requestHeader(clang::SourceLocation Loc, llvm::StringRef Header);

  /// Outputs by real path of the ported file.
  std::map<std::string, AstFileOutput> &outputs() { return Out; }

  /// For a rule about to follow the body of `F`: true when that body was
  /// skipped (SdkBodies.h). The parse is then redone with every body and
  /// this parse's outputs are dropped, so the rule may go on as if `F` had
  /// no body.
  /// Also true for a function the bundled headers declare (they hold no
  /// bodies) while the parse may be redone with the installed SDK
  /// (setBundled; BundledHeaders.h).
  bool bodySkipped(const clang::FunctionDecl *F);
  /// Did a rule need a skipped body?
  bool neededSkippedBody() const { return NeededSkippedBody; }
  /// The first function whose body a rule needed and the bundled headers
  /// do not hold ("" if none).
  const std::string &neededSdkBody() const { return NeededSdkBody; }
  /// The parse uses the bundled headers and may be redone with the SDK of
  /// `F` (null: it may not).
  void setBundled(const SdkFallback *F) { Bundled = F; }

private:
  /// File and [begin, end) offsets of `Range`, or false.
  bool fileRange(clang::CharSourceRange Range, std::string &File, unsigned &Begin,
                 unsigned &End) const;

  const clang::SourceManager &SM;
  const clang::LangOptions &LO;
  std::function<bool(llvm::StringRef)> IsPorted;
  const Options &Opts;
  const MapTable &Maps;
  size_t Config;
  std::map<std::string, AstFileOutput> Out;
  bool NeededSkippedBody = false;
  std::string NeededSdkBody;
  const SdkFallback *Bundled = nullptr;
  bool CUnit = false;
  std::vector<RuleIdInfo> Declared;
};

/// An AST rule: a matcher callback with a stable id and a context to emit
/// into. One instance serves one parse (created per translation unit and
/// configuration), so a rule may keep per-unit state and finish it in
/// onEndOfTranslationUnit().
class AstRule : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  ~AstRule() override;
  /// Every id the rule emits; the first is the rule's own (docs/rules.md
  /// anchor, the id its edits are counted under). See RuleIdInfo (Rule.h).
  virtual llvm::ArrayRef<RuleIdInfo> ids() const = 0;
  llvm::StringRef id() const { return ids().front().Id; }
  /// Whether the rule runs under `Opts` (default: always).
  virtual bool enabled(const Options &) const { return true; }
  /// Registers the rule's matchers, with `this` as callback.
  virtual void registerMatchers(clang::ast_matchers::MatchFinder &Finder) = 0;
  /// Handles one match of the rule's matchers (R.Context is the parse's
  /// ASTContext).
  virtual void check(const clang::ast_matchers::MatchFinder::MatchResult &R) = 0;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) final { check(R); }
  /// Called once after all matches of the parse.
  void onEndOfTranslationUnit() override {}
  /// Does the rule follow callees into their bodies in configuration
  /// `Config` (asking AstRuleContext::bodySkipped first)? Those parses keep
  /// the bodies of the SDK headers such callees live in (SdkBodies.h).
  virtual bool followsCalleeBodies(size_t Config) const { return false; }

  /// Emits into `C` from now on, under the ids this rule declares.
  void setContext(AstRuleContext *C) {
    Ctx = C;
    if (C)
      C->declare(ids());
  }

protected:
  /// The sink of the parse (not the rule's own state: const helpers of a
  /// rule may report into it too).
  AstRuleContext &ctx() const { return *Ctx; }

private:
  AstRuleContext *Ctx = nullptr;
};

/// Creates the AST rules enabled by `Opts`, in the order they run.
std::vector<std::unique_ptr<AstRule>> createAstRules(const Options &Opts);

} // namespace cu2hip

#endif
