//===- PreludeBuild.cpp - building a prelude PCH in memory ------------------===//
#include "CompileSetupInternal.h"
#include "cu2hip/CompileSetup.h"
#include "cu2hip/MacroUseCallbacks.h"
#include "cu2hip/ParseCompat.h"
#include "cu2hip/BundledHeaders.h"
#include "cu2hip/SdkBodies.h"
#include "cu2hip/Signals.h"
#include <unistd.h>
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/PCHContainerOperations.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Serialization/ASTDeserializationListener.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Serialization/ASTWriter.h"
#include "clang/Serialization/InMemoryModuleCache.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "clang/Lex/MacroInfo.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/PrettyStackTrace.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include <chrono>
#include <optional>
#include <cstdlib>
#include <set>

using namespace clang;
using namespace clang::tooling;

namespace cu2hip {

//===----------------------------------------------------------------------===//
// Building a prelude PCH in memory
//===----------------------------------------------------------------------===//

namespace {

/// Forwards to the parse's own collector, and notes what makes a prelude
/// unfit for sharing (a fatal error stops Clang inside it).
class PreludeDiagnostics : public DiagnosticConsumer {
public:
  explicit PreludeDiagnostics(DiagnosticConsumer &Target) : Target(Target) {}
  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Target.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Target.EndSourceFile(); }
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    Fatal |= Level == DiagnosticsEngine::Fatal;
    Errors += Level >= DiagnosticsEngine::Error;
    Target.HandleDiagnostic(Level, Info);
  }
  bool Fatal = false;
  unsigned Errors = 0; ///< errors and fatal errors, as Clang's error limit counts

private:
  DiagnosticConsumer &Target;
};

/// Notes whether the prelude enters a ported file (its facts would be lost).
class PortedFileWatch : public PPCallbacks {
public:
  PortedFileWatch(SourceManager &SM, const std::function<bool(llvm::StringRef)> &IsPorted,
                  bool &Entered)
      : SM(SM), IsPorted(IsPorted), Entered(Entered) {}
  void FileChanged(SourceLocation Loc, FileChangeReason Reason, SrcMgr::CharacteristicKind,
                   FileID) override {
    if (Reason != EnterFile)
      return;
    const FileEntry *FE = SM.getFileEntryForID(SM.getFileID(SM.getFileLoc(Loc)));
    if (FE && IsPorted(FE->tryGetRealPathName()))
      Entered = true;
  }

private:
  SourceManager &SM;
  const std::function<bool(llvm::StringRef)> &IsPorted;
  bool &Entered;
};

/// Collects the macro names a prelude looks at (PreludeScan::Assumed).
class MacroNameWatch : public MacroUseCallbacks {
public:
  MacroNameWatch(Preprocessor &PP, llvm::DenseSet<const IdentifierInfo *> &Names)
      : PP(PP), Names(Names) {}
  void onMacroUse(const MacroUse &U) override { note(U.Name); }
  void onConditionText(SourceLocation, SourceRange R, bool) override { noteText(R); }

private:
  void note(const Token &T) {
    if (const IdentifierInfo *II = T.getIdentifierInfo())
      Names.insert(II);
  }
  /// Every identifier of a condition, defined or not.
  void noteText(SourceRange R) {
    const SourceManager &SM = PP.getSourceManager();
    llvm::StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(R), SM,
                                                PP.getLangOpts());
    for (size_t I = 0; I < Text.size();) {
      if (!isalpha(Text[I]) && Text[I] != '_') {
        ++I;
        continue;
      }
      size_t J = I;
      while (J < Text.size() && (isalnum(Text[J]) || Text[J] == '_'))
        ++J;
      Names.insert(PP.getIdentifierInfo(Text.slice(I, J)));
      I = J;
    }
  }
  Preprocessor &PP;
  llvm::DenseSet<const IdentifierInfo *> &Names;
};

/// The declarations Sema checks at the end of a translation unit for CUDA's
/// deferred diagnostics (Sema::DeclsToCheckForDeferredDiags, private). An
/// explicit instantiation may name a private member ([temp.spec.general]),
/// which is how this friend reaches it.
using DeferredDiagDecls = llvm::SmallSetVector<Decl *, 4>;
DeferredDiagDecls &deferredDiagDecls(Sema &S);
template <typename T, T Sema::*Member> struct SemaMember {
  friend T &deferredDiagDecls(Sema &S) { return S.*Member; }
};
template struct SemaMember<DeferredDiagDecls, &Sema::DeclsToCheckForDeferredDiags>;

