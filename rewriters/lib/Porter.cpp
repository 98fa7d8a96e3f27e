#include "cu2hip/Porter.h"
#include "cu2hip/IncludeScan.h"
#include "cu2hip/Signals.h"
#include "cu2hip/SemanticPass.h"
#include "cu2hip/CompileSetup.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <csignal>
#include <pthread.h>
#include <optional>
#include <future>
#include <mutex>
#include <set>

namespace cu2hip {

llvm::ArrayRef<RuleIdInfo> porterIds() {
  static const RuleIdInfo Ids[] = {
      // Emitted by the semantic pass (SemanticPass.cpp, ErrorCollector).
      {"parse-error", IdKind::Error, "syntax error (the file fails)"},
      {"parse-include", IdKind::Warning, "an #include was not found while parsing"},
      {"parse-semantic", IdKind::Note, "Clang 16 type-check message (does not fail)"},
      {"parse-sdk", IdKind::Note, "a parse taken to the installed CUDA SDK, not the bundled headers"},
      {"parse-torch", IdKind::Warning,
       "units that include PyTorch's C++ headers the parse did not find: once per tree"},
      // Emitted here and by the command line (tool/Inputs.cpp, OutputWriter.cpp).
      {"edit-conflict", IdKind::Error, "two rules edited overlapping text"},
      {"already-hip", IdKind::Note, "HIP input without CUDA left as written"},
      {"io-error", IdKind::Error, "a path not ported, copied or written (named; the run fails)"},
      {"io-skipped", IdKind::Warning, "a dangling link or a link to a directory in the tree"},
  };
  return Ids;
}

/// Is `#include` directive `I` (its `#` token) one of a HIP header?
static bool isHipInclude(llvm::StringRef Text, const TokenStream &T, size_t I,
                         const MapTable &Maps) {
  if (!T[I].is(clang::tok::hash) || !T[I].StartOfLine || !T[I + 1].isIdent("include"))
    return false;
  llvm::StringRef Line = Text.substr(T[I + 1].end());
  Line = Line.substr(0, Line.find('\n')).trim();
  if (Line.size() < 3)
    return false;
  llvm::StringRef Name = Line.drop_front().take_until([](char C) {
    return C == '>' || C == '"';
  });
  // A header both APIs spell alike (thrust's) says nothing about which
  // one the file is written for.
  return Name.startswith("hip/") || Name.startswith("hipcub/") ||
         Name.startswith("hipblas") || Name.startswith("hiprand/") ||
         (Maps.isHipHeader(Name) && !Maps.lookupHeader(Name));
}

bool looksAlreadyHip(llvm::StringRef Text, const MapTable &Maps) {
  TokenStream T(Text);
  for (size_t I = 0; I + 2 < T.size(); ++I)
    if (isHipInclude(Text, T, I, Maps))
      return true;
  return false;
}

/// True when the file includes a header the maps know as CUDA's.
static bool includesCudaHeader(llvm::StringRef Text, const MapTable &Maps) {
  TokenStream T(Text);
  for (size_t I = 0; I + 2 < T.size(); ++I) {
    if (!T[I].is(clang::tok::hash) || !T[I].StartOfLine || !T[I + 1].isIdent("include"))
      continue;
    llvm::StringRef Line = Text.substr(T[I + 1].end());
    Line = Line.substr(0, Line.find('\n')).trim();
    if (Line.size() > 2 && Maps.lookupHeader(Line.drop_front().take_until([](char C) {
          return C == '>' || C == '"';
        })))
      return true;
  }
  return false;
}

bool includesHipUnconditionally(llvm::StringRef Text, const MapTable &Maps) {
  TokenStream T(Text);
  std::vector<size_t> Hashes; // directive `#` tokens
  for (size_t I = 0; I + 2 < T.size(); ++I)
    if (T[I].is(clang::tok::hash) && T[I].StartOfLine && T[I + 1].isIdent())
      Hashes.push_back(I);
  auto Word = [&](size_t K) { return T[Hashes[K] + 1].Text; };
  // A header guard (`#ifndef X` + `#define X` first) is no conditional.
  bool Guard = Hashes.size() >= 2 && Word(0) == "ifndef" && Word(1) == "define" &&
               T[Hashes[0] + 2].Text == T[Hashes[1] + 2].Text;
  int Depth = Guard ? -1 : 0;
  for (size_t K = 0; K < Hashes.size(); ++K) {
    llvm::StringRef W = Word(K);
    if (W == "if" || W == "ifdef" || W == "ifndef")
      ++Depth;
    else if (W == "endif")
      --Depth;
    else if (Depth <= 0 && isHipInclude(Text, T, Hashes[K], Maps))
      return true;
  }
  return false;
}

bool containsCuda(llvm::StringRef Text, const MapTable &Maps) {
  TokenStream T(Text);
  for (size_t I = 0; I < T.size(); ++I) {
    const Tok &K = T[I];
    if (!K.isIdent())
      continue;
    if (K.Text == "include" && I > 0 && T[I - 1].is(clang::tok::hash)) {
      llvm::StringRef Line = Text.substr(K.end());
      Line = Line.substr(0, Line.find('\n')).trim();
      if (Line.size() > 2 && Maps.lookupHeader(Line.drop_front().drop_back()))
        return true;
      continue;
    }
    const MapEntry *E = Maps.lookupName(K.Text);
    if (!E || E->Hip == K.Text)
      continue;
    if (I > 0 && (T[I - 1].is(clang::tok::period) || T[I - 1].is(clang::tok::arrow)))
      continue;
    if (E->isNamespace() && !(I + 1 < T.size() && T[I + 1].is(clang::tok::coloncolon)))
      continue;
    return true;
  }
  return false;
}

/// Cheap test: does the text contain anything a CUDA parse could tell us
/// about (a mapped name, a kernel, a launch)? Files without any are not
/// parsed, which keeps plain C++ files of a tree fast.
static bool worthParsing(llvm::StringRef Text, const MapTable &Maps) {
  TokenStream T(Text);
  for (const Tok &K : T.tokens()) {
    if (K.is(clang::tok::lesslessless))
      return true;
    if (K.isIdent() && (Maps.lookupName(K.Text) || K.Text == "__global__" ||
                        K.Text == "__device__"))
      return true;
  }
  return false;
}

/// Feeds what the AST rules produced for this file (all configurations)
/// into the context the token rules fill: edits first (so a token rule's
/// overlapping edit is a reported conflict, not a silent override), then
/// claims, requested headers and findings (named by this file's path).
static void addAstOutput(FileContext &Ctx, const AstFileOutput &Ast) {
  for (const Edit &E : Ast.Edits)
    if (E.Offset + E.Length <= Ctx.Buffer.size())
      Ctx.Edits.add(E);
  for (auto &KV : Ast.EditsPerRule)
    Ctx.Stats.EditsPerRule[KV.first] += KV.second;
  for (const auto &C : Ast.Claims)
    Ctx.claim(std::get<2>(C), std::get<0>(C), std::get<1>(C));
  for (const auto &H : Ast.Headers)
    Ctx.requestHeader(H.getKey());
  for (Finding F : Ast.Findings) {
    F.File = Ctx.Path;
    Ctx.Findings.push_back(std::move(F));
  }
}

FileResult Porter::portBuffer(llvm::StringRef Path, llvm::StringRef Text,
                              const FileFacts &Facts, bool IsHeader) {
  FileResult R;
  R.Input = Path.str();
  R.Original = Text.str();
  FileContext Ctx(Path.str(), R.Original, Maps, Opts, Facts, IsHeader);
  // Hand-written HIP (or a port's output) without CUDA left in it gets only
  // the opt-in AMD rewrites asked for (--vectorize, --alloc-hooks) and the
  // headers they need: the porting rules would change HIP's own shuffles
  // and warp sizes, which are not CUDA's.
  bool HipOnly = looksAlreadyHip(Text, Maps) && !containsCuda(Text, Maps);
  if (HipOnly)
    Ctx.report("already-hip", Severity::Note, 0,
               "the file already uses HIP and contains no CUDA API names or "
               "headers; the porting rules leave it as written");
  addAstOutput(Ctx, Facts.Ast);
  std::vector<std::unique_ptr<Rule>> Rules = createRules(Opts);
  llvm::erase_if(Rules, [&](const std::unique_ptr<Rule> &Rule) {
    return HipOnly && Rule->id() != "vectorize" && Rule->id() != "alloc-hooks" &&
           Rule->id() != "includes";
  });
  // Every rule's run, then every rule's finish: what a finish reads (the
  // requested headers, the claims) is complete whatever the rule order.
  for (auto &Rule : Rules)
    Ctx.run(*Rule);
  for (auto &Rule : Rules)
    Ctx.finish(*Rule);
  if (Opts.Annotate)
    for (const Finding &F : Ctx.Findings)
      if (F.Sev != Severity::Note)
        Ctx.Edits.add({F.Offset, 0, "/* cu2hip: " + F.Message + " [" + F.RuleId + "] */ ",
                       "annotate"});
  for (const EditConflict &C : Ctx.Edits.merge()) {
    Ctx.report("edit-conflict", Severity::Error, C.Dropped.Offset,
               "rule '" + C.Dropped.RuleId + "' and rule '" + C.Kept.RuleId +
                   "' edit overlapping text; kept the edit of '" + C.Kept.RuleId + "'");
    R.Failed = true;
  }
  R.Ported = Ctx.Edits.apply(R.Original);
  R.Edits = Ctx.Edits.edits();
  R.DeferredHeaders = std::move(Ctx.DeferredHeaders);
  for (const auto &H : Ctx.requestedHeaders())
    if (H.getKey().startswith("cu2hip/"))
      R.RuntimeHeaders.push_back(H.getKey().str());
  llvm::sort(R.RuntimeHeaders);
  R.Findings = std::move(Ctx.Findings);
  R.Stats = std::move(Ctx.Stats);
  R.SemanticRan = Facts.Parsed;
  R.Lines = std::count(R.Original.begin(), R.Original.end(), '\n');
  return R;
}

namespace {

/// Reads every input once: its bytes into Texts[I], or the reason it could
/// not be read into ReadErrors[I].
void readInputs(const std::vector<FileJob> &Files, std::vector<std::string> &Texts,
                std::vector<std::string> &ReadErrors) {
  for (size_t I = 0; I < Files.size(); ++I) {
    auto Buf = readFileChecked(Files[I].Input);
    if (!Buf)
      ReadErrors[I] = llvm::toString(Buf.takeError());
    else
      Texts[I] = (*Buf)->getBuffer().str();
  }
}

/// The result for an input that could not be read: failed, one io-error.
FileResult unreadableResult(const std::string &Input, const std::string &Why) {
  FileResult R;
  R.Input = Input;
  R.Failed = true;
  Finding F;
  F.RuleId = "io-error";
  F.Sev = Severity::Error;
  F.File = Input;
  F.Message = "cannot read file: " + Why;
  R.Findings.push_back(F);
  return R;
}

/// Findings in file and offset order, each once.
void sortAndDedupFindings(std::vector<Finding> &Fs) {
  std::stable_sort(Fs.begin(), Fs.end(), [](const Finding &A, const Finding &B) {
    if (A.File != B.File)
      return A.File < B.File;
    return A.Offset < B.Offset;
  });
  Fs.erase(std::unique(Fs.begin(), Fs.end()), Fs.end());
}

} // namespace

std::vector<FileResult> Porter::run(const std::vector<FileJob> &Files, unsigned Jobs) {
  return run(Files, Jobs, RunPlan());
}

namespace {

/// The user files one unit's parse gave facts to or read: the ported files
/// (real paths, the keys of `Facts`) and the user includes they resolved.
std::vector<std::string> readsOf(const std::map<std::string, FileFacts> &Facts) {
  std::set<std::string> Out;
  for (const auto &KV : Facts) {
    Out.insert(KV.first);
    for (const auto &Inc : KV.second.Index.Includes)
      if (Inc.second.UserFile && !Inc.second.Resolved.empty())
        Out.insert(Inc.second.Resolved);
  }
  return {Out.begin(), Out.end()};
}

} // namespace

namespace {

/// One Porter::run: the state its phases share, and the phases. Parse tasks
/// write the per-unit maps under Mu.
struct RunState {
  RunState(const std::vector<FileJob> &Files, const RunPlan &Plan)
      : Files(Files), Plan(Plan), Keys(Files.size()), Texts(Files.size()),
        ReadErrors(Files.size()) {}
  const std::vector<FileJob> &Files;
  const RunPlan &Plan;
  /// Per job: its real path (the key of Facts), and the reverse map.
  std::vector<std::string> Keys;
  std::set<std::string> Ported;
  std::map<std::string, size_t> JobOfKey;
  /// Per job: parse it, port it (RunPlan, widened on escape).
  std::vector<char> ToParse, ToPort;
  /// Per job: its bytes, or why they could not be read.
  std::vector<std::string> Texts, ReadErrors;
  std::mutex Mu;
  std::map<std::string, FileFacts> Facts;
  std::map<std::string, std::vector<Finding>> TUErrors;
  std::set<std::string> TUFailed;
  /// Per parsed unit: the jobs its parse gave facts to, the files it read.
  std::map<size_t, std::set<size_t>> UnitFacts;
  std::map<size_t, std::set<std::string>> UnitReads;
  /// Progress of the parse phase: parses done and queued.
  unsigned ParsesDone = 0, Parses = 0;
  /// Without a parse: the jobs each job includes (scanPhase), by key.
  std::map<std::string, std::set<std::string>> Scanned;
};

/// The phases of Porter::run, over a RunState.
class PortPhases {
public:
  PortPhases(Porter &P, const Options &Opts, const MapTable &Maps, PhaseTimes *Times,
             const Porter::ProgressFn &Progress)
      : P(P), Opts(Opts), Maps(Maps), Times(Times), Progress(Progress) {}

