//===- RunSetup.h - the parts of a port run, shared by its files ----------===//
//
// Internal to the driver (Driver.h): what a run holds once its options,
// maps and inputs are checked (RunSetup), the incremental state of a tree
// run (IncrementalRun), and the steps the run's files call on each other.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOOL_RUNSETUP_H
#define CU2HIP_TOOL_RUNSETUP_H

#include "EditExport.h"
#include "Inputs.h"
#include "Manifest.h"
#include "RunOptions.h"
#include "Summary.h"
#include "cu2hip/BuildPort.h"
#include "cu2hip/MapTable.h"
#include "cu2hip/Porter.h"
#include "llvm/Support/Error.h"
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#ifndef CU2HIP_VERSION
#define CU2HIP_VERSION "0.1"
#endif

namespace cu2hip {

/// Everything a run needs before porting, each part checked.
struct RunSetup {
  explicit RunSetup(const RunOptions &O) : O(O) {}
  const RunOptions &O;
  MapTable Maps;
  Options Opts;
  InputPlan Plan;
  std::string ReportPath; ///< absolute, or ""
  BuildOptions Build;
};

/// A usage or setup error: printed, exit status 2.
llvm::Error usage(const llvm::Twine &Msg);
/// Prints a warning "cu2hip: warning: Msg".
void warn(const llvm::Twine &Msg);

/// Maps, options, inputs and the check of every output; an error is a usage
/// error (exit status 2) and nothing has been written (Driver.cpp).
llvm::Error prepare(RunSetup &S);
/// The directory of the built-in maps (--maps-dir, else beside the
/// executable or in the source tree).
std::string mapsDirOf(const RunOptions &O);
/// --max-file-size: bytes, or with a K, M or G suffix (powers of 1024).
llvm::Expected<uint64_t> parseSize(llvm::StringRef S);
/// --offload-arch as the build rules take it: ';'-separated gfx targets.
llvm::Expected<BuildOptions> buildOptions(const RunOptions &O);
/// The porter's options from `O` (the CUDA headers chosen, Driver.cpp).
llvm::Expected<Options> porterOptions(const RunOptions &O);

/// What the incremental machinery needs through a run (Incremental.cpp).
struct IncrementalRun {
  bool Enabled = false;         ///< this run writes a manifest
  std::optional<Manifest> Last; ///< the out-root's manifest, whatever its keys
  bool Matches = false;         ///< Last's keys are this run's: files may be kept
  Manifest New;
  HashCache Hashes;
  ReusePlan Reuse;
  const Manifest *old() const { return Matches ? &*Last : nullptr; }
};

/// Digest of everything on the command line that can change an output
/// (Incremental.cpp).
std::string optionsDigest(const RunSetup &S);
/// Loads the out-root's manifest (a problem reading it is a warning) and
/// removes the temporaries of killed runs there; plans what to keep when
/// its keys match this run's (the files the last run found included become
/// headers of the plan again).
void startIncremental(RunSetup &S, IncrementalRun &Inc);
/// Removes (or, --dry-run, lists) the outputs of inputs gone since the last
/// run into the out-root, and the runtime copy's files no longer in the
/// copy at `Bundle` ("" when this run makes none).
void removeStaleOutputs(const RunSetup &S, const IncrementalRun &Inc, RunTally &T,
                        llvm::StringRef Bundle);
/// --max-file-size in bytes (checked by prepare(); 64 MiB if unparsable).
uint64_t maxFileSize(const RunOptions &O);
/// The manifest entry of a ported source `R` of job `J` (written or not).
StoredFile sourceEntry(const FileResult &R, const FileJob &J, bool Written, HashCache &Hashes);

/// --export-edits (ExportApply.cpp): each unit parsed on its own, its
/// results written as DIR/<unit>.yaml. Returns the exit status.
int exportEdits(RunSetup &S, Porter &P, unsigned Workers, RunTally &T,
                std::chrono::steady_clock::time_point Start);
/// `cu2hip apply`: reads and checks the exports of O.ApplyDir into `Units`;
/// the exit status when apply stops there.
std::optional<int> readApplyExports(const RunSetup &S, std::vector<UnitExport> &Units);
/// `cu2hip apply`: the files the exports `Units` hold that the plan copies (included with
/// another extension: headers of their unit when it was exported) become headers of this run.
void promoteExportedCopies(RunSetup &S, const std::vector<UnitExport> &Units);

/// -j: the requested workers, at most one per translation unit and core.
unsigned workersFor(const std::vector<FileJob> &Jobs, unsigned NumJobs);

} // namespace cu2hip

#endif
