//===- CompileSetupInternal.h - what the parse setup's files share -*- C++ -*-===//
//
// The shared preludes' state, and the helpers used by more than one of
// CompileSetup.cpp (arguments per configuration, prepare), PreludeScan.cpp
// (a unit's leading SDK includes), PreludePlan.cpp (which prefix a unit
// shares), PreludeBuild.cpp (building a prelude PCH in memory),
// BaseNoOps.cpp (headers the base already included) and CrashRecovery.cpp.
// Private to the library.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_LIB_COMPILESETUPINTERNAL_H
#define CU2HIP_LIB_COMPILESETUPINTERNAL_H

#include "cu2hip/CompileSetup.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <atomic>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace clang {
class PPCallbacks;
class Preprocessor;
} // namespace clang

namespace cu2hip {

/// One shared prelude: its source, its PCH and what building it reported.
struct CompileSetup::Prelude {
  std::shared_ptr<Prelude> Parent; ///< the PCH this one is built on, if any
  std::once_flag Built;
  /// Clang crashed loading this PCH (CompileSetup::pchCrashed): later
  /// parses of the run do without it.
  std::atomic<bool> Broken{false};
  std::string SourcePath, Source; ///< virtual file holding the includes
  /// Working directory of the build: the units' own when their arguments
  /// name relative paths (they resolve the same way then), else compatDir.
  std::string WorkDir;
  std::string PchPath;            ///< virtual path of the PCH
  std::string Pch;                ///< the PCH's bytes
  bool Usable = false;
  /// The SDK bodies its build skipped (ParseSetup::Bodies).
  BodySkip Bodies = BodySkip::None;
  /// Findings of the prelude, in order (with those of its parents).
  std::vector<Finding> Errors;
  bool Failed = false;    ///< a syntax error (never usable then)
  unsigned NumErrors = 0; ///< errors Clang counted, with the parents'

  /// Macro names the prelude looked at (tested, used, defined, undefined,
  /// or defined at its end; see PreludeScan::Assumed).
  llvm::StringSet<> Referenced;
  /// Names of --config macros its parse met as identifiers, with the
  /// parents' (configMacros).
  std::vector<std::string> Seen;

  /// Base no-op headers (see "Headers the base already included"): names
  /// to resolve at the end of this build, and those that found a guarded
  /// file of the base.
  std::vector<std::string> ResolveNames;
  std::set<std::string> NoOpNames;
  /// Real paths of the files the base of this chain entered (before the
  /// prelude's first line), and the macros the chain's later links undefine.
  std::set<std::string> BaseFiles;
  llvm::StringSet<> Undefined;
};

struct CompileSetup::UnitPlan {
  /// The prelude, less the headers its base already included (Dropped).
  PreludeScan Scan;
  /// Not parsed in the device configuration (FileJob::HostOnly).
  bool HostOnly = false;
  /// Where those headers' #include lines are: they stay in the unit's text,
  /// and each must be skipped by its include guard there (BaseNoOpCheck).
  std::vector<PreludeScan::Line> Dropped;
  std::string FlagsKey;
  /// The directory relative paths of the unit's arguments resolve against,
  /// or "" when they name none.
  std::string RelativeTo;
};

/// The lines a prelude left out and what BaseNoOpCheck compares them with.
/// The sets are the prelude's (CompileSetup owns it for the whole run).
struct BaseNoOpLines {
  std::vector<PreludeScan::Line> Lines;
  const std::set<std::string> *BaseFiles = nullptr;
  const llvm::StringSet<> *Undefined = nullptr;
};

/// The first `N` strings of `V`, each followed by a newline: the key of a
/// header-list prefix or of an argument list.
std::string joinKey(const std::vector<std::string> &V, size_t N);

/// Do these arguments name paths relative to the working directory? Then a
/// prelude built for one directory does not stand for another.
bool hasRelativePaths(const std::vector<std::string> &Args);

/// `Path` with symbolic links and dots resolved, or as given when that
/// fails. (FileEntry::tryGetRealPathName is empty, or the name as opened,
/// for a file Clang has not read.)
std::string canonicalPath(llvm::StringRef Path);

/// Makes `Args` and `Memory` use the PCH of `P` (and of the preludes it is
/// built on).
void usePrelude(const CompileSetup::PreludeInfo &P, std::vector<std::string> &Args,
                llvm::vfs::InMemoryFileSystem &Memory);

/// Points `S` at prelude `P` standing for the first `K` headers of `Scan`:
/// blanks their lines in the unit's files. False when a file is unreadable.
bool useFor(ParseSetup &S, const PreludeScan &Scan, size_t K,
            const CompileSetup::PreludeInfo &P);

/// Makes the parse `S` check the #include lines `Dropped` that prelude `P`
/// left out as the base's (BaseNoOps.cpp); nothing when there are none.
void checkNoOps(ParseSetup &S, const std::vector<PreludeScan::Line> &Dropped,
                const CompileSetup::PreludeInfo &P);

/// The preprocessor watch that sets `*Tripped` when a line of `L` is not
/// skipped by its include guard as in the base (BaseNoOps.cpp).
std::unique_ptr<clang::PPCallbacks> baseNoOpCheck(clang::Preprocessor &PP,
                                                  std::shared_ptr<const BaseNoOpLines> L,
                                                  std::shared_ptr<std::atomic<bool>> Tripped);

} // namespace cu2hip

#endif