  /// Keys the jobs by real path; takes the plan's parse and port sets.
  void keyInputs(RunState &St);
  /// Parses the planned units (all of them when facts escape the plan),
  /// collecting their facts and errors.
  void parsePhase(RunState &St, llvm::ThreadPool &Pool);
  /// Without a parse (--no-semantic; with `UnparsedOnly`, the units no
  /// parse is for: HIP already, no CUDA): the include graph of the units
  /// from their tokens (scanIncludes), through the jobs they reach: each
  /// unit's reads, and the fragments (included inside braces) as
  /// EnteredInBody.
  void scanPhase(RunState &St, bool UnparsedOnly);
  /// Runs the token rules over every job to port.
  std::vector<FileResult> portPhase(RunState &St, llvm::ThreadPool &Pool);
  /// Folds the units' parse-include findings for PyTorch's headers into
  /// one parse-torch finding on the first such unit.
  static void foldTorchIncludes(RunState &St);

private:
  /// Whether job `I` is a translation unit worth a parse.
  bool parseable(const RunState &St, size_t I) const;
  /// Queues every configuration's parse of `Units` and waits for them.
  void parseUnits(RunState &St, SemanticPass &Pass, llvm::ThreadPool &Pool,
                  const std::vector<size_t> &Units);
  /// One parse of unit `I` in `Config` (or the host's result, when it
  /// stands for this configuration), merged into `St`.
  SemanticResult parseTask(RunState &St, SemanticPass &Pass, size_t I, size_t Config,
                           std::shared_future<SemanticResult> Host);
  /// The token rules over job `I`, with its facts and its unit's errors;
  /// `Extra`: headers its fragments need (fragmentHeaders).
  FileResult portJob(RunState &St, size_t I, llvm::ArrayRef<std::string> Extra);
  /// Whether job `I` is a fragment (SemanticIndex::EnteredInBody).
  bool isFragment(const RunState &St, size_t I) const;
  /// The headers the fragments job `I` includes (directly, or through
  /// other fragments) deferred to it (FileResult::DeferredHeaders), from
  /// their `Results`.
  std::vector<std::string> fragmentHeaders(const RunState &St,
                                           const std::vector<FileResult> &Results,
                                           size_t I) const;

