//===- BaseNoOps.cpp - headers the base already included --------------------===//
#include "CompileSetupInternal.h"
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
// Headers the base already included
//===----------------------------------------------------------------------===//
//
// Clang's CUDA wrapper, which every parse includes before the unit's first
// line, includes cuda_runtime.h, stdlib.h, cmath and more. A unit's own
// `#include <cuda_runtime.h>` is then skipped by its include guard wherever
// it stands, yet as a prelude header it fixes an order: units that name it
// at different places among the same headers share no prefix. Such a
// header is left out of the prelude (dropBaseNoOps): its #include line stays
// in the unit's text, after the PCH.
//
// Left out are the names that, at the end of the host configuration's base
// (the PCH of no header), find a file the base entered that is `#pragma
// once` or guarded by a macro defined there (isGuardedNoOp). The line is a
// no-op at its place in the unit's own order too, since the base comes
// first in every order, as long as no header between undefines the guard.
// Each parse checks this for its own configuration (BaseNoOpCheck): the
// line must find a file of the chain's base, whose guard no link of the
// chain undefines, and Clang must skip it. Otherwise the parse is redone
// with no PCH.

namespace {

/// Trips a parse whose left-out #include lines are not skipped as in the
/// base (see above).
class BaseNoOpCheck : public PPCallbacks {
public:
  BaseNoOpCheck(Preprocessor &PP, std::shared_ptr<const BaseNoOpLines> L,
                std::shared_ptr<std::atomic<bool>> Tripped)
      : PP(PP), SM(PP.getSourceManager()), L(std::move(L)), Tripped(std::move(Tripped)) {}

  void InclusionDirective(SourceLocation HashLoc, const Token &, llvm::StringRef, bool,
                          CharSourceRange, OptionalFileEntryRef File, llvm::StringRef,
                          llvm::StringRef, const Module *, SrcMgr::CharacteristicKind) override {
    Pending = false;
    if (!isLeftOut(HashLoc))
      return;
    if (!File || !L->BaseFiles->count(canonicalPath(File->getName())))
      return trip();
    HeaderFileInfo &HFI = PP.getHeaderSearchInfo().getFileInfo(*File);
    const IdentifierInfo *Guard = HFI.getControllingMacro(PP.getExternalSource());
    if (Guard && L->Undefined->count(Guard->getName()))
      return trip();
    Pending = true;
  }
  void FileChanged(SourceLocation, FileChangeReason Reason, SrcMgr::CharacteristicKind,
                   FileID) override {
    if (Reason == EnterFile && Pending)
      trip();
    Pending = false;
  }
  void FileSkipped(const FileEntryRef &, const Token &, SrcMgr::CharacteristicKind) override {
    Pending = false;
  }

private:
  bool isLeftOut(SourceLocation HashLoc) const {
    if (!HashLoc.isFileID())
      return false;
    FileID FID = SM.getFileID(HashLoc);
    const FileEntry *FE = SM.getFileEntryForID(FID);
    if (!FE)
      return false;
    unsigned Off = SM.getFileOffset(HashLoc);
    for (const PreludeScan::Line &Line : L->Lines)
      if (Line.Offset == Off &&
          (Line.File == FE->getName() || Line.File == FE->tryGetRealPathName()))
        return true;
    return false;
  }
  void trip() {
    Pending = false;
    Tripped->store(true);
  }

  Preprocessor &PP;
  SourceManager &SM;
  std::shared_ptr<const BaseNoOpLines> L;
  std::shared_ptr<std::atomic<bool>> Tripped;
  bool Pending = false; ///< a left-out line was just read; its file must be skipped
};

} // namespace

std::unique_ptr<PPCallbacks> baseNoOpCheck(Preprocessor &PP,
                                           std::shared_ptr<const BaseNoOpLines> L,
                                           std::shared_ptr<std::atomic<bool>> Tripped) {
  return std::make_unique<BaseNoOpCheck>(PP, std::move(L), std::move(Tripped));
}

