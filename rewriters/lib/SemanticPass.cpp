#include "cu2hip/SemanticPass.h"
#include "cu2hip/AstRule.h"
#include "cu2hip/BundledHeaders.h"
#include "cu2hip/ByteRanges.h"
#include "cu2hip/CompileSetup.h"
#include "cu2hip/FileIO.h"
#include "cu2hip/IndexBuilder.h"
#include "cu2hip/SdkBodies.h"
#include "cu2hip/SourcePaths.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticDriver.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Frontend/FrontendDiagnostic.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "clang/Frontend/PCHContainerOperations.h"
#include <algorithm>
#include <optional>
#include <cstdlib>
#include <set>

using namespace clang;
using namespace clang::tooling;

namespace cu2hip {

std::vector<std::string> filterCompileFlags(const std::vector<std::string> &Cmd) {
  std::vector<std::string> R;
  for (size_t I = 1; I < Cmd.size(); ++I) {
    llvm::StringRef A = Cmd[I];
    auto TakesValue = [&](llvm::StringRef Flag) { return A == Flag && I + 1 < Cmd.size(); };
    if (TakesValue("-I") || TakesValue("-D") || TakesValue("-U") ||
        TakesValue("-isystem") || TakesValue("-include") || TakesValue("-iquote")) {
      R.push_back(A.str());
      R.push_back(Cmd[++I]);
    } else if (A.startswith("-I") || A.startswith("-D") || A.startswith("-U") ||
               A.startswith("-isystem")) {
      R.push_back(A.str());
    } else if (A.startswith("-std=") || A.startswith("--std=")) {
      llvm::StringRef V = A.substr(A.find('=') + 1);
      // CUDA 12/13 headers need C++17.
      if (V == "c++11" || V == "c++14" || V == "c++03" || V == "c++98")
        V = "c++17";
      R.push_back(("-std=" + V).str());
    }
  }
  return R;
}

namespace {

using RangeList = std::vector<std::pair<unsigned, unsigned>>;

/// What one configuration saw.
struct ConfigOutcome {
  std::map<std::string, RangeList> Skipped; ///< per ported file
  std::set<std::string> Entered;           ///< ported files that were parsed
  bool CUnit = false;                      ///< parsed as C (!CPlusPlus)
  std::set<std::string> Shadowed;
  std::set<std::string> Macros; ///< mapped names a ported file #defines
  std::set<std::pair<std::string, unsigned>> NoRename; ///< (file, offset)
  std::map<std::string, AstFileOutput> Ast;           ///< AST rules, per ported file
  IndexMap Index;                                     ///< typed index, per ported file
  /// Of the candidate names (ActionSetup::ConfigNames), those the parse met
  /// as identifiers.
  std::set<std::string> SeenNames;
  /// An AST rule needed the body of a function whose body was skipped.
  bool NeededSkippedBody = false;
  /// With the bundled headers: why the parse may differ from one with the
  /// installed SDK (BundledHeaders.h); no message when it cannot.
  Finding SdkDiffers;
};

class ErrorCollector : public DiagnosticConsumer {
  /// An `#error` directive outside system headers.
  static bool isUserHashError(const Diagnostic &Info) {
    if (Info.getID() != diag::err_pp_hash_error)
      return false;
    return !Info.hasSourceManager() || Info.getLocation().isInvalid() ||
           !Info.getSourceManager().isInSystemHeader(Info.getLocation());
  }

  /// Clang refusing a PCH (damaged, stale, other options): not the user's.
  static bool isPchRefusal(unsigned ID) {
    return ID == diag::err_fe_unable_to_load_pch ||
           (ID >= diag::DIAG_START_SERIALIZATION &&
            ID < diag::DIAG_START_SERIALIZATION + diag::DIAG_SIZE_SERIALIZATION);
  }

  /// A header not found that the SDK does not have either: the user's own.
  bool missingFromSdk(const Diagnostic &Info) const {
    unsigned ID = Info.getID();
    if (ID != diag::err_pp_file_not_found &&
        ID != diag::err_pp_file_not_found_angled_include_not_fatal &&
        ID != diag::err_pp_file_not_found_typo_not_fatal)
      return false;
    return Info.getNumArgs() > 0 &&
           Info.getArgKind(0) == DiagnosticsEngine::ak_std_string &&
           !Fallback->sdkHasHeader(Info.getArgStdStr(0));
  }