  Porter &P;
  const Options &Opts;
  const MapTable &Maps;
  PhaseTimes *Times;
  const Porter::ProgressFn &Progress;
};

} // namespace

std::vector<FileResult> Porter::run(const std::vector<FileJob> &Files, unsigned Jobs,
                                    const RunPlan &Plan) {
  RunState St(Files, Plan);
  PortPhases Phases(*this, Opts, Maps, Times, Progress);
  Phases.keyInputs(St);
  // Read every input once.
  readInputs(Files, St.Texts, St.ReadErrors);
  llvm::ThreadPool Pool(llvm::hardware_concurrency(std::max(1u, Jobs)));
  // Phase 1: semantic passes, one task per translation unit and configuration.
  if (Opts.Semantic)
    Phases.parsePhase(St, Pool);
  Phases.scanPhase(St, /*UnparsedOnly=*/Opts.Semantic);
  if (dumpIndexRequested())
    for (size_t I = 0; I < Files.size(); ++I) {
      auto It = St.Facts.find(St.Keys[I]);
      if (It != St.Facts.end())
        dumpIndex(llvm::errs(), Files[I].Input, St.Texts[I], It->second.Index);
    }
  PortPhases::foldTorchIncludes(St);
  // Phase 2: token rules, one task per file.
  std::vector<FileResult> Results = Phases.portPhase(St, Pool);
  for (auto &KV : St.UnitFacts) {
    FileResult &R = Results[KV.first];
    for (size_t J : KV.second)
      R.FactFiles.push_back(Files[J].Input);
    const auto &Reads = St.UnitReads[KV.first];
    R.Reads.assign(Reads.begin(), Reads.end());
  }
  for (auto &R : Results)
    sortAndDedupFindings(R.Findings);
  return Results;
}

void PortPhases::keyInputs(RunState &St) {
  const std::vector<FileJob> &Files = St.Files;
  // The semantic passes name files by their real paths (symlinks resolved),
  // so the ported set and the facts are keyed by real path too: an input
  // reached through a symlinked directory keeps its facts.
  for (size_t I = 0; I < Files.size(); ++I) {
    llvm::SmallString<256> Real;
    St.Keys[I] = llvm::sys::fs::real_path(Files[I].Input, Real) ? Files[I].Input
                                                                  : std::string(Real.str());
    St.Ported.insert(St.Keys[I]);
    St.JobOfKey.emplace(St.Keys[I], I);
  }
  St.ToParse = St.Plan.Parse;
  St.ToPort = St.Plan.Port;
  St.ToParse.resize(Files.size(), St.Plan.Parse.empty());
  St.ToPort.resize(Files.size(), St.Plan.Port.empty());
}

bool PortPhases::parseable(const RunState &St, size_t I) const {
  const std::vector<FileJob> &Files = St.Files;
  // .cu files are always parsed (so their errors are reported); other
  // sources only when they use CUDA.
  bool IsCu = llvm::sys::path::extension(Files[I].Input) == ".cu";
  // A HIP include only inside a preprocessor branch, beside a CUDA header
  // include (a tree's own HIP layer: `#if defined(USE_HIP)` ... `#else
  // #include <cuda_runtime.h>`), does not stop the CUDA parse: the other
  // branch is what the port must make work.
  const std::string &Text = St.Texts[I];
  bool Hip = looksAlreadyHip(Text, Maps) &&
             (includesHipUnconditionally(Text, Maps) || !containsCuda(Text, Maps) ||
              !includesCudaHeader(Text, Maps));
  return Files[I].IsTU && St.ReadErrors[I].empty() && !Hip &&
         (IsCu || worthParsing(Text, Maps));
}

void PortPhases::parsePhase(RunState &St, llvm::ThreadPool &Pool) {
  const std::vector<FileJob> &Files = St.Files;
  const RunPlan &Plan = St.Plan;
  std::set<std::string> &Ported = St.Ported;
  auto IsPorted = [&Ported](llvm::StringRef P) { return Ported.count(P.str()) > 0; };
  SemanticPass Pass(Opts, Maps, IsPorted, Times);
  std::vector<size_t> Units;
  for (size_t I = 0; I < Files.size(); ++I)
    if (St.ToParse[I] && parseable(St, I))
      Units.push_back(I);
  parseUnits(St, Pass, Pool, Units);
  // A ported unit whose facts reach a job left out of the port: that
  // job's facts may have changed. (A unit parsed only for another file's
  // facts is unchanged, so are the facts it gives.)
  bool Escaped = false;
  for (auto &KV : St.UnitFacts)
    for (size_t J : St.ToPort[KV.first] ? KV.second : std::set<size_t>())
      if (!St.ToPort[J]) {
        Escaped = true;
        if (Plan.OnEscape == RunPlan::AddTouched)
          St.ToPort[J] = true;
      }
  if (Escaped && Plan.OnEscape == RunPlan::Widen) {
    std::vector<size_t> Rest;
    for (size_t I = 0; I < Files.size(); ++I)
      if (!St.ToParse[I] && parseable(St, I))
        Rest.push_back(I);
    parseUnits(St, Pass, Pool, Rest);
    std::fill(St.ToPort.begin(), St.ToPort.end(), 1);
  }
}

void PortPhases::scanPhase(RunState &St, bool UnparsedOnly) {
  const std::vector<FileJob> &Files = St.Files;
  for (size_t U = 0; U < Files.size(); ++U) {
    if (!Files[U].IsTU || !St.ReadErrors[U].empty() || (UnparsedOnly && parseable(St, U)))
      continue;
    std::set<size_t> Seen{U};
    std::vector<size_t> Work{U};
    std::set<std::string> &Reads = St.UnitReads[U];
    while (!Work.empty()) {
      size_t I = Work.back();
      Work.pop_back();
      Reads.insert(St.Keys[I]);
      for (const ScannedInclude &S :
           scanIncludes(Files[I].Input, St.Texts[I], Files[U].Flags, Files[U].WorkDir)) {
        if (S.Resolved.empty())
          continue;
        Reads.insert(S.Resolved);
        auto J = St.JobOfKey.find(S.Resolved);
        if (J == St.JobOfKey.end() || !St.ReadErrors[J->second].empty())
          continue;
        St.Scanned[St.Keys[I]].insert(S.Resolved);
        // A fragment's own includes are inside the same declaration.
        if (S.InBody || isFragment(St, I)) {
          St.Facts[S.Resolved].Index.EnteredInBody = true;
          // Its headers go to this unit's files: ported with them.
          if (St.ToPort[U])
            St.ToPort[J->second] = 1;
        }
        if (Seen.insert(J->second).second)
          Work.push_back(J->second);
      }
    }
    St.UnitFacts[U].insert(U);
  }
}

void PortPhases::parseUnits(RunState &St, SemanticPass &Pass, llvm::ThreadPool &Pool,
                            const std::vector<size_t> &Units) {
  const std::vector<FileJob> &Files = St.Files;
  St.ParsesDone = St.Parses = 0;
  for (size_t I : Units) {
    Pass.planUnit(Files[I].Input, Files[I].Flags, Files[I].WorkDir, Files[I].HostOnly);
    St.Parses += unsigned(Pass.numConfigs() - (Files[I].HostOnly ? 1 : 0));
  }
  for (size_t I : Units) {
    St.UnitFacts[I].insert(I);
    // The host parse is queued first: a --config set it proves equal
    // (SemanticResult::SameAsHost) takes its result instead of parsing.
    std::shared_future<SemanticResult> Host;
    for (size_t Config = 0; Config < Pass.numConfigs(); ++Config) {
      // A host-only source has no device compilation (FileJob::HostOnly).
      if (Files[I].HostOnly && CompileSetup::isDevice(Config)) {
        if (Times)
          ++Times->HostOnlyDeviceSkipped;
        continue;
      }
      auto Task = [this, &St, &Pass, I, Config, Host] {
        return parseTask(St, Pass, I, Config, Host);
      };
      if (Config == 0)
        Host = Pool.async(Task);
      else
        Pool.async(Task);
    }
  }
  Pool.wait();
}

SemanticResult PortPhases::parseTask(RunState &St, SemanticPass &Pass, size_t I,
                                     size_t Config, std::shared_future<SemanticResult> Host) {
  const std::vector<FileJob> &Files = St.Files;
  if (Progress) {
    std::lock_guard<std::mutex> Lock(St.Mu);
    Progress("parsing", Files[I].Input, St.ParsesDone, St.Parses);
  }
  SemanticResult SR;
  if (Config >= 2 && Opts.SkipEqualConfigs && Host.get().SameAsHost.size() > Config &&
      Host.get().SameAsHost[Config]) {
    SR = Host.get();
    if (Times)
      ++Times->ParsesSkipped;
  } else {
    SR = Pass.runConfig(Files[I].Input, Files[I].Flags, Files[I].WorkDir, Config);
  }
  std::vector<std::string> Reads = readsOf(SR.Facts);
  std::lock_guard<std::mutex> Lock(St.Mu);
  for (auto &KV : SR.Facts) {
    St.Facts[KV.first].mergeFrom(KV.second);
    auto J = St.JobOfKey.find(KV.first);
    if (J != St.JobOfKey.end())
      St.UnitFacts[I].insert(J->second);
  }
  St.UnitReads[I].insert(Reads.begin(), Reads.end());
  auto &Errs = St.TUErrors[Files[I].Input];
  Errs.insert(Errs.end(), SR.Errors.begin(), SR.Errors.end());
  if (SR.Failed)
    St.TUFailed.insert(Files[I].Input);
  if (Progress)
    Progress("parsing", "", ++St.ParsesDone, St.Parses);
  return SR;
}

/// Is `F` a missing include of PyTorch's C++ API (torch/, ATen/, c10/)?
static bool isTorchInclude(const Finding &F) {
  llvm::StringRef M = F.Message;
  return F.RuleId == "parse-include" &&
         (M.startswith("'torch/") || M.startswith("'ATen/") || M.startswith("'c10/"));
}

void PortPhases::foldTorchIncludes(RunState &St) {
  std::vector<std::string> Units; // in path order (TUErrors is a std::map)
  std::string Header;
  for (auto &KV : St.TUErrors) {
    auto &Errs = KV.second;
    auto It = std::find_if(Errs.begin(), Errs.end(), isTorchInclude);
    if (It == Errs.end())
      continue;
    if (Header.empty())
      Header = llvm::StringRef(It->Message).drop_front().take_until([](char C) {
                 return C == '\'';
               }).str();
    Units.push_back(KV.first);
    llvm::erase_if(Errs, isTorchInclude);
  }
  if (Units.empty())
    return;
  Finding F;
  F.File = Units.front();
  F.RuleId = "parse-torch";
  F.Sev = Severity::Warning;
  F.Line = F.Col = 1;
  F.Message = std::to_string(Units.size()) + " translation unit" +
              (Units.size() == 1 ? "" : "s") + " of this tree (first: " +
              llvm::sys::path::filename(Units.front()).str() +
              ") include PyTorch's C++ headers (<" + Header +
              ">), which the parse did not find: the parse stops there, so only the "
              "token rules ported them";
  F.Fix = "pass torch's include directories after -- (python -c \"from "
          "torch.utils.cpp_extension import include_paths; print(include_paths())\" "
          "lists them: -I .../torch/include -I .../torch/include/torch/csrc/api/include), "
          "or -p with the extension's compile_commands.json";
  St.TUErrors[Units.front()].push_back(F);
}

std::vector<FileResult> PortPhases::portPhase(RunState &St, llvm::ThreadPool &Pool) {
  const std::vector<FileJob> &Files = St.Files;
  std::vector<FileResult> Results(Files.size());
  unsigned FilesDone = 0;
  unsigned ToPortCount = unsigned(std::count(St.ToPort.begin(), St.ToPort.end(), 1));
  // Fragments first (SemanticIndex::EnteredInBody): the headers they need
  // go to the files that include them, ported after.
  for (bool Fragments : {true, false}) {
    for (size_t I = 0; I < Files.size(); ++I) {
      if (isFragment(St, I) != Fragments)
        continue;
      if (!St.ToPort[I]) {
        Results[I].Input = Files[I].Input;
        Results[I].Output = Files[I].Output;
        Results[I].Skipped = true;
        continue;
      }
      std::vector<std::string> Extra = Fragments ? std::vector<std::string>()
                                                 : fragmentHeaders(St, Results, I);
      Pool.async([&, I, Extra] {
        const FileJob &J = Files[I];
        if (Progress) {
          std::lock_guard<std::mutex> Lock(St.Mu);
          Progress("porting", J.Input, FilesDone, ToPortCount);
        }
        FileResult R = portJob(St, I, Extra);
        R.Output = J.Output;
        Results[I] = std::move(R);
        if (Progress) {
          std::lock_guard<std::mutex> Lock(St.Mu);
          Progress("porting", "", ++FilesDone, ToPortCount);
        }
      });
    }
    Pool.wait();
  }
  return Results;
}

bool PortPhases::isFragment(const RunState &St, size_t I) const {
  auto It = St.Facts.find(St.Keys[I]);
  return It != St.Facts.end() && It->second.Index.EnteredInBody;
}

std::vector<std::string> PortPhases::fragmentHeaders(const RunState &St,
                                                     const std::vector<FileResult> &Results,
                                                     size_t I) const {
  std::set<std::string> Out;
  std::set<size_t> Seen{I};
  std::vector<size_t> Work{I};
  while (!Work.empty()) {
    const std::string &Key = St.Keys[Work.back()];
    Work.pop_back();
    std::vector<std::string> Next;
    if (auto It = St.Facts.find(Key); It != St.Facts.end())
      for (const auto &Inc : It->second.Index.Includes)
        Next.push_back(Inc.second.Resolved);
    if (auto S = St.Scanned.find(Key); S != St.Scanned.end())
      Next.insert(Next.end(), S->second.begin(), S->second.end());
    for (const std::string &To : Next) {
      auto J = St.JobOfKey.find(To);
      if (J == St.JobOfKey.end() || !isFragment(St, J->second) || !Seen.insert(J->second).second)
        continue;
      const std::vector<std::string> &H = Results[J->second].DeferredHeaders;
      Out.insert(H.begin(), H.end());
      Work.push_back(J->second); // a fragment's own fragments
    }
  }
  return {Out.begin(), Out.end()};
}

FileResult PortPhases::portJob(RunState &St, size_t I, llvm::ArrayRef<std::string> Extra) {
  const FileJob &J = St.Files[I];
  if (!St.ReadErrors[I].empty())
    return unreadableResult(J.Input, St.ReadErrors[I]);
  FileFacts FF;
  {
    std::lock_guard<std::mutex> Lock(St.Mu);
    auto It = St.Facts.find(St.Keys[I]);
    if (It != St.Facts.end())
      FF = It->second;
  }
  for (const std::string &H : Extra)
    FF.Ast.Headers.insert(H);
  FileResult R;
  {
    std::optional<PhaseTimer> T;
    if (Times)
      T.emplace(Times->RulesNs);
    R = P.portBuffer(J.Input, St.Texts[I], FF, !J.IsTU);
  }
  std::lock_guard<std::mutex> Lock(St.Mu);
  auto EIt = St.TUErrors.find(J.Input);
  if (EIt != St.TUErrors.end())
    R.Findings.insert(R.Findings.begin(), EIt->second.begin(), EIt->second.end());
  if (St.TUFailed.count(J.Input))
    R.Failed = true;
  return R;
}


namespace {

/// patch(1) needs this marker after a last line without '\n'.
const char *const NoEol = "\\ No newline at end of file\n";

/// The original text of a diff, by lines.
struct DiffText {
  explicit DiffText(llvm::StringRef Old) : Old(Old), LineStart{0} {
    for (unsigned I = 0; I < Old.size(); ++I)
      if (Old[I] == '\n')
        LineStart.push_back(I + 1);
    if (LineStart.back() == Old.size() && LineStart.size() > 1)
      LineStart.pop_back();
    NLines = LineStart.size();
    NoEolAtEnd = !Old.empty() && Old.back() != '\n';
  }
  /// The line (0-based) holding byte `Off`.
  unsigned lineOf(unsigned Off) const {
    return unsigned(std::upper_bound(LineStart.begin(), LineStart.end(), Off) -
                    LineStart.begin() - 1);
  }
  /// The offset just past line `L` (its '\n' included).
  unsigned lineEnd(unsigned L) const {
    return L + 1 < NLines ? LineStart[L + 1] : (unsigned)Old.size();
  }
  llvm::StringRef line(unsigned L) const {
    return Old.slice(LineStart[L], lineEnd(L)).rtrim('\n');
  }
  /// Whole lines inserted before a line (an #include added above the first
  /// code line): added lines there, the line itself unchanged.
  bool isLineInsert(const Edit &E) const {
    bool AtLineStart = E.Offset == 0 || (E.Offset <= Old.size() && Old[E.Offset - 1] == '\n');
    return E.Length == 0 && E.Offset < Old.size() && AtLineStart &&
           llvm::StringRef(E.Text).endswith("\n");
  }

