//===- CompileSetup.cpp - arguments and shared preludes of the parses -----===//
#include "CompileSetupInternal.h"
#include "cu2hip/CompileSetup.h"
#include "cu2hip/FileIO.h"
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

static uint64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

PhaseTimer::PhaseTimer(std::atomic<uint64_t> &Counter)
    : Counter(Counter), StartNs(nowNs()) {}
PhaseTimer::~PhaseTimer() { Counter += nowNs() - StartNs; }

const std::string &compatDir() {
  static std::string Dir = [] {
    // Named like every temporary (createTemporaryDirectory): a later run
    // removes it when this one was SIGKILLed.
    sweepOrphanedTemporaryDirs();
    llvm::SmallString<256> D;
    if (llvm::Error E = createTemporaryDirectory("cu2hip-compat", D)) {
      llvm::errs() << "cu2hip: error: " << llvm::toString(std::move(E))
                   << "; units are parsed without the parse's compatibility headers (set "
                      "TMPDIR to a directory outside the input tree)\n";
      return std::string();
    }
    llvm::SmallString<256> F(D), Compat(D);
    llvm::sys::path::append(F, "texture_fetch_functions.h");
    llvm::sys::path::append(Compat, parseCompatHeaderName());
    removeTempDirOnExit(std::string(D), {std::string(F), std::string(Compat)});
    for (auto [Path, Text] : {std::pair<llvm::StringRef, llvm::StringRef>(
                                  F, "// empty: removed from CUDA 12+, still included by "
                                     "Clang 16\n"),
                              {Compat, parseCompatHeader()}})
      if (llvm::Error E = writeFileAtomically(Path, Text))
        llvm::errs() << "cu2hip: error: " << llvm::toString(std::move(E)) << "\n";
    return std::string(D);
  }();
  return Dir;
}

namespace {

/// Limits the traversal scope to the declarations parsed in this unit (not
/// loaded from the PCH). Runs before the wrapped consumer.
class LocalScope : public ASTConsumer {
public:
  void HandleTranslationUnit(ASTContext &Ctx) override {
    std::vector<Decl *> Local;
    for (Decl *D : Ctx.getTranslationUnitDecl()->noload_decls())
      if (!D->isFromASTFile())
        Local.push_back(D);
    Ctx.setTraversalScope(Local);
  }
};

class ScopedAction : public WrapperFrontendAction {
public:
  ScopedAction(std::unique_ptr<FrontendAction> Inner, const ParseSetup &S)
      : WrapperFrontendAction(std::move(Inner)), Tripped(S.Tripped), NoOps(S.NoOps) {}

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef InFile) override {
    std::unique_ptr<ASTConsumer> Inner = WrapperFrontendAction::CreateASTConsumer(CI, InFile);
    if (!Inner)
      return nullptr;
    std::vector<std::unique_ptr<ASTConsumer>> Cs;
    if (NoOps)
      CI.getPreprocessor().addPPCallbacks(baseNoOpCheck(CI.getPreprocessor(), NoOps, Tripped));
    Cs.push_back(std::make_unique<LocalScope>());
    Cs.push_back(std::move(Inner));
    return std::make_unique<MultiplexConsumer>(std::move(Cs));
  }

private:
  std::shared_ptr<std::atomic<bool>> Tripped;
  std::shared_ptr<const BaseNoOpLines> NoOps;
};

class ScopedFactory : public FrontendActionFactory {
public:
  ScopedFactory(FrontendActionFactory &Inner, const ParseSetup &S) : Inner(Inner), S(S) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<ScopedAction>(Inner.create(), S);
  }

private:
  FrontendActionFactory &Inner;
  const ParseSetup &S;
};

class ForwardFactory : public FrontendActionFactory {
public:
  explicit ForwardFactory(FrontendActionFactory &Inner) : Inner(Inner) {}
  std::unique_ptr<FrontendAction> create() override { return Inner.create(); }

private:
  FrontendActionFactory &Inner;
};

} // namespace