  /// A header of the CUDA SDK not found (isCudaSdkHeader) that no parse
  /// with the installed SDK can find either: the bundled headers have no
  /// SDK to fall back on, or the SDK lacks it.
  bool sdkHeaderLacking(const Diagnostic &Info) const {
    if (Info.getNumArgs() == 0 || Info.getArgKind(0) != DiagnosticsEngine::ak_std_string)
      return false;
    std::string H = Info.getArgStdStr(0);
    return isCudaSdkHeader(H) && (!Fallback || !Fallback->sdkHasHeader(H));
  }

public:
  std::vector<Finding> Errors;
  bool Failed = false;
  /// The parse uses the prelude's PCH (a PCH of the user's own is
  /// reported like any error).
  bool OwnPch = false;
  /// Clang refused the prelude's PCH: the parse is redone without it.
  bool PchRefused = false;
  /// With the bundled headers (non-null): the SDK the parse may be redone
  /// with, and the first error that SDK might not give (no message if none).
  const SdkFallback *Fallback = nullptr;
  Finding SdkMayFix;
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error)
      return;
    if (OwnPch && isPchRefusal(Info.getID())) {
      PchRefused = true;
      return;
    }
    Finding F;
    llvm::SmallString<256> Msg;
    Info.FormatDiagnostic(Msg);
    F.Message = Msg.str().str();
    // Syntax errors make the file fail. Semantic errors are reported but do
    // not: Clang 16 type-checks CUDA 12/13 headers incompletely (e.g. sm_80
    // intrinsics, cache-hint overloads), and the token rules need no types.
    // A missing include is reported with a hint and does not fail either.
    unsigned Cat = DiagnosticIDs::getCategoryNumberForDiag(Info.getID());
    llvm::StringRef CatName = DiagnosticIDs::getCategoryNameFromID(Cat);
    if (isUserHashError(Info)) {
      // An active #error in the user's code: the file cannot be built as
      // configured, so the port is incomplete.
      F.RuleId = "parse-error";
      F.Sev = Severity::Error;
      F.Message = "#error " + F.Message;
      Failed = true;
    } else if (Info.getID() == diag::err_drv_no_such_file ||
               Info.getID() == diag::err_fe_expected_compiler_job) {
      // The unit itself was not found or not compiled: nothing was parsed.
      F.RuleId = "parse-error";
      F.Sev = Severity::Error;
      F.Message = "clang: " + F.Message;
      Failed = true;
    } else if (CatName == "Parse Issue") {
      F.RuleId = "parse-error";
      F.Sev = Severity::Error;
      Failed = true;
    } else if (CatName == "Lexical or Preprocessor Issue") {
      bool MissingFile = F.Message.find("file not found") != std::string::npos;
      F.RuleId = MissingFile ? "parse-include" : "parse-error";
      F.Sev = MissingFile ? Severity::Warning : Severity::Error;
      if (MissingFile && sdkHeaderLacking(Info)) {
        // The parse's CUDA headers (the bundled ones, a partial SDK) lack a
        // header of the SDK: what it declares is unknown, so the facts of
        // the unit (which names are the SDK's) are not nvcc's.
        F.Sev = Severity::Error;
        F.Message += ": a CUDA SDK header that the CUDA headers of this parse do not have "
                     "(pass --cuda-path=<a complete CUDA SDK>); the unit's semantic facts "
                     "are incomplete, so it is not fully ported";
        Failed = true;
      } else if (MissingFile) {
        F.Message += " (pass -p <build dir> or -I after --; semantic facts "
                     "for this file are incomplete)";
      } else {
        Failed = true;
      }
    } else {
      F.RuleId = "parse-semantic";
      F.Sev = Severity::Note;
      F.Message = "clang: " + F.Message;
    }
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      const SourceManager &SM = Info.getSourceManager();
      PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(Info.getLocation()));
      if (P.isValid()) {
        F.File = P.getFilename();
        F.Line = P.getLine();
        F.Col = P.getColumn();
        F.Offset = SM.getFileOffset(SM.getFileLoc(Info.getLocation()));
      }
    }
    // A missing header the SDK lacks too, or a user's PCH Clang cannot
    // load, is not the bundled headers' doing.
    if (Fallback && SdkMayFix.Message.empty() && !missingFromSdk(Info) &&
        !isPchRefusal(Info.getID())) {
      SdkMayFix = F;
      SdkMayFix.Message = "an error: " + F.Message;
    }
    if (Errors.size() < 20 || F.Sev == Severity::Error)
      Errors.push_back(std::move(F));
  }
};