  llvm::StringRef Old;
  std::vector<unsigned> LineStart; ///< line start offsets
  unsigned NLines = 0;
  bool NoEolAtEnd = false;
};

/// Changed lines [First, Last] of the original and the edits in them.
struct Hunk {
  unsigned First, Last;
  std::vector<const Edit *> Edits;
};

const unsigned DiffContext = 3;

/// Groups edits (in offset order) into hunks whose context lines touch.
std::vector<Hunk> groupHunks(const DiffText &T, const std::vector<Edit> &Edits) {
  std::vector<Hunk> Hunks;
  const unsigned Ctx = DiffContext;
  for (const Edit &E : Edits) {
    unsigned A = T.lineOf(E.Offset);
    unsigned B = T.lineOf(E.Length ? E.Offset + E.Length - 1 : E.Offset);
    if (!Hunks.empty() && A <= Hunks.back().Last + 2 * Ctx + 1) {
      Hunks.back().Last = std::max(Hunks.back().Last, B);
      Hunks.back().Edits.push_back(&E);
    } else
      Hunks.push_back({A, B, {&E}});
  }
  return Hunks;
}

/// The body of one hunk, and its line counts.
class HunkWriter {
public:
  HunkWriter(const DiffText &T, const Hunk &H) : T(T), H(H), BS(Body) {
    CtxFirst = H.First >= DiffContext ? H.First - DiffContext : 0;
    CtxLast = std::min(T.NLines - 1, H.Last + DiffContext);
    // Which lines do the hunk's edits touch?
    Touched.assign(CtxLast - CtxFirst + 1, false);
    for (const Edit *E : H.Edits) {
      if (T.isLineInsert(*E))
        continue;
      unsigned A = T.lineOf(E->Offset);
      unsigned B = T.lineOf(E->Length ? E->Offset + E->Length - 1 : E->Offset);
      for (unsigned L = A; L <= B; ++L)
        Touched[L - CtxFirst] = true;
    }
  }

