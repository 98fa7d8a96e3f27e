//===- ExportApply.cpp - --export-edits and `cu2hip apply` ----------------===//
//
// `--export-edits DIR` parses each translation unit on its own and writes
// its edits and findings as DIR/<unit>.yaml; `cu2hip apply DIR` checks
// those exports against the tree and merges them into the outputs a normal
// run writes (EditExport.h, docs/incremental.md).
//===----------------------------------------------------------------------===//
#include "RunSetup.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <set>

using namespace llvm;

namespace cu2hip {

/// The plan of an export of job `I` alone: parse and port it, and port what
/// its parse reaches (RunPlan::AddTouched).
static RunPlan unitPlan(size_t Jobs, size_t I) {
  RunPlan Plan;
  Plan.Parse.assign(Jobs, 0);
  Plan.Port.assign(Jobs, 0);
  Plan.Parse[I] = Plan.Port[I] = 1;
  Plan.OnEscape = RunPlan::AddTouched;
  return Plan;
}

/// One unit's results for --export-edits: job `I` parsed on its own, the jobs its facts reach
/// ported with it. Files it includes that the plan copies (no header extension) become
/// headers of the run and the unit is ported again, as a full run does (sourceResults).
static std::vector<FileResult> unitResults(RunSetup &S, Porter &P, unsigned Workers,
                                           size_t I) {
  for (;;) {
    std::vector<FileResult> Results =
        P.run(S.Plan.Jobs, Workers, unitPlan(S.Plan.Jobs.size(), I));
    std::set<std::string> Included(Results[I].Reads.begin(), Results[I].Reads.end());
    if (!promoteIncludedCopies(S.Plan, Included, maxFileSize(S.O)))
      return Results;
  }
}

void promoteExportedCopies(RunSetup &S, const std::vector<UnitExport> &Units) {
  std::set<std::string> Exported;
  for (const UnitExport &U : Units)
    for (const StoredFile &F : U.Files) {
      SmallString<256> Real;
      Exported.insert(sys::fs::real_path(F.Input, Real) ? F.Input : std::string(Real.str()));
    }
  promoteIncludedCopies(S.Plan, Exported, maxFileSize(S.O));
}

/// The export of unit `J`: every file its parse ported, with what apply
/// checks besides each file's own hash (staleExports).
static UnitExport exportUnit(RunSetup &S, Porter &P, unsigned Workers, size_t I,
                             const std::string &Digest, HashCache &Hashes, RunTally &T) {
  const FileJob J = S.Plan.Jobs[I]; // a copy: promotion grows the jobs
  UnitExport U{CU2HIP_VERSION, Digest, J.Input, {}};
  for (const FileResult &R : unitResults(S, P, Workers, I)) {
    if (R.Skipped)
      continue;
    StoredFile F = storeResult(R);
    F.Hash = R.Original.empty() && R.Failed ? "" : contentHash(R.Original);
    F.TU = R.Input == J.Input;
    F.FactFiles.clear();
    F.Edits = R.Edits;
    if (F.TU) {
      F.Depends = flagsHash(J);
      for (const std::string &Read : R.Reads)
        F.Reads.push_back({Read, Hashes.get(Read)});
    }
    T.addResult(R, F.TU);
    U.Files.push_back(std::move(F));
  }
  U.Namesakes = namesakes(includedNames(U), S.Plan.Jobs);
  return U;
}

int exportEdits(RunSetup &S, Porter &P, unsigned Workers, RunTally &T,
                std::chrono::steady_clock::time_point Start) {
  std::set<std::string> Wanted, Left; // --unit; those not met yet
  for (const std::string &U : S.O.ExportUnits)
    Wanted.insert(absolutePath(U));
  Left = Wanted;
  std::string Digest = optionsDigest(S);
  std::string Dir = absolutePath(S.O.ExportEdits); // parsing changes directories
  HashCache Hashes;
  for (size_t I = 0; I < S.Plan.Jobs.size(); ++I) {
    const FileJob J = S.Plan.Jobs[I]; // a copy: promotion grows the jobs
    if (!J.IsTU || (!Wanted.empty() && !Wanted.count(J.Input)))
      continue;
    Left.erase(J.Input);
    UnitExport U = exportUnit(S, P, Workers, I, Digest, Hashes, T);
    if (Error E = writeUnitExport(Dir, U)) {
      errs() << Dir << ": error: " << toString(std::move(E)) << " [io-error]\n";
      ++T.Failed;
    } else {
      ++T.Written;
    }
  }
  for (const std::string &U : Left) {
    errs() << U << ": error: --unit names no translation unit of this run [io-error]\n";
    ++T.Failed;
  }
  double Secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  if (!S.O.NoSummary)
    printSummary(T, Secs, errs());
  return T.Failed ? 1 : 0;
}

/// Reads the exports of the apply directory into `Units` and checks them:
/// made by another version or with other options is a usage error (exit
/// status 2), any export that no longer describes the tree (a file it
/// reached or read changed or is gone, a unit's flags changed) refuses the
/// whole apply before anything is written (1), each stale file named with
/// what changed. Returns the exit status when apply stops.
std::optional<int> readApplyExports(const RunSetup &S, std::vector<UnitExport> &Units) {
  const std::string &ApplyDir = S.O.ApplyDir;
  Expected<std::vector<UnitExport>> Read = readUnitExports(ApplyDir);
  if (!Read) {
    WithColor::error(errs(), "cu2hip") << toString(Read.takeError()) << "\n";
    return 2;
  }
  std::string Digest = optionsDigest(S);
  for (const UnitExport &U : *Read)
    if (U.Version != CU2HIP_VERSION || U.Options != Digest) {
      WithColor::error(errs(), "cu2hip")
          << "the edit export of " << U.MainSourceFile << " in " << ApplyDir
          << " was made by another cu2hip version or with other options than this apply's "
             "(or a header appeared in an include directory outside the tree, or CPATH, "
             "CPLUS_INCLUDE_PATH or C_INCLUDE_PATH changed, since): export again\n";
      return 2;
    }
  HashCache Hashes;
  std::vector<StaleInput> Stale = staleExports(*Read, S.Plan.Jobs, Hashes);
  for (const StaleInput &F : Stale)
    errs() << F.File << ": error: " << F.What << "\n";
  if (!Stale.empty()) {
    WithColor::error(errs(), "cu2hip")
        << Stale.size() << (Stale.size() == 1 ? " input" : " inputs")
        << " changed since the edit exports in " << ApplyDir
        << " were made: nothing written; export the units named again\n";
    return 1;
  }
  Units = std::move(*Read);
  return std::nullopt;
}

} // namespace cu2hip