std::unique_ptr<FrontendActionFactory> wrapActions(FrontendActionFactory &Inner,
                                                   const ParseSetup &S) {
  if (S.UsesPCH)
    return std::make_unique<ScopedFactory>(Inner, S);
  return std::make_unique<ForwardFactory>(Inner);
}
CompileSetup::CompileSetup(const Options &Opts, std::function<bool(llvm::StringRef)> IsPorted,
                           DiagnosticsHooks Hooks, PhaseTimes *Times)
    : Opts(Opts), IsPorted(std::move(IsPorted)), Hooks(std::move(Hooks)), Times(Times) {}

CompileSetup::~CompileSetup() = default;

size_t CompileSetup::numConfigs() const { return 2 + Opts.ExtraConfigs.size(); }

std::optional<std::vector<std::string>> CompileSetup::configMacros(size_t Config) const {
  if (Config < 2 || Config >= numConfigs())
    return std::nullopt;
  const std::vector<std::string> &Set = Opts.ExtraConfigs[Config - 2];
  std::vector<std::string> Names;
  for (size_t I = 0; I < Set.size(); ++I) {
    llvm::StringRef A = Set[I];
    if (!A.consume_front("-D") && !A.consume_front("-U"))
      return std::nullopt;
    if (A.empty()) {
      if (I + 1 == Set.size())
        return std::nullopt;
      A = Set[++I];
    }
    llvm::StringRef Name = A.take_until([](char C) { return C == '=' || C == '('; });
    if (Name.empty() || !llvm::all_of(Name, [](char C) { return isalnum(C) || C == '_'; }))
      return std::nullopt;
    Names.push_back(Name.str());
  }
  return Names;
}

std::vector<std::string> CompileSetup::arguments(const std::vector<std::string> &Flags,
                                                 size_t Config, bool InstalledSdk) const {
  const std::string &Cuda =
      InstalledSdk && Opts.Fallback ? Opts.Fallback->sdkPath() : Opts.CudaPath;
  const std::string &CompatDir = compatDir();
  std::vector<std::string> Args = {"-x", "cuda"};
  bool HasStd = false;
  for (auto &F : Flags)
    HasStd |= llvm::StringRef(F).startswith("-std=");
  if (!HasStd)
    Args.push_back("-std=c++17");
  if (!CompatDir.empty())
    Args.push_back("-I" + CompatDir);
  Args.insert(Args.end(), {"-nocudalib", "-Wno-unknown-cuda-version", "-Xclang",
                           "-fcuda-allow-variadic-functions", "-Xclang",
                           "-target-sdk-version=11.8", "-ferror-limit=20", "-w",
                           "-fno-caret-diagnostics"});
  if (!CompatDir.empty())
    Args.insert(Args.end(), {"-include", CompatDir + "/" + parseCompatHeaderName().str()});
  if (!Opts.ResourceDir.empty())
    Args.push_back("-resource-dir=" + Opts.ResourceDir);
  Args.push_back("--cuda-path=" + Cuda);
  Args.push_back("-isystem");
  Args.push_back(Cuda + "/include/cccl");
  Args.insert(Args.end(), Flags.begin(), Flags.end());
  Args.insert(Args.end(), Opts.ExtraArgs.begin(), Opts.ExtraArgs.end());
  if (Config == 0) {
    Args.push_back("--cuda-host-only");
  } else if (isDevice(Config)) {
    Args.push_back("--cuda-device-only");
    Args.push_back("--cuda-gpu-arch=sm_80");
  } else {
    Args.push_back("--cuda-host-only");
    auto &Extra = Opts.ExtraConfigs.at(Config - 2);
    Args.insert(Args.end(), Extra.begin(), Extra.end());
  }
  return Args;
}

bool CompileSetup::isCUnit(llvm::StringRef File, const std::vector<std::string> &Flags) {
  // The last -x before the file decides, as for the compiler driver; with
  // none, the extension does (nvcc compiles a .c file as C).
  for (size_t I = Flags.size(); I-- > 0;) {
    llvm::StringRef F = Flags[I];
    if (F.consume_front("-x"))
      return (F.empty() ? (I + 1 < Flags.size() ? llvm::StringRef(Flags[I + 1]) : "") : F) == "c";
  }
  return llvm::sys::path::extension(File) == ".c";
}