  /// Body lines: unchanged lines as context, each run of touched lines as
  /// its old lines removed and its new text added.
  void write() {
    for (unsigned L = CtxFirst; L <= CtxLast;) {
      if (!Touched[L - CtxFirst]) {
        contextLine(L);
        ++L;
        continue;
      }
      unsigned RunEnd = L;
      while (RunEnd + 1 <= CtxLast && Touched[RunEnd + 1 - CtxFirst])
        ++RunEnd;
      changedRun(L, RunEnd);
      L = RunEnd + 1;
    }
  }

  std::string &body() { return BS.str(); }

  unsigned CtxFirst, CtxLast;
  unsigned OldCount = 0, NewCount = 0;

private:
  /// Line `L` unchanged, after the whole lines inserted before it.
  void contextLine(unsigned L) {
    for (const Edit *Ed : H.Edits)
      if (T.isLineInsert(*Ed) && Ed->Offset == T.LineStart[L]) {
        llvm::StringRef Added = llvm::StringRef(Ed->Text).drop_back();
        llvm::SmallVector<llvm::StringRef, 4> AddedLines;
        Added.split(AddedLines, '\n');
        for (llvm::StringRef AL : AddedLines)
          BS << "+" << AL << "\n", ++NewCount;
      }
    BS << " " << T.line(L) << "\n";
    if (T.NoEolAtEnd && L == T.NLines - 1)
      BS << NoEol;
    ++OldCount, ++NewCount;
  }