class SkipRecorder : public PPCallbacks {
public:
  SkipRecorder(SourceManager &SM, ConfigOutcome &Out,
               std::function<bool(llvm::StringRef)> &IsPorted)
      : SM(SM), Out(Out), IsPorted(IsPorted) {}

  std::string portedPath(SourceLocation L) {
    std::string S = realPathOf(SM, SM.getFileID(SM.getFileLoc(L)));
    return !S.empty() && IsPorted(S) ? S : "";
  }

  void FileChanged(SourceLocation Loc, FileChangeReason Reason, SrcMgr::CharacteristicKind,
                   FileID) override {
    if (Reason != EnterFile)
      return;
    std::string P = portedPath(Loc);
    if (!P.empty())
      Out.Entered.insert(P);
  }

  /// A macro defined in a ported file under a CUDA API name shadows that
  /// name in every file of the unit (its uses must stay as written).
  void MacroDefined(const Token &MacroNameTok, const MacroDirective *) override {
    const IdentifierInfo *II = MacroNameTok.getIdentifierInfo();
    if (!II || !Maps || !Maps->lookupName(II->getName()))
      return;
    if (!portedPath(MacroNameTok.getLocation()).empty()) {
      Out.Shadowed.insert(II->getName().str());
      Out.Macros.insert(II->getName().str());
    }
  }

  const MapTable *Maps = nullptr;

  void SourceRangeSkipped(SourceRange Range, SourceLocation EndifLoc) override {
    std::string P = portedPath(Range.getBegin());
    if (P.empty())
      return;
    unsigned B = SM.getFileOffset(SM.getFileLoc(Range.getBegin()));
    unsigned E = SM.getFileOffset(SM.getFileLoc(EndifLoc));
    Out.Skipped[P].push_back({B, E});
  }

private:
  SourceManager &SM;
  ConfigOutcome &Out;
  std::function<bool(llvm::StringRef)> &IsPorted;
};

class ShadowVisitor : public RecursiveASTVisitor<ShadowVisitor> {
public:
  ShadowVisitor(SourceManager &SM, const MapTable &Maps, ConfigOutcome &Out,
                SkipRecorder &Paths)
      : SM(SM), Maps(Maps), Out(Out), Paths(Paths) {}

  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && SM.isInSystemHeader(D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitNamedDecl(NamedDecl *D) {
    const IdentifierInfo *II = D->getIdentifier();
    if (!II || !Maps.lookupName(II->getName()))
      return true;
    // A redeclaration of a CUDA API (e.g. an extern "C" prototype) is no shadow.
    if (auto *FD = dyn_cast<FunctionDecl>(D))
      for (const FunctionDecl *Prev = FD->getPreviousDecl(); Prev;
           Prev = Prev->getPreviousDecl())
        if (SM.isInSystemHeader(Prev->getLocation()))
          return true;
    if (Paths.portedPath(D->getLocation()).empty())
      return true;
    // Only declarations at namespace scope shadow a CUDA name for the whole
    // unit. Locals and parameters are renamed consistently with their uses;
    // a member (struct field or method) is reached through `.`/`->`, which
    // is never renamed, so its declaration must not be renamed either.
    const DeclContext *DC = D->getDeclContext();
    if (DC->isRecord()) {
      SourceLocation L = SM.getSpellingLoc(D->getLocation());
      Out.NoRename.insert({Paths.portedPath(L), SM.getFileOffset(L)});
      return true;
    }
    if (!DC->isFileContext())
      return true;
    if (isa<VarDecl>(D) || isa<FunctionDecl>(D) || isa<TypeDecl>(D) ||
        isa<EnumConstantDecl>(D))
      Out.Shadowed.insert(II->getName().str());
    return true;
  }

private:
  SourceManager &SM;
  const MapTable &Maps;
  ConfigOutcome &Out;
  SkipRecorder &Paths;
};

class Consumer : public ASTConsumer {
public:
  Consumer(ShadowVisitor V) : V(std::move(V)) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    V.TraverseDecl(Ctx.getTranslationUnitDecl());
  }

private:
  ShadowVisitor V;
};

/// Everything one parse needs besides its compile command.
struct ActionSetup {
  const Options &Opts;
  const MapTable &Maps;
  std::function<bool(llvm::StringRef)> &IsPorted;
  size_t Config;
  /// Which bodies of SDK functions to skip (ParseSetup::Bodies).
  BodySkip Skip;
  /// Macro names of --config sets to look up at the end of the parse.
  std::vector<std::string> ConfigNames;
  /// A parse with the bundled headers that may be redone with this SDK
  /// (BundledHeaders.h); null otherwise.
  const SdkFallback *Fallback = nullptr;
  /// A C unit (ParseSetup::CUnit), whatever language the parse used.
  bool CUnit = false;
};