/// How many headers of `Lists`, other than those of `Free`, a PCH may cover:
/// for each list, those in its longest prefix that another list starts with
/// too, the names of `Free` left out of the lists when `LeaveOut`.
static size_t sharedHeaders(const std::vector<const std::vector<std::string> *> &Lists,
                            const std::set<std::string> &Free, bool LeaveOut) {
  std::vector<std::vector<std::string>> Kept;
  for (const std::vector<std::string> *L : Lists) {
    Kept.emplace_back();
    for (const std::string &H : *L)
      if (!LeaveOut || !Free.count(H))
        Kept.back().push_back(H);
  }
  std::map<std::string, unsigned> Uses;
  for (const auto &L : Kept)
    for (size_t K = 0; K <= L.size(); ++K)
      ++Uses[joinKey(L, K)];
  size_t Covered = 0;
  for (const auto &L : Kept)
    for (size_t K = 0; K < L.size() && Uses[joinKey(L, K + 1)] >= 2; ++K)
      Covered += !Free.count(L[K]);
  return Covered;
}

void CompileSetup::dropBaseNoOps(const std::vector<std::string> &Flags,
                                 const std::string &FlagsKey) {
  std::once_flag *Once;
  {
    std::lock_guard<std::mutex> Lock(Mu);
    std::unique_ptr<std::once_flag> &Slot = NoOpsDropped[FlagsKey];
    if (!Slot)
      Slot = std::make_unique<std::once_flag>();
    Once = Slot.get();
  }
  std::call_once(*Once, [&] {
    if (!Opts.DropBaseIncludes)
      return;
    std::vector<UnitPlan *> Units;
    std::set<std::string> Names;
    {
      std::lock_guard<std::mutex> Lock(Mu);
      for (auto &KV : Plans)
        if (KV.second->FlagsKey == FlagsKey) {
          Units.push_back(KV.second.get());
          Names.insert(KV.second->Scan.Headers.begin(), KV.second->Scan.Headers.end());
        }
    }
    // Only names whose leaving out would let more headers be shared are
    // looked up: otherwise the base's build is extra work.
    std::vector<const std::vector<std::string> *> Lists;
    for (const UnitPlan *U : Units)
      Lists.push_back(&U->Scan.Headers);
    std::vector<std::string> Resolve;
    for (const std::string &N : Names)
      if (sharedHeaders(Lists, {N}, true) > sharedHeaders(Lists, {N}, false))
        Resolve.push_back(N);
    if (Units.size() < 2 || Resolve.empty())
      return;
    std::shared_ptr<Prelude> Base = preludeFor(arguments(Flags, 0), *Units.front(), 0, 0, &Resolve);
    if (!Base->Usable || sharedHeaders(Lists, Base->NoOpNames, true) <=
                             sharedHeaders(Lists, Base->NoOpNames, false))
      return;
    std::lock_guard<std::mutex> Lock(Mu);
    const std::string Key = FlagsKey + '\1';
    for (auto *Uses : {&PrefixUses, &DevicePrefixUses})
      for (auto It = Uses->lower_bound(Key);
           It != Uses->end() && llvm::StringRef(It->first).startswith(Key);)
        It = Uses->erase(It);
    for (UnitPlan *Plan : Units) {
      PreludeScan Kept;
      Kept.Assumed = Plan->Scan.Assumed;
      for (size_t I = 0; I < Plan->Scan.Headers.size(); ++I) {
        if (Base->NoOpNames.count(Plan->Scan.Headers[I])) {
          Plan->Dropped.push_back(Plan->Scan.Lines[I]);
          continue;
        }
        Kept.Headers.push_back(Plan->Scan.Headers[I]);
        Kept.Lines.push_back(Plan->Scan.Lines[I]);
      }
      Plan->Scan = std::move(Kept);
      countPlan(*Plan);
    }
  });
}

void checkNoOps(ParseSetup &S, const std::vector<PreludeScan::Line> &Dropped,
                const CompileSetup::PreludeInfo &P) {
  if (Dropped.empty())
    return;
  auto L = std::make_shared<BaseNoOpLines>();
  L->Lines = Dropped;
  L->BaseFiles = &P.BaseFiles;
  L->Undefined = &P.Undefined;
  S.NoOps = std::move(L);
  if (!S.Tripped)
    S.Tripped = std::make_shared<std::atomic<bool>>(false);
}

} // namespace cu2hip