  /// Lines [L, RunEnd] as removed, their edited text as added.
  void changedRun(unsigned L, unsigned RunEnd) {
    llvm::StringRef Old = T.Old;
    unsigned B = T.LineStart[L], E = T.lineEnd(RunEnd);
    std::string New;
    unsigned Pos = B;
    for (const Edit *Ed : H.Edits)
      if (Ed->Offset >= B && Ed->Offset <= E && Ed->Offset >= Pos) {
        if (Ed->Offset == E && Ed->Length == 0 && E != Old.size())
          continue; // insertion at the next line's start belongs to it
        New.append(Old.data() + Pos, Ed->Offset - Pos);
        New += Ed->Text;
        Pos = Ed->Offset + Ed->Length;
      }
    if (Pos < E)
      New.append(Old.data() + Pos, E - Pos);
    for (unsigned K = L; K <= RunEnd; ++K, ++OldCount) {
      BS << "-" << T.line(K) << "\n";
      if (T.NoEolAtEnd && K == T.NLines - 1)
        BS << NoEol;
    }
    llvm::SmallVector<llvm::StringRef, 16> NewLines;
    llvm::StringRef(New).split(NewLines, '\n');
    if (!NewLines.empty() && NewLines.back().empty())
      NewLines.pop_back();
    for (llvm::StringRef NL : NewLines)
      BS << "+" << NL << "\n", ++NewCount;
    if (RunEnd == T.NLines - 1 && !New.empty() && New.back() != '\n')
      BS << NoEol;
  }

