//===- Inputs.h - what a run reads and where its outputs go ---------------===//
//
// Turns the command line (input files, or --in-root with --out-root /
// --inplace) into jobs: files to port, files to copy, and the paths that
// cannot be ported (an unreadable directory, a FIFO, a UTF-16 source, ...),
// each a diagnostic naming the path that makes the run fail. Then checks
// every output against the inputs (OutputWriter.h) before anything runs.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOOL_INPUTS_H
#define CU2HIP_TOOL_INPUTS_H

#include "OutputWriter.h"
#include "cu2hip/Finding.h"
#include "cu2hip/Porter.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace cu2hip {

/// The command line's say on inputs and outputs.
struct InputOptions {
  std::vector<std::string> Files; ///< positional inputs
  std::string InRoot, OutRoot;    ///< as given
  std::string OutFile;            ///< -o ("-" = stdout)
  bool InPlace = false, DryRun = false, Diff = false;
  uint64_t MaxFileSize = 64ull << 20; ///< bytes (--max-file-size)
  /// --exclude globs (llvm::GlobPattern): in-root paths, relative to it,
  /// that a tree run leaves out (a directory matched, whole).
  std::vector<std::string> Excludes;
};

/// A non-source file of a tree, copied so the tree stays buildable.
struct CopyJob {
  std::string From, To; ///< absolute paths
};

/// Everything a run will read and write.
struct InputPlan {
  std::vector<FileJob> Jobs;
  /// CMake and make files, ported by the build rules (cu2hip/BuildPort.h).
  std::vector<FileJob> BuildJobs;
  std::vector<CopyJob> Copies;
  /// The files a run that writes nothing (--dry-run, --diff,
  /// --export-edits) would copy: headers still when a unit includes them
  /// (promoteIncludedCopies), so those modes port what a full run ports.
  std::vector<CopyJob> NotCopied;
  /// Paths not ported (errors: the run fails) and walk warnings (a dangling
  /// link, a link to a directory), rule id "io-error" / "io-skipped".
  std::vector<Finding> Problems;
  /// FIFOs and device files with a source or header name in the tree.
  std::vector<std::string> SpecialFiles;
  /// Absolute out-root, or "".
  std::string OutRoot;
  InputGuard Guard;
};

/// Collects the jobs of a run. Errors are usage errors (exit status 2):
/// conflicting options, a missing input, a bad --in-root, two inputs whose
/// outputs would collide.
llvm::Expected<InputPlan> collectInputs(const InputOptions &O);

/// Checks every output of `Plan` (ported files, copies, the report at
/// `ReportPath` if not empty) against the inputs; returns one message per
/// refused output (none = safe to run).
std::vector<std::string> checkOutputs(InputPlan &Plan, const InputOptions &O,
                                      llvm::StringRef ReportPath);

/// Why the file at `Path` cannot be ported, or "" when it can: not a
/// regular file (FIFO, device, directory), larger than `MaxSize` bytes, or
/// UTF-16/UTF-32 (a byte-order mark, or many NUL bytes). Opens the file
/// without blocking and reads at most its first 4 KiB.
std::string whyNotPortable(llvm::StringRef Path, uint64_t MaxSize);

/// Headers named by what they are, not by their extension: the copies of
/// `Plan` (and InputPlan::NotCopied) (files with no source or header extension: .tpp, .ipp, .def, no
/// extension, ...) whose real path is in `Included` (the files a parse of a
/// unit included) become header jobs (FileJob::IsTU false) at the end of
/// Plan.Jobs, so they are ported, not copied. A file that cannot be ported
/// (whyNotPortable with `MaxSize`) stays a copy. Returns how many moved.
size_t promoteIncludedCopies(InputPlan &Plan, const std::set<std::string> &Included,
                             uint64_t MaxSize);

/// Absolute, with `.` and `..` removed (not resolving links).
std::string absolutePath(llvm::StringRef P);

} // namespace cu2hip

#endif
