//===- Summary.h - diagnostics, the closing summary, the JSON report ------===//
//
// What a run tells its user: each finding (filtered by --quiet/--verbose),
// the closing summary on stderr (files, lines, written, copied, failed,
// names per library, edits per rule, findings per rule, unsupported APIs)
// and the --report JSON (its fields: see reportJson).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOOL_SUMMARY_H
#define CU2HIP_TOOL_SUMMARY_H

#include "cu2hip/CompileSetup.h"
#include "cu2hip/Finding.h"
#include "cu2hip/Porter.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <string>
#include <vector>

namespace cu2hip {

/// Which findings reach stderr.
struct Verbosity {
  bool Quiet = false;   ///< errors only (and the summary)
  bool Verbose = false; ///< also the chatty notes (parse-semantic, names-user-macro)
};

/// Prints `F` to stderr when `V` lets it through.
void printFinding(const Finding &F, Verbosity V);

/// Counts of one run. `Failed` counts files not ported or not written
/// (parse errors, I/O errors, refused paths, failed copies).
struct RunTally {
  unsigned Files = 0, TUs = 0, Lines = 0, Written = 0, Copied = 0, Failed = 0;
  unsigned RenamesNewerHip = 0; ///< see FileStats::RenamesNewerHip
  /// Files (ported, build files, copies) left as the last run wrote them
  /// (Manifest.h); part of Files, not of Written or Copied.
  unsigned Unchanged = 0;
  /// Outputs of inputs gone since the last run into the out-root (paths
  /// relative to it): removed (with --dry-run: to be removed), and kept
  /// because they changed since they were written or could not be checked.
  std::vector<std::string> StaleRemoved, StaleKept;
  bool StaleDryRun = false;
  std::map<std::string, unsigned> PerRule, PerLib, PerEdit;
  std::vector<Finding> Unsupported;
  /// Where the run's time went (parse, SDK prelude, token rules, writing).
  const PhaseTimes *Times = nullptr;

  /// Adds one ported file's counts (not Written: that is the writer's).
  void addResult(const FileResult &R, bool IsTU);
  /// Adds a path that was not ported (an "io-error" finding) or a warning.
  void addProblem(const Finding &F);
};

/// The closing summary (see the file comment); `Secs` is the run's time.
void printSummary(const RunTally &T, double Secs, llvm::raw_ostream &OS);

/// The --report document: per file input, output, lines, failed, parsed,
/// renames per library, edits per rule, findings, and `unchanged: true`
/// for a file kept from the last run (Manifest.h); then `problems` (paths
/// not ported), `seconds`, `time` (seconds per phase, parses, preludes),
/// `failed`, and where there are any, `stale_removed` (`stale_to_remove`
/// with --dry-run) and `stale_kept` (RunTally::StaleRemoved, StaleKept).
std::string reportJson(const std::vector<FileResult> &Results,
                       const std::vector<Finding> &Problems, const RunTally &T, double Secs);

} // namespace cu2hip

#endif