  const DiffText &T;
  const Hunk &H;
  std::string Body;
  llvm::raw_string_ostream BS;
  std::vector<bool> Touched;
};

} // namespace

std::string unifiedDiff(const FileResult &R, llvm::StringRef OldName,
                        llvm::StringRef NewName) {
  if (R.Original == R.Ported)
    return "";
  DiffText T(R.Original);
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "--- " << OldName << "\n+++ " << NewName << "\n";
  int Delta = 0;
  for (const Hunk &H : groupHunks(T, R.Edits)) {
    HunkWriter W(T, H);
    W.write();
    OS << "@@ -" << W.CtxFirst + 1 << "," << W.OldCount << " +" << int(W.CtxFirst + 1) + Delta
       << "," << W.NewCount << " @@\n"
       << W.body();
    Delta += int(W.NewCount) - int(W.OldCount);
  }
  return OS.str();
}

bool isHostOnlySource(llvm::StringRef File, const std::vector<std::string> &Command) {
  llvm::StringRef Ext = llvm::sys::path::extension(File);
  if (Ext != ".c" && Ext != ".cc" && Ext != ".cpp" && Ext != ".cxx")
    return false;
  for (size_t I = 0; I < Command.size(); ++I) {
    llvm::StringRef A = Command[I];
    llvm::StringRef Lang;
    if ((A == "-x" || A == "--x") && I + 1 < Command.size())
      Lang = Command[I + 1];
    else if (A.consume_front("--x=") || A.consume_front("-x=") || A.consume_front("-x"))
      Lang = A;
    if (Lang == "cu" || Lang == "cuda")
      return false;
  }
  return true;
}

} // namespace cu2hip