/// The macros `#pragma push_macro` saved and no `pop_macro` restored yet
/// (Preprocessor::PragmaPushMacroInfo, private; reached as above). Clang
/// does not write them into a PCH ("FIXME: PragmaPushMacroInfo?" in
/// Preprocessor.h), so a pop in the unit of a push in the prelude would do
/// nothing with the PCH.
using PushedMacros = llvm::DenseMap<IdentifierInfo *, std::vector<MacroInfo *>>;
PushedMacros &pushedMacros(Preprocessor &PP);
template <typename T, T Preprocessor::*Member> struct PreprocessorMember {
  friend T &pushedMacros(Preprocessor &PP) { return PP.*Member; }
};
template struct PreprocessorMember<PushedMacros, &Preprocessor::PragmaPushMacroInfo>;

/// Does the prelude leave open a pragma stack that a PCH does not keep:
/// `#pragma push_macro`, `#pragma GCC visibility push`, `#pragma clang
/// attribute push`? A unit popping it would pop
/// nothing with the PCH (or report an error that the parse without it does
/// not). `#pragma pack(push)` and `float_control(push)` are kept in the
/// PCH. Not checked: `#pragma clang diagnostic push`, which libcu++ leaves
/// open at the end of <cooperative_groups.h> under Clang 16 (refusing it
/// would leave every cooperative-groups unit without a PCH); a unit that
/// pops more diagnostic states than it pushes sees the prelude's last
/// diagnostic settings with the PCH (docs/design.md).
bool leavesPragmaStackOpen(Preprocessor &PP, Sema *S) {
  return !pushedMacros(PP).empty() ||
         (S && (S->VisContext || !S->PragmaAttributeStack.empty()));
}

/// A PCH generator that keeps the PCH in memory.
///
/// It leaves out two lists Sema would otherwise read back, declaration by
/// declaration, at the end of every parse that uses the PCH: the SDK's
/// declarations to check for CUDA's deferred diagnostics, and its unused
/// file-scope declarations (for -Wunused warnings, which the parse turns
/// off). Reading them cost about a third of a parse of a short unit
/// (docs/results/parse-bench-2026-12-02-c.md). Neither changes a fact: a
/// deferred diagnostic is reported in a function the unit emits, and the
/// unit's own functions are checked from the unit's own list; an SDK
/// function's own deferred errors are not the user's code.
class MemoryPCHGenerator : public PCHGenerator {
public:
  MemoryPCHGenerator(const Preprocessor &PP, InMemoryModuleCache &Cache,
                     llvm::StringRef OutputFile, llvm::StringRef Sysroot,
                     std::shared_ptr<PCHBuffer> Buffer,
                     llvm::ArrayRef<std::shared_ptr<ModuleFileExtension>> Extensions,
                     std::string &Out)
      : PCHGenerator(PP, Cache, OutputFile, Sysroot, std::move(Buffer), Extensions,
                     /*AllowASTWithErrors=*/true),
        Out(Out) {}
  void InitializeSema(Sema &S) override {
    PCHGenerator::InitializeSema(S);
    SemaRef = &S;
  }
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (SemaRef) {
      // Only the system headers' (the SDK's): a user header's function
      // may be emitted only through a kernel of the prelude.
      SourceManager &SM = SemaRef->getSourceManager();
      deferredDiagDecls(*SemaRef).remove_if(
          [&](Decl *D) { return SM.isInSystemHeader(D->getLocation()); });
      auto &Unused = SemaRef->UnusedFileScopedDecls;
      Unused.erase(Unused.begin(nullptr, /*LocalOnly=*/true), Unused.end());
    }
    PCHGenerator::HandleTranslationUnit(Ctx);
    if (hasEmittedPCH())
      Out.assign(getPCH().begin(), getPCH().end());
  }

private:
  std::string &Out;
  Sema *SemaRef = nullptr;
};