/// The frontend action of one parse: the fact collectors (preprocessor
/// callbacks, shadow visitor) and the AST rules (AstRule.h) over one AST.
class Action : public ASTFrontendAction {
public:
  Action(const ActionSetup &Setup, ConfigOutcome &Out) : Setup(Setup), Out(Out) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    auto Rec = std::make_unique<SkipRecorder>(CI.getSourceManager(), Out, Setup.IsPorted);
    SkipRecorder *R = Rec.get();
    R->Maps = &Setup.Maps;
    CI.getPreprocessor().addPPCallbacks(std::move(Rec));
    if (Setup.Fallback)
      CI.getPreprocessor().addPPCallbacks(std::make_unique<SdkDivergenceWatch>(
          CI.getPreprocessor(), *Setup.Fallback, &Out.SdkDiffers));
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    Consumers.push_back(std::make_unique<Consumer>(
        ShadowVisitor(CI.getSourceManager(), Setup.Maps, Out, *R)));
    Consumers.push_back(createIndexConsumer(CI, Setup.IsPorted, Out.Index));
    Out.CUnit = !CI.getLangOpts().CPlusPlus || Setup.CUnit;
    Rules = createAstRules(Setup.Opts);
    if (!Rules.empty()) {
      RuleCtx = std::make_unique<AstRuleContext>(CI.getSourceManager(), CI.getLangOpts(),
                                                 Setup.IsPorted, Setup.Opts, Setup.Maps,
                                                 Setup.Config);
      Finder = std::make_unique<ast_matchers::MatchFinder>();
      RuleCtx->setBundled(Setup.Fallback);
      RuleCtx->setCUnit(Out.CUnit);
      for (auto &Rule : Rules) {
        Rule->setContext(RuleCtx.get());
        Rule->registerMatchers(*Finder);
      }
      Consumers.push_back(Finder->newASTConsumer());
    }
    if (Setup.Skip != BodySkip::None)
      return skipSdkBodies(CI, Setup.IsPorted, Setup.Skip, std::move(Consumers));
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }

  void EndSourceFileAction() override {
    const IdentifierTable &Ids = getCompilerInstance().getPreprocessor().getIdentifierTable();
    for (const std::string &N : Setup.ConfigNames)
      if (Ids.find(N) != Ids.end())
        Out.SeenNames.insert(N);
    if (RuleCtx)
      Out.NeededSkippedBody |= RuleCtx->neededSkippedBody();
    if (RuleCtx && !RuleCtx->neededSdkBody().empty() && Out.SdkDiffers.Message.empty())
      Out.SdkDiffers.Message = "a rule needs the body of '" + RuleCtx->neededSdkBody() +
                               "', which the bundled headers only declare";
    if (RuleCtx)
      for (auto &KV : RuleCtx->outputs())
        Out.Ast[KV.first].mergeFrom(KV.second);
  }

private:
  const ActionSetup &Setup;
  ConfigOutcome &Out;
  std::vector<std::unique_ptr<AstRule>> Rules;
  std::unique_ptr<AstRuleContext> RuleCtx;
  std::unique_ptr<ast_matchers::MatchFinder> Finder;
};

class ActionFactory : public FrontendActionFactory {
public:
  ActionFactory(const ActionSetup &Setup, ConfigOutcome &Out) : Setup(Setup), Out(Out) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(Setup, Out);
  }

private:
  const ActionSetup &Setup;
  ConfigOutcome &Out;
};

RangeList intersect(const RangeList &A, const RangeList &B) { return intersectRanges(A, B); }

} // namespace

SemanticPass::SemanticPass(const Options &Opts, const MapTable &Maps,
                           std::function<bool(llvm::StringRef)> IsPorted, PhaseTimes *Times)
    : Opts(Opts), Maps(Maps), IsPorted(std::move(IsPorted)), Times(Times) {
  DiagnosticsHooks Hooks;
  Hooks.Make = [] { return std::make_unique<ErrorCollector>(); };
  Hooks.Read = [](DiagnosticConsumer &C, std::vector<Finding> &Errors, bool &Failed) {
    auto &EC = static_cast<ErrorCollector &>(C);
    Errors = EC.Errors;
    Failed = EC.Failed;
  };
  Setup = std::make_unique<CompileSetup>(Opts, this->IsPorted, std::move(Hooks), Times);
  // Parses run in a CrashRecoveryContext (runRecovering).
  llvm::CrashRecoveryContext::Enable();
  std::vector<bool> RuleCallees(Setup->numConfigs(), false);
  for (const auto &Rule : createAstRules(Opts))
    for (size_t C = 0; C < RuleCallees.size(); ++C)
      RuleCallees[C] = RuleCallees[C] || Rule->followsCalleeBodies(C);
  Setup->setRuleCallees(std::move(RuleCallees));
}