/// `Args` (CompileSetup::arguments) for a C unit: the same parse as C, with
/// no C++ standard (ours, or one the tree passes to all its units alike:
/// clang refuses -std=c++17 with C; a C standard stays) and the CUDA headers (`--cuda-path`'s include/, which the driver adds for
/// CUDA input only) as system headers.
static void asCUnit(std::vector<std::string> &Args) {
  for (size_t I = 0; I + 1 < Args.size(); ++I)
    if (Args[I] == "-x" && Args[I + 1] == "cuda") {
      Args[I + 1] = "c";
      break;
    }
  for (size_t I = 0; I < Args.size(); ++I)
    if (llvm::StringRef(Args[I]).startswith("--cuda-path=")) {
      llvm::StringRef Cuda = llvm::StringRef(Args[I]).drop_front(strlen("--cuda-path="));
      Args.insert(Args.begin() + I + 1, {"-isystem", (Cuda + "/include").str()});
      break;
    }
  llvm::erase_if(Args, [](const std::string &A) {
    return llvm::StringRef(A).startswith("-std=") && llvm::StringRef(A).contains("++");
  });
}

ParseSetup CompileSetup::prepare(const std::string &File, const std::vector<std::string> &Flags,
                                 size_t Config, Mode M) {
  ParseSetup S;
  S.Args = arguments(Flags, Config, M.InstalledSdk);
  S.FS = llvm::vfs::createPhysicalFileSystem();
  if (isCUnit(File, Flags)) {
    S.CUnit = true;
    // The bundled headers (their directory holds sdk-macros.txt) are C++
    // only: the unit keeps the CUDA C++ parse there. The shared preludes
    // are C++ parses of other units: none.
    const std::string &Cuda = M.InstalledSdk && Opts.Fallback ? Opts.Fallback->sdkPath()
                                                              : Opts.CudaPath;
    if (!llvm::sys::fs::exists(Cuda + "/sdk-macros.txt"))
      asCUnit(S.Args);
    return S;
  }
  if ((M.SdkBodies && Opts.SkipSdkBodies) || M.NoPrelude)
    return S;
  S.Bodies = bodySkipFor(Config);
  if (M.InstalledSdk)
    return S;
  const UnitPlan *Plan = nullptr;
  {
    std::lock_guard<std::mutex> Lock(Mu);
    auto It = Plans.find(File);
    if (It == Plans.end())
      return S;
    Plan = It->second.get();
  }
  // Relative paths in the arguments resolve against the unit's directory,
  // which is then part of the key (UnitPlan::RelativeTo) and the build's
  // working directory.
  std::vector<std::string> KeyArgs = S.Args;
  if (hasRelativePaths(KeyArgs) && Plan->RelativeTo.empty())
    return S;
  dropBaseNoOps(Flags, Plan->FlagsKey);
  size_t K = 0;
  {
    std::lock_guard<std::mutex> Lock(Mu);
    // The longest prefix of the unit's prelude that another unit shares.
    bool Shared = false;
    for (size_t N = 0; N <= Plan->Scan.Headers.size(); ++N) {
      if (prefixUses(Plan->FlagsKey + '\1' + joinKey(Plan->Scan.Headers, N), Config) < 2)
        break;
      K = N;
      Shared = true;
    }
    if (!Shared)
      return S;
  }
  std::shared_ptr<Prelude> P = preludeFor(KeyArgs, *Plan, K, Config);
  auto Fits = [&](const Prelude &Pre, size_t N) {
    if (!Pre.Usable || Pre.Broken)
      return false;
    unsigned Assumed = N ? Plan->Scan.Lines[N - 1].AssumedBefore : 0;
    for (unsigned I = 0; I < Assumed; ++I)
      if (Pre.Referenced.count(Plan->Scan.Assumed[I]))
        return false;
    return true;
  };
  if (!Fits(*P, K) && K > 0) {
    K = 0;
    P = preludeFor(KeyArgs, *Plan, K, Config);
  }
  if (!Fits(*P, K))
    return S;
  ParseSetup T = S;
  if (!useFor(T, Plan->Scan, K, *P))
    return S;
  T.OnPchCrash = [P] { pchCrashed(*P); };
  checkNoOps(T, Plan->Dropped, *P);
  if (Times)
    ++Times->PreludeUses;
  return T;
}

} // namespace cu2hip