/// What building a prelude reports besides the PCH.
struct PreludeWatch {
  bool EnteredPorted = false;
  /// The build is a link on a parent PCH (its Referenced is merged in).
  bool Chained = false;
  /// The prelude leaves open a pragma stack a PCH does not keep
  /// (leavesPragmaStackOpen).
  bool OpenPragmaStack = false;
  llvm::DenseSet<const IdentifierInfo *> Names;
  llvm::StringSet<> *Referenced = nullptr;
  /// --config macro names to look for, and those the parse met.
  const std::vector<std::string> *ConfigNames = nullptr;
  std::vector<std::string> *Seen = nullptr;
  /// Set for a build with no parent: the files its base enters.
  std::set<std::string> *BaseFiles = nullptr;
  /// Set for a build on a parent: the macros it undefines.
  llvm::StringSet<> *Undefined = nullptr;
  /// Header names to resolve at the end of the build, and those that are
  /// no-ops there (isBaseNoOp).
  const std::vector<std::string> *Resolve = nullptr;
  std::set<std::string> *NoOps = nullptr;
};

} // namespace

/// `Path` with symbolic links and dots resolved, or as given when that
/// fails. (FileEntry::tryGetRealPathName is empty, or the name as opened,
/// for a file Clang has not read.)
std::string canonicalPath(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real))
    return Path.str();
  return std::string(Real);
}

namespace {

/// Records, for the headers the base already included ("Headers the base
/// already included"), the files a prelude's base enters (those entered
/// before the prelude's own first line: Clang's CUDA wrapper and the
/// -include files) and the macros the prelude's headers undefine.
class BaseWatch : public PPCallbacks {
public:
  BaseWatch(SourceManager &SM, PreludeWatch &W) : SM(SM), W(W) {}
  void FileChanged(SourceLocation Loc, FileChangeReason Reason, SrcMgr::CharacteristicKind,
                   FileID) override {
    if (Reason == ExitFile && SM.getFileID(Loc) == SM.getMainFileID())
      InPrelude = true;
    if (Reason != EnterFile || InPrelude || !W.BaseFiles)
      return;
    if (const FileEntry *FE = SM.getFileEntryForID(SM.getFileID(SM.getFileLoc(Loc))))
      W.BaseFiles->insert(canonicalPath(FE->getName()));
  }
  void MacroUndefined(const Token &Name, const MacroDefinition &,
                      const MacroDirective *) override {
    if (InPrelude && W.Undefined && Name.getIdentifierInfo())
      W.Undefined->insert(Name.getIdentifierInfo()->getName());
  }

private:
  SourceManager &SM;
  PreludeWatch &W;
  bool InPrelude = false;
};

/// Is `#include <Name>`, at this point of a parse, a no-op that Clang's
/// multiple-include optimization skips? The file it finds must be one of
/// `Entered` (real paths), and either `#pragma once` or guarded by a macro
/// that is defined here (HeaderSearch::isFileMultipleIncludeGuarded).
bool isGuardedNoOp(Preprocessor &PP, llvm::StringRef Name, const std::set<std::string> &Entered) {
  // An angled include searches the same directories from any includer.
  ConstSearchDirIterator CurDir = nullptr;
  OptionalFileEntryRef F = PP.getHeaderSearchInfo().LookupFile(
      Name, SourceLocation(), /*isAngled=*/true, /*FromDir=*/nullptr, &CurDir,
      /*Includers=*/{}, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr);
  if (!F || !PP.alreadyIncluded(*F) || !Entered.count(canonicalPath(F->getName())))
    return false;
  HeaderFileInfo &HFI = PP.getHeaderSearchInfo().getFileInfo(*F);
  if (HFI.isPragmaOnce || HFI.isImport)
    return true;
  const IdentifierInfo *Guard = HFI.getControllingMacro(PP.getExternalSource());
  return Guard && PP.isMacroDefined(Guard);
}

/// Turns the identifiers seen into names, adding every macro defined at the
/// end of the prelude (predefined, -D, -include, the SDK's own).
class PreludeEnd : public SemaConsumer {
public:
  PreludeEnd(Preprocessor &PP, PreludeWatch &W) : PP(PP), W(W) {}
  void InitializeSema(Sema &S) override { SemaRef = &S; }
  void HandleTranslationUnit(ASTContext &) override {
    for (const IdentifierInfo *II : W.Names)
      W.Referenced->insert(II->getName());
    // Every macro defined at the end. A link built on a parent PCH needs
    // only its own #defines (in Names, MacroNameWatch): the parent's end
    // state is in the parent's Referenced, which the link's takes in. Asking
    // the preprocessor for every macro would deserialize each one of the
    // whole chain (the larger part of building a small link).
    if (!W.Chained) {
      // getMacroInfo may load a macro from a chained PCH and grow the macro
      // table: take the identifiers first, then look each up.
      std::vector<const IdentifierInfo *> Macros;
      for (auto &M : PP.macros())
        Macros.push_back(M.first);
      for (const IdentifierInfo *II : Macros)
        if (PP.getMacroInfo(II))
          W.Referenced->insert(II->getName());
    }
    if (W.ConfigNames)
      for (const std::string &N : *W.ConfigNames)
        if (PP.getIdentifierTable().find(N) != PP.getIdentifierTable().end())
          W.Seen->push_back(N);
    W.OpenPragmaStack = leavesPragmaStackOpen(PP, SemaRef);
    if (W.Resolve && W.BaseFiles)
      for (const std::string &N : *W.Resolve)
        if (isGuardedNoOp(PP, N, *W.BaseFiles))
          W.NoOps->insert(N);
    // The identifiers die with this parse's preprocessor; a further job of
    // the same tool run must not read them.
    W.Names.clear();
  }

private:
  Preprocessor &PP;
  PreludeWatch &W;
  Sema *SemaRef = nullptr;
};

class PreludeAction : public GeneratePCHAction {
public:
  PreludeAction(std::string &Out, const std::function<bool(llvm::StringRef)> &IsPorted,
                PreludeWatch &W, BodySkip Skip)
      : Out(Out), IsPorted(IsPorted), W(W), Skip(Skip) {}

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef InFile) override {
    std::string Sysroot;
    if (!ComputeASTConsumerArguments(CI, Sysroot))
      return nullptr;
    Preprocessor &PP = CI.getPreprocessor();
    W.Names.clear(); // identifiers of an earlier job's preprocessor, if any
    PP.addPPCallbacks(
        std::make_unique<PortedFileWatch>(CI.getSourceManager(), IsPorted, W.EnteredPorted));
    PP.addPPCallbacks(std::make_unique<MacroNameWatch>(PP, W.Names));
    PP.addPPCallbacks(std::make_unique<BaseWatch>(CI.getSourceManager(), W));
    PP.setTokenWatcher([this](const Token &T) {
      // Annotation tokens keep other pointers where identifiers keep theirs.
      if (T.isAnnotation())
        return;
      if (const IdentifierInfo *II = T.getIdentifierInfo())
        W.Names.insert(II);
    });
    std::vector<std::unique_ptr<ASTConsumer>> Cs;
    Cs.push_back(std::make_unique<PreludeEnd>(PP, W));
    // No sysroot: paths (of the PCH a chained one is built on) are written
    // absolute, as the PCHs live at absolute paths of the in-memory layer.
    Cs.push_back(std::make_unique<MemoryPCHGenerator>(
        PP, CI.getModuleCache(), CI.getFrontendOpts().OutputFile, /*Sysroot=*/"",
        std::make_shared<PCHBuffer>(), CI.getFrontendOpts().ModuleFileExtensions, Out));
    if (Skip != BodySkip::None)
      return skipSdkBodies(CI, IsPorted, Skip, std::move(Cs));
    return std::make_unique<MultiplexConsumer>(std::move(Cs));
  }

private:
  std::string &Out;
  const std::function<bool(llvm::StringRef)> &IsPorted;
  PreludeWatch &W;
  BodySkip Skip;
};