SemanticPass::~SemanticPass() = default;

size_t SemanticPass::numConfigs() const { return Setup->numConfigs(); }

void SemanticPass::planUnit(const std::string &File, const std::vector<std::string> &Flags,
                            const std::string &WorkDir, bool HostOnly) {
  Setup->planUnit(File, Flags, WorkDir, HostOnly);
}

/// Runs `Tool` with `Factory`'s actions set up as `S`, in a
/// CrashRecoveryContext: false when Clang crashed (loading the prelude's
/// PCH, ParseSetup::OnPchCrash, or on the unit itself).
static bool runRecovering(ClangTool &Tool, FrontendActionFactory &Factory,
                          const ParseSetup &S) {
  std::unique_ptr<FrontendActionFactory> Wrapped = wrapActions(Factory, S);
  return runRecoveringCrash([&] { Tool.run(Wrapped.get()); });
}

/// The error of a unit Clang crashed on without a PCH: the file is ported by
/// the token rules alone and counts as failed; the run goes on.
static Finding clangCrashed(const std::string &File, size_t Config) {
  Finding F;
  F.RuleId = "parse-error";
  F.Sev = Severity::Error;
  F.File = File;
  F.Line = F.Col = 1;
  F.Message = std::string("Clang crashed parsing this file (") +
              (Config == 0 ? "host" : Config == 1 ? "device" : "--config") +
              " configuration); no semantic rule ran for it";
  F.Fix = "report the crash with this file; --no-semantic ports it with the token rules only";
  return F;
}

/// Turns the outcomes of a unit's parse into per-file facts: a range is
/// inactive only if every outcome that entered the file skipped it;
/// shadowed names and no-rename offsets unite; AST rule outputs and typed
/// indexes merge.
static void mergeOutcomes(std::vector<ConfigOutcome> &Outcomes, SemanticResult &Result) {
  std::set<std::string> Files;
  for (auto &O : Outcomes)
    Files.insert(O.Entered.begin(), O.Entered.end());
  for (const std::string &F : Files) {
    FileFacts &Facts = Result.Facts[F];
    Facts.Parsed = true;
    for (auto &O : Outcomes)
      Facts.CUnit |= O.Entered.count(F) && O.CUnit;
    bool First = true;
    RangeList Acc;
    for (auto &O : Outcomes) {
      if (!O.Entered.count(F))
        continue;
      auto It = O.Skipped.find(F);
      RangeList R = It == O.Skipped.end() ? RangeList{} : It->second;
      Acc = First ? normalizeRanges(R) : intersect(Acc, R);
      First = false;
    }
    Facts.Inactive = Acc;
  }
  for (auto &O : Outcomes) {
    for (auto &S : O.Shadowed)
      for (const std::string &F : Files)
        Result.Facts[F].ShadowedNames.insert(S);
    for (auto &S : O.Macros)
      for (const std::string &F : Files)
        Result.Facts[F].UserMacros.insert(S);
    for (auto &NR : O.NoRename)
      if (Result.Facts.count(NR.first))
        Result.Facts[NR.first].NoRenameOffsets.insert(NR.second);
    for (auto &KV : O.Ast)
      if (Result.Facts.count(KV.first))
        Result.Facts[KV.first].Ast.mergeFrom(KV.second);
    for (auto &KV : O.Index)
      if (Result.Facts.count(KV.first))
        Result.Facts[KV.first].Index.mergeFrom(KV.second);
  }
}

