//===- Run.cpp - the steps of a port run ----------------------------------===//
//
// runPort(): prepare (Driver.cpp), then, for a normal run or an apply:
//   port the sources (or keep them, Incremental.cpp; or merge exports,
//   ExportApply.cpp) -> note the runtime headers they include -> port the
//   build files -> remove stale outputs -> write each result -> copy the
//   tree's other files (and the runtime headers) -> the instrumented CUDA
//   copy (--instrument) -> write the manifest -> summary and report.
// --export-edits stops after porting (ExportApply.cpp).
//===----------------------------------------------------------------------===//
#include "Driver.h"
#include "Instrument.h"
#include "OutputWriter.h"
#include "Progress.h"
#include "RunSetup.h"
#include "RuntimeBundle.h"
#include "Sarif.h"
#include "cu2hip/FileIO.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"
#include <set>

using namespace llvm;

namespace cu2hip {

unsigned workersFor(const std::vector<FileJob> &Jobs, unsigned NumJobs) {
  unsigned TUs = 0;
  for (const FileJob &J : Jobs)
    TUs += J.IsTU;
  unsigned Cores = std::max(1u, llvm::hardware_concurrency().compute_thread_count());
  unsigned Want = NumJobs == 0 ? Cores : NumJobs;
  return std::max(1u, std::min({Want, Cores, std::max(1u, TUs)}));
}

namespace {

/// An I/O error of the run, printed like a finding: `Where: error: Why [io-error]`.
void ioError(const Twine &Where, const Twine &Why, RunTally &T) {
  errs() << Where << ": error: " << Why << " [io-error]\n";
  ++T.Failed;
}

/// Writes (or prints) one result as the mode asks; false on an I/O error,
/// which is printed naming the file.
bool emitResult(const RunOptions &O, const FileResult &R, RunTally &T) {
  auto Fail = [&](Error E) {
    ioError(R.Output.empty() || R.Output == "-" ? R.Input : R.Output, toString(std::move(E)),
            T);
    return false;
  };
  if (O.Diff) {
    std::string Text =
        unifiedDiff(R, R.Input, R.Output.empty() || R.Output == "-" ? R.Input : R.Output);
    if (Error E = writeToStdout(Text))
      return Fail(std::move(E));
    return true;
  }
  if (O.DryRun || R.Output.empty())
    return true;
  if (R.Output == "-") {
    if (Error E = writeToStdout(R.Ported))
      return Fail(std::move(E));
    return true;
  }
  if (O.InPlace) {
    if (R.Ported == R.Original)
      return true;
    std::string Backup;
    if (Error E = writeInPlace(R.Input, R.Original, R.Ported, Backup))
      return Fail(std::move(E));
    if (Backup != R.Input + ".orig")
      errs() << R.Input << ": note: " << R.Input << ".orig exists; backup written to "
             << Backup << "\n";
  } else if (Error E = writeFileAtomically(R.Output, R.Ported, permissionsOf(R.Input))) {
    return Fail(std::move(E));
  }
  ++T.Written;
  return true;
}

/// The result of a file that could not be read: failed, one io-error
/// saying `Why`.
FileResult unreadable(const FileJob &J, const std::string &Why) {
  FileResult R;
  R.Input = J.Input;
  R.Output = J.Output;
  R.Failed = true;
  Finding F;
  F.RuleId = "io-error";
  F.Sev = Severity::Error;
  F.File = J.Input;
  F.Message = Why;
  R.Findings.push_back(F);
  return R;
}

/// The build files of the tree (CMake, make), ported by the build rules.
std::vector<FileResult> portBuildFiles(const std::vector<FileJob> &Jobs,
                                       const BuildOptions &Opts, StringRef BundleRoot) {
  std::vector<FileResult> Out;
  for (const FileJob &J : Jobs) {
    BuildOptions B = Opts;
    if (!BundleRoot.empty()) {
      B.RuntimeInclude = bundleFrom(J.Output, BundleRoot);
      B.RuntimeIncludeRelative = true;
    }
    auto Buf = readFileChecked(J.Input);
    if (!Buf) {
      Out.push_back(unreadable(J, toString(Buf.takeError())));
      continue;
    }
    FileResult R = portBuildFile(J.Input, (*Buf)->getBuffer(), buildKindOf(J.Input), B);
    R.Output = J.Output;
    Out.push_back(std::move(R));
  }
  return Out;
}

/// The --report document: SARIF 2.1.0 for a `.sarif` path, else our JSON.
std::string reportText(const RunSetup &S, const std::vector<FileResult> &Results,
                       const RunTally &T, double Secs) {
  if (!isSarifPath(S.ReportPath))
    return reportJson(Results, S.Plan.Problems, T, Secs);
  std::string SrcRoot = S.O.InRoot.empty() ? "" : absolutePath(S.O.InRoot);
  while (SrcRoot.size() > 1 && SrcRoot.back() == '/')
    SrcRoot.pop_back();
  return reportSarif(Results, S.Plan.Problems, CU2HIP_VERSION, SrcRoot);
}

/// The out-root that gets a copy of the runtime headers (RuntimeBundle.h):
/// a tree run writing build files whose sources include them; "" otherwise
/// (the build files then name this machine's directory).
std::string runtimeBundleRoot(const RunSetup &S) {
  if (S.Build.RuntimeInclude.empty() || S.Plan.BuildJobs.empty() || S.Plan.OutRoot.empty() ||
      S.O.InPlace || S.O.DryRun || S.O.Diff)
    return "";
  // A ported tree ported again has the copy already (its marker): it is
  // replaced. A directory of the user's of that name is not.
  SmallString<256> Clash(S.O.InRoot), Copy;
  sys::path::append(Clash, RuntimeBundleDir);
  sys::path::append(Copy = Clash, RuntimeBundleMarker);
  if (sys::fs::exists(Clash) && !sys::fs::exists(Copy)) {
    warn(Clash + " exists in the input tree: the ported build files name cu2hip's runtime "
                 "headers at " + S.Build.RuntimeInclude + " instead of a copy");
    return "";
  }
  return S.Plan.OutRoot;
}

/// One port run after prepare(): its state and its steps, in order.
class PortRun {
public:
  PortRun(RunSetup &S, std::chrono::steady_clock::time_point Start)
      : S(S), O(S.O), V{O.Quiet, O.Verbose}, Start(Start) {
    T.Times = &Times;
  }