class PreludeActionFactory : public FrontendActionFactory {
public:
  PreludeActionFactory(std::string &Out, const std::function<bool(llvm::StringRef)> &IsPorted,
                       PreludeWatch &W, BodySkip Skip)
      : Out(Out), IsPorted(IsPorted), W(W), Skip(Skip) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<PreludeAction>(Out, IsPorted, W, Skip);
  }

private:
  std::string &Out;
  const std::function<bool(llvm::StringRef)> &IsPorted;
  PreludeWatch &W;
  BodySkip Skip;
};

/// The error limit in force for `Args` (the last -ferror-limit wins; 0 =
/// none).
unsigned errorLimit(const std::vector<std::string> &Args) {
  unsigned Limit = 0;
  for (llvm::StringRef A : Args)
    if (A.consume_front("-ferror-limit="))
      A.getAsInteger(10, Limit);
  return Limit;
}

} // namespace

void CompileSetup::buildPrelude(Prelude &P, const std::vector<std::string> &Args) {
  if (P.Parent && !P.Parent->Usable)
    return;
  std::optional<PhaseTimer> T;
  if (Times)
    T.emplace(Times->PreludeNs);
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile(P.SourcePath, 0, llvm::MemoryBuffer::getMemBufferCopy(P.Source));
  std::vector<std::string> BuildArgs = Args;
  if (P.Parent)
    usePrelude(*P.Parent, BuildArgs, *Memory);
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::createPhysicalFileSystem());
  FS->pushOverlay(Memory);
  // The same driver and adjusters as a unit's parse (ClangTool), so the
  // PCH's options are the unit's.
  FixedCompilationDatabase Db(P.WorkDir, BuildArgs);
  ClangTool Tool(Db, {P.SourcePath}, std::make_shared<PCHContainerOperations>(), FS);
  std::unique_ptr<DiagnosticConsumer> Collector = Hooks.Make();
  PreludeDiagnostics Diags(*Collector);
  Tool.setDiagnosticConsumer(&Diags);
  Tool.setPrintErrorMessage(false);
  PreludeWatch W;
  W.Referenced = &P.Referenced;
  W.Chained = P.Parent != nullptr;
  std::vector<std::string> ConfigNames;
  for (size_t C = 2; C < numConfigs(); ++C)
    if (auto Names = configMacros(C))
      ConfigNames.insert(ConfigNames.end(), Names->begin(), Names->end());
  std::vector<std::string> Seen;
  W.ConfigNames = &ConfigNames;
  W.Seen = &Seen;
  if (P.Parent) {
    P.BaseFiles = P.Parent->BaseFiles;
    for (auto &KV : P.Parent->Undefined)
      P.Undefined.insert(KV.getKey());
  } else {
    W.BaseFiles = &P.BaseFiles;
  }
  W.Undefined = &P.Undefined;
  if (!P.ResolveNames.empty()) {
    W.Resolve = &P.ResolveNames;
    W.NoOps = &P.NoOpNames;
  }
  PreludeActionFactory Factory(P.Pch, IsPorted, W, P.Bodies);
  // A link loads its parent's chain first, where Clang 16 may crash
  // (ParseSetup::OnPchCrash): then this prelude is not used.
  bool Crashed = !runRecoveringCrash([&] { Tool.run(&Factory); });
  if (Crashed) {
    P.Pch.clear(); // not usable
    // A link's crash is in loading the parent's chain.
    if (P.Parent)
      P.Parent->Broken = true;
  }
  std::vector<Finding> Own;
  bool OwnFailed = false;
  Hooks.Read(*Collector, Own, OwnFailed);
  // Cumulative over the chain: what a parse of the whole prelude reports.
  if (P.Parent) {
    P.Errors = P.Parent->Errors;
    P.Failed = P.Parent->Failed;
    P.NumErrors = P.Parent->NumErrors;
    for (auto &KV : P.Parent->Referenced)
      P.Referenced.insert(KV.getKey());
    P.Seen = P.Parent->Seen;
  }
  P.Seen.insert(P.Seen.end(), Seen.begin(), Seen.end());
  P.Errors.insert(P.Errors.end(), Own.begin(), Own.end());
  P.Failed |= OwnFailed;
  P.NumErrors += Diags.Errors;
  unsigned Limit = errorLimit(Args);
  P.Usable = !P.Pch.empty() && !P.Failed && !Diags.Fatal && !W.EnteredPorted &&
             !W.OpenPragmaStack &&
             (Limit == 0 || P.NumErrors < Limit);
  if (Times && P.Usable)
    ++Times->PreludesBuilt;
}

void usePrelude(const CompileSetup::PreludeInfo &P, std::vector<std::string> &Args,
                llvm::vfs::InMemoryFileSystem &Memory) {
  for (const CompileSetup::PreludeInfo *Q = &P; Q; Q = Q->Parent.get()) {
    Memory.addFile(Q->SourcePath, 0, llvm::MemoryBuffer::getMemBuffer(Q->Source, Q->SourcePath));
    Memory.addFile(Q->PchPath, 0,
                   llvm::MemoryBuffer::getMemBuffer(Q->Pch, Q->PchPath,
                                                    /*RequiresNullTerminator=*/false));
  }
  // The prelude's errors count against the unit's error limit.
  unsigned Limit = errorLimit(Args);
  if (Limit && P.NumErrors)
    Args.push_back("-ferror-limit=" + std::to_string(Limit - P.NumErrors));
  Args.push_back("-include-pch");
  Args.push_back(P.PchPath);
  if (P.NumErrors) {
    Args.push_back("-Xclang");
    Args.push_back("-fallow-pch-with-compiler-errors");
  }
}

} // namespace cu2hip