/// Why a parse with the bundled headers may differ from one with the
/// installed SDK (BundledHeaders.h), as a `parse-sdk` note, or nothing: an
/// error the SDK might not give (in the unit or its prelude; a missing
/// header the SDK lacks too is the user's), what the preprocessor watch
/// saw, a rule needing an SDK body.
static std::optional<Finding> bundledDoubt(const std::string &File, const ErrorCollector &Diags,
                                           const ParseSetup &S, const ConfigOutcome &Out,
                                           const SdkFallback &Sdk,
                                           const std::function<bool(llvm::StringRef)> &IsPorted) {
  Finding Why = Diags.SdkMayFix;
  for (const Finding &F : S.PreludeErrors) {
    if (!Why.Message.empty())
      break;
    llvm::StringRef M = F.Message;
    if (F.RuleId == "parse-include" && M.consume_front("'") &&
        !Sdk.sdkHasHeader(M.take_until([](char C) { return C == '\''; })))
      continue;
    Why = F;
    Why.Message = "an error: " + F.Message;
  }
  if (Why.Message.empty())
    Why = Out.SdkDiffers;
  if (Why.Message.empty())
    return std::nullopt;
  // Reported on the unit when the place is not one of the ported files (an
  // SDK header), which it then names.
  if (Why.File.empty() || !IsPorted(Why.File)) {
    if (!Why.File.empty())
      Why.Message = Why.File + ":" + std::to_string(Why.Line) + ": " + Why.Message;
    Why.File = File;
    Why.Line = Why.Col = 1;
    Why.Offset = 0;
  }
  Why.RuleId = "parse-sdk";
  Why.Sev = Severity::Note;
  Why.Fix.clear();
  Why.Message = "parsed with the installed CUDA SDK, not the bundled headers (" +
                Sdk.sdkPath() + "): " + Why.Message;
  return Why;
}

std::optional<Finding> SemanticPass::sdkFromStart(const std::string &File,
                                                  const std::vector<std::string> &Flags,
                                                  size_t Config) const {
  if (!Opts.Fallback)
    return std::nullopt;
  std::string Define = Opts.Fallback->definesThatMatter(Setup->arguments(Flags, Config));
  if (Define.empty())
    return std::nullopt;
  Finding Note{"parse-sdk", Severity::Note, File, 1, 1, 0, "", ""};
  Note.Message = "parsed with the installed CUDA SDK, not the bundled headers (" +
                 Opts.Fallback->sdkPath() + "): the command line has '" + Define +
                 "', which the CUDA SDK's conditionals test";
  return Note;
}

namespace {

/// The name a unit is parsed under. Clang's tooling turns each '\\' of a
/// source path into '/' (clang::tooling::getAbsolutePath calls
/// llvm::sys::path::native), so a file whose name holds one would not be
/// found and would go unparsed: it is parsed under an alias in its own
/// directory (its bytes mapped there in memory; nothing is written), and
/// the results are renamed back to the file.
struct ParseName {
  std::string File, Alias; ///< Alias == File: no alias needed
  explicit ParseName(const std::string &F) : File(F), Alias(F) {
    llvm::StringRef Name = llvm::sys::path::filename(F);
    if (!Name.contains('\\') || llvm::sys::path::parent_path(F).contains('\\'))
      return;
    std::string Clean = Name.str();
    std::replace(Clean.begin(), Clean.end(), '\\', '_');
    llvm::SmallString<256> A(llvm::sys::path::parent_path(F));
    llvm::sys::path::append(A, ".cu2hip-parse-" + Clean);
    Alias = std::string(A.str());
  }
  bool aliased() const { return Alias != File; }
  /// A directory name holding '\\' cannot be aliased: the parse is refused.
  bool unparseable() const {
    return llvm::sys::path::parent_path(File).contains('\\');
  }
  /// `R` with the alias's facts and findings under the file's name.
  void restore(SemanticResult &R) const {
    if (!aliased())
      return;
    auto It = R.Facts.find(Alias);
    if (It != R.Facts.end()) {
      FileFacts F = std::move(It->second);
      R.Facts.erase(It);
      R.Facts[File].mergeFrom(F);
    }
    for (Finding &E : R.Errors) {
      if (E.File == Alias)
        E.File = File;
      size_t At;
      while ((At = E.Message.find(Alias)) != std::string::npos)
        E.Message.replace(At, Alias.size(), File);
    }
  }
};

/// The error of a unit in a directory whose name holds '\\' (ParseName).
Finding unparseableName(const std::string &File) {
  Finding F{"parse-error", Severity::Error, File, 1, 1, 0, "", ""};
  F.Message = "Clang's tooling cannot open a file in a directory whose name holds '\\' "
              "(it reads '\\' as '/'): not parsed, no semantic rule ran for it";
  F.Fix = "rename the directory";
  return F;
}

} // namespace

