//===- Porter.h - porting a set of files ----------------------------------===//
//
// One run: the semantic passes over each translation unit (in parallel),
// then the token rules over every file (translation units and the local
// headers they share, each ported once), edits merged per file, outputs
// written atomically. A file whose parse fails is reported (file:line) and
// still gets the token-level port; the others are unaffected.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_PORTER_H
#define CU2HIP_PORTER_H

#include "cu2hip/FileIO.h"
#include "cu2hip/Finding.h"
#include "cu2hip/MapTable.h"
#include "cu2hip/Options.h"
#include "cu2hip/Rule.h"
#include <functional>
#include <map>
#include <optional>
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace cu2hip {

struct PhaseTimes;

/// One file to port and where its output goes ("" = none, "-" = stdout).
struct FileJob {
  std::string Input;  ///< absolute path
  std::string Output; ///< absolute path, "-" or ""
  bool IsTU = false;  ///< parse it as a translation unit
  std::vector<std::string> Flags; ///< filtered compile flags (-p), if any
  std::string WorkDir;
  /// A C/C++ source (.c .cc .cpp .cxx) whose compile command, if any, does
  /// not select CUDA (`-x cu`): nvcc compiles it for the host only, so it
  /// has no device configuration to parse (isHostOnlySource).
  bool HostOnly = false;
};

/// Whether `File` is compiled for the host only: a .c, .cc, .cpp or .cxx
/// file (nvcc hands those to the host compiler) whose compile command
/// `Command` (empty: none) does not select CUDA with `-x cu`/`-x cuda`
/// (nvcc's `--x=cu`, clang's `-xcuda` too). Source: nvcc's documentation,
/// "Supported input file suffixes".
bool isHostOnlySource(llvm::StringRef File, const std::vector<std::string> &Command);

/// The outcome for one file.
struct FileResult {
  std::string Input, Output;
  std::string Original, Ported;
  std::vector<Finding> Findings;
  FileStats Stats;
  bool Failed = false;      ///< parse error, I/O error or edit conflict
  bool SemanticRan = false; ///< at least one configuration parsed it
  unsigned Lines = 0;
  std::vector<Edit> Edits; ///< merged edits (for --diff)
  /// Not ported in this run (RunPlan::Port left it out): only Input and
  /// Output are set.
  bool Skipped = false;
  /// Kept as the last run wrote it (the tool's manifest): not written again.
  bool Unchanged = false;
  /// For a translation unit parsed in this run: the inputs (FileJob::Input)
  /// its parse gave facts to, itself included, and the real paths of the
  /// user files its parse read (ported files and resolved user includes),
  /// so a later run knows what a change of one file re-ports.
  std::vector<std::string> FactFiles, Reads;
  /// A fragment's headers for its includers (FileContext::DeferredHeaders).
  std::vector<std::string> DeferredHeaders;
  /// The runtime headers ("cu2hip/wave.h", ...) the ported file includes,
  /// sorted: those the rules requested (FileContext::requestHeader) and
  /// those it already included or got from a mapped include. The build-file
  /// port reads them (the runtime include directory, roctx).
  std::vector<std::string> RuntimeHeaders;
};

/// Which part of a run's jobs is parsed and ported (incremental re-runs,
/// --export-edits). Empty vectors mean all jobs.
struct RunPlan {
  /// Per job: parse it as a translation unit (when it is one).
  std::vector<char> Parse;
  /// Per job: run the token rules over it; the others come back Skipped.
  std::vector<char> Port;
  /// What happens when a parsed unit gives facts to a job Port leaves out
  /// (its facts would be incomplete): Widen parses every unit and ports
  /// every job (a full run); AddTouched ports it too, with the facts of the
  /// parsed units only (one unit's export).
  enum { Widen, AddTouched } OnEscape = Widen;
};

class Porter {
public:
  /// `Times`, when given, receives the time spent per phase of run().
  Porter(const Options &Opts, const MapTable &Maps, PhaseTimes *Times = nullptr)
      : Opts(Opts), Maps(Maps), Times(Times) {}

  /// Ports all jobs with `Jobs` threads. Does not write anything.
  std::vector<FileResult> run(const std::vector<FileJob> &Files, unsigned Jobs);
  /// Like run(Files, Jobs), parsing and porting only what `Plan` says. Jobs
  /// left out still count as ported files for the parse (their includes are
  /// user files), so the facts are those of a full run.
  std::vector<FileResult> run(const std::vector<FileJob> &Files, unsigned Jobs,
                              const RunPlan &Plan);

  /// Told how far run() is, from its worker threads one call at a time:
  /// the phase ("parsing": translation units, all configurations of each;
  /// "porting": files through the token rules), the file a task just
  /// started, tasks done and tasks in the phase.
  using ProgressFn = std::function<void(llvm::StringRef Phase, llvm::StringRef File,
                                        unsigned Done, unsigned Total)>;
  void setProgress(ProgressFn F) { Progress = std::move(F); }

  /// Ports one buffer with the token rules only (used by unit tests).
  FileResult portBuffer(llvm::StringRef Path, llvm::StringRef Text,
                        const FileFacts &Facts = FileFacts(), bool IsHeader = false);

private:
  const Options &Opts;
  const MapTable &Maps;
  PhaseTimes *Times;
  ProgressFn Progress;
};

// writeFileAtomically: cu2hip/FileIO.h (the write gate).

/// A unified diff of `R.Original` -> `R.Ported` built from the merged edits.
std::string unifiedDiff(const FileResult &R, llvm::StringRef OldName,
                        llvm::StringRef NewName);

/// True when the file already includes HIP headers (a port's output, or
/// mixed code): the semantic passes, which parse CUDA, are skipped for it.
bool looksAlreadyHip(llvm::StringRef Text, const MapTable &Maps);

/// True when the file includes a HIP header outside every preprocessor
/// conditional (a header guard aside): mixed or ported code, which the
/// CUDA parse cannot read. A HIP include only inside a branch (a tree's own
/// `#if defined(USE_HIP)` layer) is not.
bool includesHipUnconditionally(llvm::StringRef Text, const MapTable &Maps);

/// True when the text still holds CUDA: an identifier the maps rename (or
/// that has no HIP equivalent) outside member access, a CUDA namespace
/// before `::`, or an #include of a mapped CUDA header. A file for which
/// looksAlreadyHip holds and this does not is left as written.
bool containsCuda(llvm::StringRef Text, const MapTable &Maps);

} // namespace cu2hip

#endif
