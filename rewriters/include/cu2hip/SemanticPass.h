//===- SemanticPass.h - parse a translation unit in every configuration ---===//
//
// Parses one CUDA translation unit with Clang 16 in each configuration that
// matters (host, device with __CUDA_ARCH__ set, and any -D sets the user
// names with --config), against the CUDA SDK headers, and collects what the
// token rules cannot know by themselves:
//   - parse errors, with file:line:col (reported as findings "parse-error");
//   - per file, the byte ranges that every configuration skipped (inactive
//     preprocessor branches);
//   - names the user declared that collide with mapping-table keys.
// CUDA 12/13 headers need compatibility steps under Clang 16 (docs/design.md step
// 2); they are applied here: an include directory holding an empty
// texture_fetch_functions.h (mapped virtually), -isystem <cuda>/include/cccl,
// -std=c++17 or newer, -fcuda-allow-variadic-functions, and an SDK version
// Clang 16 knows (11.8) so device-side launches use the CUDA >= 9.2 ABI.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_SEMANTICPASS_H
#define CU2HIP_SEMANTICPASS_H

#include "cu2hip/CudaSdk.h"
#include "cu2hip/Finding.h"
#include "cu2hip/MapTable.h"
#include "cu2hip/Options.h"
#include "cu2hip/Rule.h"
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cu2hip {

class CompileSetup;
struct PhaseTimes;

struct SemanticResult {
  std::vector<Finding> Errors;            ///< parse errors (deduplicated)
  std::map<std::string, FileFacts> Facts; ///< by absolute path, ported files only
  bool Failed = false;                    ///< some configuration had errors
  /// Of a host parse (configuration 0): for each configuration, whether its
  /// parse is provably the same as this one (a --config set of -D/-U whose
  /// names the host parse never met; CompileSetup::configMacros). Such a
  /// configuration's result is this one, without parsing.
  std::vector<bool> SameAsHost;
};

/// Keeps the flags of a compile command that matter for parsing (-I, -D, -U,
/// -isystem, -include, -std) and drops the rest (nvcc options, outputs).
std::vector<std::string> filterCompileFlags(const std::vector<std::string> &Cmd);

class SemanticPass {
public:
  /// `IsPorted(path)` says whether an absolute path is one of the files being
  /// ported (facts are kept only for those).
  /// `Times`, when given, receives the time spent parsing and building the
  /// shared preludes.
  SemanticPass(const Options &Opts, const MapTable &Maps,
               std::function<bool(llvm::StringRef)> IsPorted, PhaseTimes *Times = nullptr);
  ~SemanticPass();

  /// Announces a translation unit before the parses start, so that units
  /// sharing their SDK prelude share its PCH (CompileSetup.h).
  /// `HostOnly`: the unit is parsed in no device configuration.
  void planUnit(const std::string &File, const std::vector<std::string> &Flags,
                const std::string &WorkDir = "", bool HostOnly = false);

  /// Number of configurations parsed per translation unit (host, device,
  /// one per --config).
  size_t numConfigs() const;
  /// Parses `File` in configuration `Config` only (0 = host, 1 = device,
  /// 2.. = --config sets). Results of several configurations of one file
  /// merge like the results of several translation units: inactive ranges
  /// intersect, shadowed names unite. Lets -j spread one file's parses.
  SemanticResult runConfig(const std::string &File, const std::vector<std::string> &Flags,
                           const std::string &WorkDir, size_t Config);

private:
  /// Why a unit's parse in one configuration is run again (runConfig).
  enum class RedoReason {
    None,          ///< the parse stands
    PchFailed,     ///< Clang crashed with the prelude's PCH or refused it:
                   ///< again with no PCH (ParseSetup::OnPchCrash)
    BundledDoubt,  ///< the bundled headers may not stand for the SDK here:
                   ///< again with the installed SDK (BundledHeaders.h)
    SdkBodyNeeded, ///< a rule needed an SDK body the parse skipped: again
                   ///< with every body (SdkBodies.h)
    BaseNoOpEntered, ///< a header left out of the PCH as the base's was not
                     ///< skipped: again with no PCH (ParseSetup::NoOps)
  };
  struct UnitRun;
  /// Runs the parse `U` is set up for; what it found goes into `U`.
  RedoReason parseOnce(UnitRun &U);
  /// Why the parse just run (`Ran`: Clang did not crash) must be redone;
  /// takes its results into `U` when it stands.
  RedoReason whyRedo(UnitRun &U, bool Ran);
  /// Of a host parse: which --config parses it stands for (SameAsHost).
  void noteSameAsHost(UnitRun &U, const SdkFallback *Fallback);
  /// Sets `U` up to parse again for reason `Why`.
  void redo(UnitRun &U, RedoReason Why);

  /// A `parse-sdk` note when `Config`'s arguments -D/-U a macro the SDK's
  /// conditionals test, so that its parse reads the installed SDK from the
  /// start (BundledHeaders.h); nothing otherwise.
  std::optional<Finding> sdkFromStart(const std::string &File,
                                      const std::vector<std::string> &Flags,
                                      size_t Config) const;

  const Options &Opts;
  const MapTable &Maps;
  std::function<bool(llvm::StringRef)> IsPorted;
  PhaseTimes *Times;
  std::unique_ptr<CompileSetup> Setup;
};

} // namespace cu2hip

#endif
