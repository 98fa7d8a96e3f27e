//===- Incremental.cpp - what a tree run keeps from the last one ----------===//
//
// A tree run into an out-root keeps OUT/.cu2hip/manifest.yaml (Manifest.h):
// the next run with the same keys (version, maps, options, roots) keeps each
// file whose input and output are unchanged, and removes the outputs of
// inputs gone since (docs/incremental.md).
//===----------------------------------------------------------------------===//
#include "Driver.h"
#include "OutputWriter.h"
#include "RunSetup.h"
#include "RuntimeBundle.h"
#include "Sarif.h"
#include "cu2hip/BundledHeaders.h"
#include "cu2hip/FileIO.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <set>

using namespace llvm;

namespace cu2hip {

/// Content digest of the directory of built-in maps (every file, by name).
static std::string mapsDigest(const RunOptions &O) {
  std::string Dir = mapsDirOf(O);
  std::vector<std::string> Paths;
  std::error_code EC;
  for (sys::fs::recursive_directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    if (It->type() == sys::fs::file_type::regular_file)
      Paths.push_back(It->path());
  std::sort(Paths.begin(), Paths.end());
  std::string All;
  for (const std::string &P : Paths)
    All += P + '\0' + fileHash(P).value_or("unreadable") + '\0';
  return contentHash(All);
}

/// Digest of everything on the command line that can change an output: the
/// porter's and the build rules' options, --rules files by content,
/// --max-file-size. (Not -j, --quiet, --report, the roots, -p: those change
/// no file's output, or are checked per file.) An option added to Options
/// or BuildOptions belongs here.
std::string optionsDigest(const RunSetup &S) {
  const Options &O = S.Opts;
  std::string D;
  raw_string_ostream OS(D);
  OS << "launch=" << int(O.Launch) << " wave=" << int(O.Wave) << " texture=" << int(O.Texture)
     << " dynshared=" << O.DynamicSharedMacro << " alloc=" << O.AllocHooks
     << " vectorize=" << O.Vectorize << " atomic16coarse=" << O.Atomic16Coarse
     << " annotate=" << O.Annotate
     << " semantic=" << O.Semantic << " prelude=" << O.SharedPrelude
     << " skipequal=" << O.SkipEqualConfigs << " sdkbodies=" << !O.SkipSdkBodies
     << " cuda=" << O.CudaPath << " sdk=" << (O.Fallback ? O.Fallback->sdkPath() : "")
     << " resource=" << O.ResourceDir << " offload=" << S.Build.OffloadArch
     << " maxsize=" << S.O.MaxFileSize << "\nargs:";
  for (const std::string &A : O.ExtraArgs)
    OS << " " << A;
  for (const auto &C : O.ExtraConfigs) {
    OS << "\nconfig:";
    for (const std::string &A : C)
      OS << " " << A;
  }
  for (const std::string &F : S.O.RuleFiles)
    OS << "\nrules: " << fileHash(F).value_or("unreadable");
  OS << "\nincludes: "
     << includeSearchDigest(O.ExtraArgs, S.Plan.Jobs,
                            {S.O.InRoot.empty() ? "" : absolutePath(S.O.InRoot), S.Plan.OutRoot});
  return contentHash(OS.str());
}

/// A tree run that ports into an out-root, an apply included (not --diff,
/// --inplace or an export): it cleans the outputs of inputs gone since the
/// last run (with --dry-run, says which it would remove).
static bool cleansStaleOutputs(const RunSetup &S) {
  return !S.O.InRoot.empty() && !S.Plan.OutRoot.empty() && !S.O.Diff && !S.O.InPlace &&
         S.O.ExportEdits.empty();
}

/// The manifest of this run's out-root, when this run keeps one: a tree
/// run that writes its outputs (not --dry-run, --diff, --inplace or an
/// export).
static bool keepsManifest(const RunSetup &S) {
  return cleansStaleOutputs(S) && !S.O.DryRun && !S.O.Instrument;
}

/// What an apply's manifest has for options: the options digest marked, so
/// that the next run records what apply wrote (and removes the outputs of
/// units gone since) but never keeps a file on its strength: apply's results
/// come from the exports, not from this tree's parse.
static std::string applyOptionsKey(const std::string &Digest) { return Digest + "+apply"; }

uint64_t maxFileSize(const RunOptions &O) {
  Expected<uint64_t> M = parseSize(O.MaxFileSize);
  if (M)
    return *M;
  consumeError(M.takeError());
  return uint64_t(64) << 20;
}

void startIncremental(RunSetup &S, IncrementalRun &Inc) {
  Inc.Enabled = keepsManifest(S);
  if (cleansStaleOutputs(S)) {
    std::string Problem;
    if (auto M = readManifest(manifestPath(S.Plan.OutRoot), &Problem); M && M->Key.OutRoot == S.Plan.OutRoot)
      Inc.Last = std::move(M);
    if (!Problem.empty())
      warn(Problem);
    if (!S.O.DryRun) // temporaries of a run killed by SIGKILL
      sweepOrphanedTemporaries(S.Plan.OutRoot);
  }
  if (!Inc.Enabled)
    return;
  std::string Options = optionsDigest(S);
  if (!S.O.ApplyDir.empty())
    Options = applyOptionsKey(Options);
  Inc.New.Key = {CU2HIP_VERSION, mapsDigest(S.O), Options,
                 S.O.InRoot.empty() ? "" : absolutePath(S.O.InRoot), S.Plan.OutRoot};
  Inc.Matches =
      Inc.Last && !S.O.NoIncremental && S.O.ApplyDir.empty() && Inc.Last->Key == Inc.New.Key;
  // The headers the last run found included though their names say nothing
  // (promoteIncludedCopies) are headers again, so the jobs match its own.
  if (Inc.Matches) {
    std::set<std::string> WereSources;
    for (const StoredFile &E : Inc.Last->Files)
      if (E.Kind == "source")
        WereSources.insert(E.Input);
    promoteIncludedCopies(S.Plan, WereSources, maxFileSize(S.O));
  }
  Inc.Reuse = planReuse(Inc.old(), S.Plan.Jobs, Inc.Hashes);
}

/// `Path` under the out-root, relative to it.
static std::string relativeToOutRoot(const RunSetup &S, StringRef Path) {
  return Path.drop_front(std::min(Path.size(), S.Plan.OutRoot.size() + 1)).str();
}

/// Removes one stale output (or checks it, --dry-run) and tallies it;
/// returns whether it was (or would be) removed.
static bool removeStaleOutput(const RunSetup &S, const StoredFile &E, RunTally &T) {
  Expected<StaleRemoval> R =
      removeUnchangedOutput(E.Output, S.Plan.OutRoot, E.OutHash, S.O.DryRun);
  if (R && *R == StaleRemoval::Gone)
    return false;
  if (R && *R != StaleRemoval::Edited) {
    T.StaleRemoved.push_back(relativeToOutRoot(S, E.Output));
    return true;
  }
  errs() << E.Output << ": warning: "
         << (E.Kind == "runtime" ? "part of cu2hip's runtime copy, no longer needed, "
                                 : "the output of " + E.Input + ", which no longer exists, ")
         << (R ? "changed since cu2hip wrote it" : toString(R.takeError()))
         << ": kept (remove it yourself if it is no longer needed)\n";
  T.StaleKept.push_back(relativeToOutRoot(S, E.Output));
  return false;
}

/// Removes what the last run into this out-root wrote for inputs that are
/// gone (staleEntries) when it is unchanged since, and the directories this
/// empties whose input directory is gone too; with --dry-run only says what
/// it would remove.
void removeStaleOutputs(const RunSetup &S, const IncrementalRun &Inc, RunTally &T,
                        StringRef Bundle) {
  if (!Inc.Last)
    return;
  T.StaleDryRun = S.O.DryRun;
  std::set<std::string> Ins, Outs;
  for (const std::vector<FileJob> *Js : {&S.Plan.Jobs, &S.Plan.BuildJobs})
    for (const FileJob &J : *Js) {
      Ins.insert(J.Input);
      Outs.insert(J.Output);
    }
  for (const CopyJob &C : S.Plan.Copies) {
    Ins.insert(C.From);
    Outs.insert(C.To);
  }
  for (const BundledFile &F : runtimeBundleFiles(runtimeIncludeDir(S.O.Argv0), Bundle))
    Outs.insert(F.To);
  std::set<std::string> Dirs;
  for (const StoredFile *E : staleEntries(*Inc.Last, Ins, Outs))
    if (!(S.O.DryRun && E->Kind == "runtime") && removeStaleOutput(S, *E, T))
      Dirs.insert(sys::path::parent_path(E->Output).str());
  if (S.O.DryRun)
    return;
  std::string In = absolutePath(S.O.InRoot);
  for (const std::string &D : Dirs)
    removeEmptyDirsUpTo(D, S.Plan.OutRoot, [&](StringRef Dir) {
      return sys::fs::is_directory(In + Dir.drop_front(S.Plan.OutRoot.size()));
    });
}

StoredFile sourceEntry(const FileResult &R, const FileJob &J, bool Written, HashCache &Hashes) {
  StoredFile E = storeResult(R);
  E.Hash = Hashes.get(J.Input);
  E.OutHash = contentHash(R.Ported);
  E.TU = J.IsTU;
  E.Failed |= !Written;
  if (J.IsTU)
    E.Depends = flagsHash(J);
  for (const std::string &P : R.Reads)
    E.Reads.push_back({P, Hashes.get(P)});
  // The edits that are findings' fixes, for the SARIF report of a re-run
  // that keeps this file.
  for (const Finding &F : R.Findings)
    for (Edit &Ed : findingFixes(F, R.Edits))
      E.Edits.push_back(std::move(Ed));
  return E;
}

} // namespace cu2hip