  /// The run; returns the exit status.
  int run();

private:
  void printProblems();
  void startProgress(Porter &P);
  void stopProgress() {
    if (Line)
      Line->finish();
  }
  std::vector<FileResult> sourceResults(Porter &P, const std::vector<UnitExport> &Units);
  bool promoteIncluded(const std::vector<FileResult> &Out);
  void noteRuntimeHeaders();
  void portBuildFilesKeeping();
  void writeResults();
  void writeResult(size_t I);
  void copyTree();
  void bundleRuntime();
  void writeCudaCopy();
  void writeManifestFile();
  int finishRun();

  RunSetup &S;
  const RunOptions &O;
  Verbosity V;
  std::chrono::steady_clock::time_point Start;
  RunTally T;
  PhaseTimes Times;
  unsigned Workers = 1;
  std::optional<ProgressLine> Line;
  IncrementalRun Inc;
  std::vector<FileResult> Results;
  /// Per result: the manifest entry it was kept from, or null.
  std::vector<const StoredFile *> Kept;
  size_t Sources = 0;
  std::string BuildDepends, Bundle;
};

void PortRun::printProblems() {
  for (const Finding &F : S.Plan.Problems) {
    printFinding(F, V);
    T.addProblem(F);
  }
}

/// A tree run on a terminal shows how far it is (not with --quiet, nor
/// while --diff prints to stdout).
void PortRun::startProgress(Porter &P) {
  if (O.Verbose)
    errs() << "cu2hip: " << S.Plan.Jobs.size() << " files to port, "
           << (Workers == 1 ? "1 worker" : std::to_string(Workers) + " workers") << "\n";
  if (O.InRoot.empty() || O.Quiet || O.Diff || !ProgressLine::isWanted())
    return;
  Line.emplace(Start);
  P.setProgress([this](StringRef Phase, StringRef File, unsigned Done, unsigned Total) {
    Line->update(Phase, File, Done, Total);
  });
}

/// The results of the planned sources: ported, kept from the manifest, or
/// merged from edit exports (apply, `Units`).
std::vector<FileResult> PortRun::sourceResults(Porter &P,
                                               const std::vector<UnitExport> &Units) {
  if (!O.ApplyDir.empty()) {
    promoteExportedCopies(S, Units);
    return applyUnitExports(Units, S.Plan.Jobs, P, Workers);
  }
  std::vector<FileResult> Out = P.run(S.Plan.Jobs, Workers, Inc.Reuse.Run);
  // Files a parse included that the plan copies (no header extension): they
  // are headers of the unit, ported with its facts, so the run is done again
  // with them as jobs (until no copy is included).
  while (promoteIncluded(Out)) {
    Inc.Reuse = planReuse(Inc.old(), S.Plan.Jobs, Inc.Hashes);
    Out = P.run(S.Plan.Jobs, Workers, Inc.Reuse.Run);
  }
  // A kept file the porter ported after all (a changed unit reached it).
  for (size_t I = 0; I < Inc.Reuse.Kept.size(); ++I)
    if (!Out[I].Skipped)
      Inc.Reuse.Kept[I] = nullptr;
    else if (Inc.Reuse.Kept[I])
      Out[I] = restoreResult(*Inc.Reuse.Kept[I]);
  return Out;
}

/// Makes the copies of the plan that results `Out` (or the kept files they
/// stand for) read into headers (promoteIncludedCopies); true when any was.
bool PortRun::promoteIncluded(const std::vector<FileResult> &Out) {
  std::set<std::string> Included;
  for (size_t I = 0; I < Out.size(); ++I) {
    for (const std::string &R : Out[I].Reads)
      Included.insert(R);
    if (Out[I].Skipped && I < Inc.Reuse.Kept.size() && Inc.Reuse.Kept[I])
      for (const HashedPath &R : Inc.Reuse.Kept[I]->Reads)
        Included.insert(R.Path);
  }
  return promoteIncludedCopies(S.Plan, Included, maxFileSize(O)) != 0;
}

/// The build port learns from the sources which runtime headers they
/// include (FileResult::RuntimeHeaders; a kept file's manifest entry).
void PortRun::noteRuntimeHeaders() {
  for (size_t I = 0; I < Sources; ++I) {
    const StoredFile *K = Inc.Reuse.Kept.size() > I ? Inc.Reuse.Kept[I] : nullptr;
    if (K ? K->Runtime : usesRuntimeHeader(Results[I].RuntimeHeaders))
      S.Build.RuntimeInclude = runtimeIncludeDir(O.Argv0);
    if (K ? K->Roctx : usesRoctxHeader(Results[I].RuntimeHeaders))
      S.Build.LinkRoctx = true;
  }
  // What the ported build files depend on besides their input.
  BuildDepends = S.Build.RuntimeInclude + (S.Build.LinkRoctx ? "\nroctx" : "");
  Bundle = runtimeBundleRoot(S);
}

/// Build files kept when they and their outputs are unchanged; the others
/// ported, in plan order after the sources.
void PortRun::portBuildFilesKeeping() {
  Kept.assign(Inc.Reuse.Kept.begin(), Inc.Reuse.Kept.end());
  Kept.resize(Sources, nullptr);
  std::vector<FileJob> BuildJobs;
  for (const FileJob &J : S.Plan.BuildJobs) {
    const StoredFile *E =
        keptEntry(Inc.old(), "build", J.Input, J.Output, BuildDepends, Inc.Hashes);
    if (E)
      Results.push_back(restoreResult(*E));
    else
      BuildJobs.push_back(J);
    Kept.push_back(E);
  }
  std::vector<FileResult> BuildResults = portBuildFiles(BuildJobs, S.Build, Bundle);
  for (size_t I = Sources, B = 0; I < Kept.size(); ++I)
    if (!Kept[I])
      Results.insert(Results.begin() + I, std::move(BuildResults[B++]));
}

/// Result `I`: its findings printed and counted; written unless kept; its
/// manifest entry.
void PortRun::writeResult(size_t I) {
  FileResult &R = Results[I];
  for (const Finding &F : R.Findings)
    printFinding(F, V);
  T.addResult(R, I < Sources && S.Plan.Jobs[I].IsTU);
  if (Kept[I]) {
    ++T.Unchanged;
    Inc.New.Files.push_back(*Kept[I]);
    return;
  }
  PhaseTimer Writing(Times.WriteNs);
  bool Written = false;
  if (!(R.Original.empty() && R.Failed))
    Written = emitResult(O, R, T);
  if (!Inc.Enabled)
    return;
  const FileJob &J = I < Sources ? S.Plan.Jobs[I] : S.Plan.BuildJobs[I - Sources];
  StoredFile E = sourceEntry(R, J, Written, Inc.Hashes);
  if (I >= Sources) {
    E.Kind = "build";
    E.Depends = BuildDepends;
  }
  Inc.New.Files.push_back(std::move(E));
}

void PortRun::writeResults() {
  for (size_t I = 0; I < Results.size(); ++I)
    writeResult(I);
}

/// The tree's other files, copied unless kept; the runtime headers' copy.
void PortRun::copyTree() {
  PhaseTimer Copying(Times.WriteNs);
  for (const CopyJob &C : S.Plan.Copies) {
    if (const StoredFile *E = keptEntry(Inc.old(), "copy", C.From, C.To, "", Inc.Hashes)) {
      ++T.Unchanged;
      Inc.New.Files.push_back(*E);
      continue;
    }
    if (Error E = copyFileAtomically(C.From, C.To)) {
      ioError(C.From, toString(std::move(E)), T);
      continue;
    }
    ++T.Copied;
    if (Inc.Enabled) {
      StoredFile E;
      E.Kind = "copy";
      E.Input = C.From;
      E.Output = C.To;
      E.Hash = E.OutHash = Inc.Hashes.get(C.From);
      Inc.New.Files.push_back(std::move(E));
    }
  }
  if (!Bundle.empty())
    bundleRuntime();
}

/// Copies the runtime headers into the out-root `Bundle`; each file copied
/// goes into the manifest (kind "runtime": removed by a later run that no
/// longer needs it, when unchanged since).
void PortRun::bundleRuntime() {
  std::vector<std::string> Hashes;
  auto Files = copyRuntimeHeaders(runtimeIncludeDir(O.Argv0), Bundle, &Hashes);
  if (!Files) {
    ioError("cu2hip", toString(Files.takeError()), T);
    return;
  }
  for (size_t I = 0; I < Files->size(); ++I) {
    StoredFile E;
    E.Kind = "runtime";
    E.Input = (*Files)[I].From;
    E.Output = (*Files)[I].To;
    E.Hash = E.OutHash = Hashes[I];
    Inc.New.Files.push_back(std::move(E));
  }
  if (!O.Quiet)
    errs() << "cu2hip: note: cu2hip's runtime headers copied to " << Bundle << "/"
           << RuntimeBundleDir << " (" << Files->size() - 1
           << " files), for the ported build files\n";
}

/// --instrument: the instrumented CUDA copy beside the port (Instrument.h).
void PortRun::writeCudaCopy() {
  if (!O.Instrument || O.InRoot.empty() || O.DryRun)
    return;
  std::string Dir = instrumentDir(O.InstrumentOut, S.Plan.OutRoot);
  Expected<unsigned> N =
      writeInstrumentedCopy(absolutePath(O.InRoot), Dir, Results, Sources, S.Plan.Copies);
  if (!N)
    ioError("cu2hip", toString(N.takeError()), T);
  else if (!O.Quiet)
    errs() << "cu2hip: note: instrumented CUDA copy (" << *N << " files) in " << Dir << "\n";
}

void PortRun::writeManifestFile() {
  if (!Inc.Enabled)
    return;
  if (Error E = writeManifest(manifestPath(S.Plan.OutRoot), Inc.New))
    ioError(manifestPath(S.Plan.OutRoot), toString(std::move(E)), T);
}

/// Summary and report; returns the exit status.
int PortRun::finishRun() {
  double Secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  if (!S.ReportPath.empty())
    if (Error E = writeFileAtomically(S.ReportPath, reportText(S, Results, T, Secs)))
      ioError(S.ReportPath, toString(std::move(E)), T);
  if (!O.NoSummary)
    printSummary(T, Secs, errs());
  return T.Failed ? 1 : 0;
}

int PortRun::run() {
  printProblems();
  Porter P(S.Opts, S.Maps, &Times);
  Workers = workersFor(S.Plan.Jobs, O.NumJobs);
  startProgress(P);
  if (!O.ExportEdits.empty()) {
    int Status = exportEdits(S, P, Workers, T, Start);
    stopProgress();
    return Status;
  }
  std::vector<UnitExport> Units;
  if (!O.ApplyDir.empty())
    if (std::optional<int> Stop = readApplyExports(S, Units)) {
      stopProgress();
      return *Stop;
    }
  startIncremental(S, Inc);
  Results = sourceResults(P, Units);
  stopProgress();
  Sources = Results.size();
  noteRuntimeHeaders();
  portBuildFilesKeeping();
  // First, so that a path whose input changed kind (file <-> directory) is
  // free for the new output.
  removeStaleOutputs(S, Inc, T, Bundle);
  writeResults();
  copyTree();
  writeCudaCopy();
  writeManifestFile();
  return finishRun();
}

} // namespace

Expected<int> runPort(const RunOptions &O) {
  auto Start = std::chrono::steady_clock::now();
  RunSetup S(O);
  if (Error E = prepare(S))
    return std::move(E);
  return PortRun(S, Start).run();
}

} // namespace cu2hip
