//===- PreludePlan.cpp - which shared prelude a unit parses with ------------===//
#include "CompileSetupInternal.h"
#include "cu2hip/FileIO.h"
#include "cu2hip/CompileSetup.h"
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
// Which prefix of its prelude a unit shares
//===----------------------------------------------------------------------===//

/// Do these arguments name paths relative to the working directory? Then a
/// prelude built for one directory does not stand for another.
bool hasRelativePaths(const std::vector<std::string> &Args) {
  static const char *const PathFlags[] = {"-I",       "-isystem", "-iquote", "-idirafter",
                                          "-include", "-imacros", "--cuda-path=",
                                          "-resource-dir=", "-isysroot", "--sysroot="};
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    for (llvm::StringRef F : PathFlags) {
      if (!A.startswith(F))
        continue;
      llvm::StringRef V = A.substr(F.size());
      if (V.empty() && I + 1 < Args.size())
        V = Args[I + 1];
      if (!V.empty() && !llvm::sys::path::is_absolute(V))
        return true;
    }
  }
  return false;
}

std::string joinKey(const std::vector<std::string> &V, size_t N) {
  std::string K;
  for (size_t I = 0; I < N && I < V.size(); ++I)
    (K += V[I]) += '\n';
  return K;
}

void CompileSetup::planUnit(const std::string &File, const std::vector<std::string> &Flags,
                            const std::string &WorkDir, bool HostOnly) {
  if (!Opts.SharedPrelude)
    return;
  auto Plan = std::make_unique<UnitPlan>();
  Plan->HostOnly = HostOnly;
  Plan->Scan = scanPrelude(File, IsPorted);
  Plan->FlagsKey = joinKey(Flags, Flags.size());
  // Relative paths (-I inc from a compile command) resolve against the
  // command's directory: units of one directory may share a prelude, units
  // of different directories may not.
  bool Relative = hasRelativePaths(Flags) || hasRelativePaths(Opts.ExtraArgs);
  for (const auto &C : Opts.ExtraConfigs)
    Relative |= hasRelativePaths(C);
  if (Relative) {
    Plan->RelativeTo = WorkDir.empty() ? std::string(".") : WorkDir;
    Plan->FlagsKey += '\2' + Plan->RelativeTo;
  }
  std::lock_guard<std::mutex> Lock(Mu);
  countPlan(*Plan);
  Plans[File] = std::move(Plan);
}

void CompileSetup::countPlan(const UnitPlan &Plan) {
  for (size_t K = 0; K <= Plan.Scan.Headers.size(); ++K) {
    std::string Key = Plan.FlagsKey + '\1' + joinKey(Plan.Scan.Headers, K);
    ++PrefixUses[Key];
    if (!Plan.HostOnly)
      ++DevicePrefixUses[Key];
  }
}

unsigned CompileSetup::prefixUses(const std::string &Key, size_t Config) const {
  const auto &Uses = isDevice(Config) ? DevicePrefixUses : PrefixUses;
  auto It = Uses.find(Key);
  return It == Uses.end() ? 0u : It->second;
}

std::shared_ptr<CompileSetup::Prelude>
CompileSetup::preludeFor(const std::vector<std::string> &Args, const UnitPlan &Plan,
                         size_t K, size_t Config, const std::vector<std::string> *Resolve) {
  const std::vector<std::string> &All = Plan.Scan.Headers;
  // A prelude shared by fewer units than a shorter one is built on top of
  // that one (a chained PCH): only the headers it adds are parsed.
  std::shared_ptr<Prelude> Parent;
  size_t From = 0;
  {
    std::unique_lock<std::mutex> Lock(Mu);
    auto Uses = [&](size_t N) {
      return prefixUses(Plan.FlagsKey + '\1' + joinKey(All, N), Config);
    };
    unsigned Mine = Uses(K);
    for (size_t J = K; J-- > 0;)
      if (Uses(J) > Mine) {
        From = J;
        break;
      }
    if (From > 0 || (K > 0 && Uses(0) > Mine)) {
      Lock.unlock();
      Parent = preludeFor(Args, Plan, From, Config);
    }
  }
  std::shared_ptr<Prelude> P;
  {
    std::lock_guard<std::mutex> Lock(Mu);
    std::string Key =
        joinKey(Args, Args.size()) + '\2' + Plan.RelativeTo + '\1' + joinKey(All, K);
    std::shared_ptr<Prelude> &Slot = Preludes[Key];
    if (!Slot) {
      Slot = std::make_shared<Prelude>();
      std::string Base = compatDir() + "/prelude-" + std::to_string(NextId++);
      Slot->SourcePath = Base + ".cu";
      Slot->PchPath = Base + ".pch";
      Slot->Parent = Parent;
      Slot->Bodies = bodySkipFor(Config);
      Slot->WorkDir = Plan.RelativeTo.empty() ? compatDir() : Plan.RelativeTo;
      for (size_t I = Parent ? From : 0; I < K; ++I)
        Slot->Source += "#include <" + All[I] + ">\n";
      if (Resolve)
        Slot->ResolveNames = *Resolve;
    }
    P = Slot;
  }
  std::call_once(P->Built, [&] { buildPrelude(*P, Args); });
  return P;
}

bool useFor(ParseSetup &S, const PreludeScan &Scan, size_t K,
            const CompileSetup::PreludeInfo &P) {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::createPhysicalFileSystem());
  FS->pushOverlay(Memory);
  // The prelude's lines, blanked where the unit's files have them.
  for (size_t I = 0; I < K; ++I) {
    const PreludeScan::Line &L = Scan.Lines[I];
    auto M = S.Mapped.find(L.File);
    if (M == S.Mapped.end()) {
      auto Buf = readFileChecked(L.File);
      if (!Buf) {
        llvm::consumeError(Buf.takeError());
        return false;
      }
      M = S.Mapped.emplace(L.File, (*Buf)->getBuffer().str()).first;
    }
    if (L.Offset + L.Length > M->second.size())
      return false;
    M->second.replace(L.Offset, L.Length, L.Length, ' ');
  }
  usePrelude(P, S.Args, *Memory);
  S.FS = FS;
  S.PreludeErrors = P.Errors;
  S.PreludeFailed = P.Failed;
  S.PreludeSeen = P.Seen;
  S.UsesPCH = true;
  return true;
}

} // namespace cu2hip
