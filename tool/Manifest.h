//===- Manifest.h - what the last run wrote into an out-root --------------===//
//
// OUT/.cu2hip/manifest.yaml records, for a tree run, the cu2hip version, a
// digest of the maps and one of the options, the roots, and per file its
// input hash, output hash, findings and counts; per translation unit also
// the files its parse gave facts to and read (with their hashes). The next
// run into the same out-root reuses a file's stored result instead of
// porting it when nothing it depends on changed (planReuse). The disk wins
// over the manifest: an output that is missing or whose content differs
// from what was written is ported again. The manifest is written atomically
// at the end of a run, listing only what that run really wrote (or kept).
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOOL_MANIFEST_H
#define CU2HIP_TOOL_MANIFEST_H

#include "StoredResult.h"
#include "cu2hip/Porter.h"
#include "llvm/Support/Error.h"
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cu2hip {

/// The run-wide keys of a manifest: a manifest is used only when all equal.
struct ManifestKey {
  std::string Version, Maps, Options, InRoot, OutRoot;
  bool operator==(const ManifestKey &O) const {
    return Version == O.Version && Maps == O.Maps && Options == O.Options &&
           InRoot == O.InRoot && OutRoot == O.OutRoot;
  }
};

struct Manifest {
  static constexpr unsigned CurrentFormat = 1;
  unsigned Format = CurrentFormat;
  ManifestKey Key;
  std::vector<StoredFile> Files;

  /// The entry of `Kind` for `Input`, or null (after index()).
  const StoredFile *find(llvm::StringRef Kind, llvm::StringRef Input) const;
  /// Builds the lookup find() uses; call after filling Files.
  void index();

private:
  std::map<std::pair<std::string, std::string>, size_t> ByInput;
};

/// OUT/.cu2hip/manifest.yaml.
std::string manifestPath(llvm::StringRef OutRoot);

/// The manifest at `Path`; none when there is none or it cannot be read or
/// parsed (a damaged manifest only costs a full run). `Problem`, if given,
/// receives why an existing manifest was not used, naming the file and
/// never quoting its bytes: damaged, not a regular file (read by
/// readFileChecked), or its directory a symbolic link (not followed). An
/// older format is no problem (silently a full run).
std::optional<Manifest> readManifest(llvm::StringRef Path, std::string *Problem = nullptr);

/// A digest of where an #include may find a header outside the tree: the
/// environment variables the driver adds search directories from (CPATH,
/// CPLUS_INCLUDE_PATH, C_INCLUDE_PATH), and the names (not the contents:
/// a header read is hashed per unit) of the files and directories below
/// each directory those variables, `Args` (the command line's Clang
/// arguments) and every job's compile flags name with -I, -isystem,
/// -iquote, -idirafter (joined or separate; relative to the job's
/// directory). A header that appears in such a directory, earlier on the
/// search path than the one found before, changes it, and with it the
/// options digest: every file is then ported again. Each directory is
/// listed to a depth of 8 and at most 100,000 entries; what lies in one of
/// `Skip` (the in-root, whose files the manifest tracks itself, and the
/// out-root, which the run writes) is left out.
std::string includeSearchDigest(const std::vector<std::string> &Args,
                                const std::vector<FileJob> &Jobs,
                                const std::vector<std::string> &Skip);

/// Writes `M` to `Path` atomically.
llvm::Error writeManifest(llvm::StringRef Path, const Manifest &M);

/// Hashes of files, each read once per run.
class HashCache {
public:
  /// contentHash of the file at `Path`, or "" when it cannot be read.
  const std::string &get(const std::string &Path);
  void set(const std::string &Path, std::string Hash) { Hashes[Path] = std::move(Hash); }

private:
  std::map<std::string, std::string> Hashes;
};

/// A hash of a translation unit's compile flags and directory.
std::string flagsHash(const FileJob &J);

/// What a run ports and what it keeps from the last one.
struct ReusePlan {
  RunPlan Run;
  /// Per job: the stored result kept instead of porting, or null.
  std::vector<const StoredFile *> Kept;
};

/// Plans a run of `Jobs` against `Old` (null: port everything). A job is
/// kept when its entry in `Old` did not fail, its input, output path,
/// output content and (for a unit) flags and read files are unchanged; a
/// unit that changed re-ports the files it gave facts to, and every ported
/// file re-parses every unit that gave it facts. A different set of jobs
/// (a file added or removed) ports everything.
ReusePlan planReuse(const Manifest *Old, const std::vector<FileJob> &Jobs, HashCache &Hashes);

/// The stored entry of a build file or copy in `Old` whose input and output
/// still hash as recorded (and whose Depends equals `Depends`), or null.
const StoredFile *keptEntry(const Manifest *Old, llvm::StringRef Kind, llvm::StringRef Input,
                            llvm::StringRef Output, llvm::StringRef Depends,
                            HashCache &Hashes);

/// The entries of `Last` (a manifest of this out-root, whatever its other
/// keys) whose output this run neither writes nor keeps: the input is none
/// of this run's `Inputs` and no longer exists as a file (lstat: gone, or a
/// directory now, or a file stands where a directory on its path was), the
/// output is none of this run's `Outputs`, and an output hash was recorded;
/// or the entry is of the runtime copy (kind "runtime") and its output is
/// none of `Outputs`. In manifest order. Their outputs are what a renamed
/// or deleted input, or a runtime copy no longer needed, left behind.
std::vector<const StoredFile *> staleEntries(const Manifest &Last,
                                             const std::set<std::string> &Inputs,
                                             const std::set<std::string> &Outputs);

} // namespace cu2hip

#endif