/// The state of one unit's parses in one configuration (runConfig): the
/// setup of the parse to run, and what the last parse found.
struct SemanticPass::UnitRun {
  UnitRun(const std::string &File, const std::vector<std::string> &Flags,
          const std::string &WorkDir, size_t Config)
      : File(File), Flags(Flags), WorkDir(WorkDir), Config(Config) {}
  const std::string &File;
  const std::vector<std::string> &Flags;
  const std::string &WorkDir;
  size_t Config;
  SemanticResult Result;
  std::vector<ConfigOutcome> Outcomes = std::vector<ConfigOutcome>(1);
  /// Set when the parse reads the installed SDK rather than the bundled
  /// headers (BundledHeaders.h), with the note that says why.
  bool OnSdk = false;
  std::optional<Finding> SdkNote;
  ParseSetup S;
  std::unique_ptr<ErrorCollector> Diags;
  /// The PCH the previous parse crashed with or was refused
  /// (ParseSetup::OnPchCrash), to blame once a parse without it runs.
  std::function<void()> BlamePch;
  /// Clang crashed on the unit with no PCH: no parse result.
  bool Crashed = false;
  /// The name the unit is parsed under, and its bytes when aliased.
  ParseName Name{File};
  std::string AliasText;
  /// IsPorted, with the alias counted as the unit.
  std::function<bool(llvm::StringRef)> PortedHere;
};

SemanticResult SemanticPass::runConfig(const std::string &File,
                                       const std::vector<std::string> &Flags,
                                       const std::string &WorkDir, size_t Config) {
  UnitRun U(File, Flags, WorkDir, Config);
  if (U.Name.unparseable()) {
    SemanticResult Refused;
    Refused.Failed = true;
    Refused.Errors.push_back(unparseableName(File));
    return Refused;
  }
  U.PortedHere = [this, &U](llvm::StringRef P) { return P == U.Name.Alias || IsPorted(P); };
  if (U.Name.aliased())
    if (auto Buf = readFileChecked(File))
      U.AliasText = (*Buf)->getBuffer().str();
    else
      llvm::consumeError(Buf.takeError());
  // Parsing with the installed SDK rather than the bundled headers: from
  // the start when a -D/-U may change what the SDK declares.
  U.SdkNote = sdkFromStart(File, Flags, Config);
  U.OnSdk = U.SdkNote.has_value();
  if (U.OnSdk && Times)
    ++Times->SdkRedone;
  CompileSetup::Mode First;
  First.InstalledSdk = U.OnSdk;
  U.S = Setup->prepare(File, Flags, Config, First);
  for (RedoReason Why = parseOnce(U); Why != RedoReason::None; Why = parseOnce(U))
    redo(U, Why);
  if (U.Crashed) {
    SemanticResult Crashed;
    Crashed.Failed = true;
    Crashed.Errors.push_back(clangCrashed(File, Config));
    return Crashed;
  }
  if (U.SdkNote)
    U.Result.Errors.insert(U.Result.Errors.begin(), *U.SdkNote);
  mergeOutcomes(U.Outcomes, U.Result);
  U.Name.restore(U.Result);
  return U.Result;
}

SemanticPass::RedoReason SemanticPass::parseOnce(UnitRun &U) {
  std::optional<PhaseTimer> T;
  if (Times) {
    T.emplace(Times->ParseNs);
    ++Times->Parses;
  }
  const ParseSetup &S = U.S;
  // A physical file system of its own: ClangTool changes the working
  // directory per compile command, which must not be process-wide while
  // other files are parsed in parallel (-j).
  FixedCompilationDatabase Db(U.WorkDir.empty() ? "." : U.WorkDir, S.Args);
  ClangTool Tool(Db, {U.Name.Alias}, std::make_shared<PCHContainerOperations>(), S.FS);
  for (auto &M : S.Mapped)
    Tool.mapVirtualFile(M.first == U.File ? U.Name.Alias : M.first, M.second);
  if (U.Name.aliased() && !S.Mapped.count(U.File))
    Tool.mapVirtualFile(U.Name.Alias, U.AliasText);
  U.Diags = std::make_unique<ErrorCollector>();
  ErrorCollector &Diags = *U.Diags;
  // What the shared prelude reported comes first, as in a parse of its own.
  Diags.Errors = S.PreludeErrors;
  Diags.Failed = S.PreludeFailed;
  Tool.setDiagnosticConsumer(&Diags);
  Tool.setPrintErrorMessage(false);
  const SdkFallback *Fallback = U.OnSdk ? nullptr : Opts.Fallback.get();
  ActionSetup Actions{Opts, Maps, U.PortedHere, U.Config, S.Bodies, {}, Fallback};
  Actions.CUnit = S.CUnit;
  if (U.Config == 0)
    for (size_t C = 2; C < numConfigs(); ++C)
      if (auto Names = Setup->configMacros(C))
        Actions.ConfigNames.insert(Actions.ConfigNames.end(), Names->begin(), Names->end());
  ActionFactory Factory(Actions, U.Outcomes[0]);
  Diags.OwnPch = S.UsesPCH;
  Diags.Fallback = Fallback;
  bool Ran = runRecovering(Tool, Factory, S);
  if (!Ran && !S.UsesPCH) {
    U.Crashed = true;
    return RedoReason::None;
  }
  return whyRedo(U, Ran);
}

SemanticPass::RedoReason SemanticPass::whyRedo(UnitRun &U, bool Ran) {
  const ErrorCollector &Diags = *U.Diags;
  const ParseSetup &S = U.S;
  if (!Ran || Diags.PchRefused) {
    // Clang crashed with the prelude's PCH, or refused it: parse with no
    // PCH; the PCH is to blame if that parse does not crash too.
    U.BlamePch = S.OnPchCrash;
    return RedoReason::PchFailed;
  }
  if (U.BlamePch) {
    U.BlamePch(); // ParseSetup::OnPchCrash
    U.BlamePch = nullptr;
  }
  U.Result.Failed = Diags.Failed;
  const SdkFallback *Fallback = U.OnSdk ? nullptr : Opts.Fallback.get();
  if (U.Config == 0)
    noteSameAsHost(U, Fallback);
  // The bundled headers may not stand for the SDK in this parse: parse
  // with the SDK (BundledHeaders.h).
  if (Fallback &&
      (U.SdkNote = bundledDoubt(U.File, Diags, S, U.Outcomes[0], *Fallback, U.PortedHere))) {
    U.OnSdk = true;
    return RedoReason::BundledDoubt;
  }
  std::set<std::string> SeenErrors;
  for (const Finding &F : Diags.Errors) {
    std::string Key = F.File + ":" + std::to_string(F.Line) + ":" + F.Message;
    if (SeenErrors.insert(Key).second)
      U.Result.Errors.push_back(F);
  }
  // A rule needed an SDK body that was skipped: parse again with every
  // body (SdkBodies.h), so that no result depends on the skipping.
  if (U.Outcomes[0].NeededSkippedBody && S.Bodies != BodySkip::None)
    return RedoReason::SdkBodyNeeded;
  // A header left out of the prelude as the base's was not skipped:
  // parse it again with no PCH ("Headers the base already included").
  if (S.Tripped && S.Tripped->load())
    return RedoReason::BaseNoOpEntered;
  return RedoReason::None;
}

void SemanticPass::noteSameAsHost(UnitRun &U, const SdkFallback *Fallback) {
  std::set<std::string> &Seen = U.Outcomes[0].SeenNames;
  Seen.insert(U.S.PreludeSeen.begin(), U.S.PreludeSeen.end());
  U.Result.SameAsHost.assign(numConfigs(), false);
  U.Result.SameAsHost[0] = true;
  for (size_t C = 2; C < numConfigs(); ++C)
    if (auto Names = Setup->configMacros(C))
      // A parse with the bundled headers does not meet the names the
      // SDK's conditionals test (BundledHeaders.h).
      U.Result.SameAsHost[C] = llvm::none_of(*Names, [&](const std::string &N) {
        return Seen.count(N) || (Fallback && Fallback->userMacroMatters(N));
      });
}

void SemanticPass::redo(UnitRun &U, RedoReason Why) {
  if (Times)
    ++(Why == RedoReason::PchFailed       ? Times->PchFailedRedone
       : Why == RedoReason::BundledDoubt  ? Times->SdkRedone
       : Why == RedoReason::SdkBodyNeeded ? Times->SdkBodiesRedone
                                          : Times->NoOpsRedone);
  // Parses the unit again, with what it had found dropped.
  U.Result = SemanticResult();
  U.Outcomes.assign(1, ConfigOutcome());
  CompileSetup::Mode M;
  M.SdkBodies = Why == RedoReason::SdkBodyNeeded;
  M.NoPrelude = Why == RedoReason::PchFailed || Why == RedoReason::BaseNoOpEntered;
  M.InstalledSdk = U.OnSdk;
  U.S = Setup->prepare(U.File, U.Flags, U.Config, M);
}

} // namespace cu2hip
