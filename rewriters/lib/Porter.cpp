#include "cu2hip/Porter.h"
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
      // Emitted here and by the command line (tool/Inputs.cpp, OutputWriter.cpp).
      {"edit-conflict", IdKind::Error, "two rules edited overlapping text"},
      {"already-hip", IdKind::Note, "HIP input without CUDA left as written"},
      {"io-error", IdKind::Error, "a path not ported, copied or written (named; the run fails)"},
      {"io-skipped", IdKind::Warning, "a dangling link or a link to a directory in the tree"},
  };
  return Ids;
}

bool looksAlreadyHip(llvm::StringRef Text, const MapTable &Maps) {
  TokenStream T(Text);
  for (size_t I = 0; I + 2 < T.size(); ++I) {
    if (!T[I].is(clang::tok::hash) || !T[I].StartOfLine || !T[I + 1].isIdent("include"))
      continue;
    llvm::StringRef Line = Text.substr(T[I + 1].end());
    Line = Line.substr(0, Line.find('\n')).trim();
    if (Line.size() < 3)
      continue;
    llvm::StringRef Name = Line.drop_front().take_until([](char C) {
      return C == '>' || C == '"';
    });
    // A header both APIs spell alike (thrust's) says nothing about which
    // one the file is written for.
    if (Name.startswith("hip/") || Name.startswith("hipcub/") ||
        Name.startswith("hipblas") || Name.startswith("hiprand/") ||
        (Maps.isHipHeader(Name) && !Maps.lookupHeader(Name)))
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

std::vector<FileResult> Porter::run(const std::vector<FileJob> &Files, unsigned Jobs,
                                    const RunPlan &Plan) {
  // The semantic passes name files by their real paths (symlinks resolved),
  // so the ported set and the facts are keyed by real path too: an input
  // reached through a symlinked directory keeps its facts.
  std::vector<std::string> Keys(Files.size());
  std::set<std::string> Ported;
  std::map<std::string, size_t> JobOfKey;
  for (size_t I = 0; I < Files.size(); ++I) {
    llvm::SmallString<256> Real;
    Keys[I] = llvm::sys::fs::real_path(Files[I].Input, Real) ? Files[I].Input
                                                               : std::string(Real.str());
    Ported.insert(Keys[I]);
    JobOfKey.emplace(Keys[I], I);
  }
  auto IsPorted = [&Ported](llvm::StringRef P) { return Ported.count(P.str()) > 0; };
  std::vector<char> ToParse = Plan.Parse, ToPort = Plan.Port;
  ToParse.resize(Files.size(), Plan.Parse.empty());
  ToPort.resize(Files.size(), Plan.Port.empty());

  // Read every input once.
  std::vector<std::string> Texts(Files.size());
  std::vector<std::string> ReadErrors(Files.size());
  readInputs(Files, Texts, ReadErrors);

  llvm::ThreadPool Pool(llvm::hardware_concurrency(std::max(1u, Jobs)));
  std::mutex Mu;
  std::map<std::string, FileFacts> Facts;
  std::map<std::string, std::vector<Finding>> TUErrors;
  std::set<std::string> TUFailed;
  // Per parsed unit: the jobs its parse gave facts to, the files it read.
  std::map<size_t, std::set<size_t>> UnitFacts;
  std::map<size_t, std::set<std::string>> UnitReads;

  // Phase 1: semantic passes, one task per translation unit.
  if (Opts.Semantic) {
    SemanticPass Pass(Opts, Maps, IsPorted, Times);
    auto Parseable = [&](size_t I) {
      // .cu files are always parsed (so their errors are reported); other
      // sources only when they use CUDA.
      bool IsCu = llvm::sys::path::extension(Files[I].Input) == ".cu";
      return Files[I].IsTU && ReadErrors[I].empty() && !looksAlreadyHip(Texts[I], Maps) &&
             (IsCu || worthParsing(Texts[I], Maps));
    };
    auto ParseUnits = [&](const std::vector<size_t> &Units) {
      unsigned ParsesDone = 0, Parses = 0;
      for (size_t I : Units) {
        Pass.planUnit(Files[I].Input, Files[I].Flags, Files[I].WorkDir, Files[I].HostOnly);
        Parses += unsigned(Pass.numConfigs() - (Files[I].HostOnly ? 1 : 0));
      }
      for (size_t I : Units) {
        UnitFacts[I].insert(I);
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
          auto Task = [&, I, Config, Host] {
            if (Progress) {
              std::lock_guard<std::mutex> Lock(Mu);
              Progress("parsing", Files[I].Input, ParsesDone, Parses);
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
            std::lock_guard<std::mutex> Lock(Mu);
            for (auto &KV : SR.Facts) {
              Facts[KV.first].mergeFrom(KV.second);
              auto J = JobOfKey.find(KV.first);
              if (J != JobOfKey.end())
                UnitFacts[I].insert(J->second);
            }
            UnitReads[I].insert(Reads.begin(), Reads.end());
            auto &Errs = TUErrors[Files[I].Input];
            Errs.insert(Errs.end(), SR.Errors.begin(), SR.Errors.end());
            if (SR.Failed)
              TUFailed.insert(Files[I].Input);
            if (Progress)
              Progress("parsing", "", ++ParsesDone, Parses);
            return SR;
          };
          if (Config == 0)
            Host = Pool.async(Task);
          else
            Pool.async(Task);
        }
      }
      Pool.wait();
    };
    std::vector<size_t> Units;
    for (size_t I = 0; I < Files.size(); ++I)
      if (ToParse[I] && Parseable(I))
        Units.push_back(I);
    ParseUnits(Units);
    // A ported unit whose facts reach a job left out of the port: that
    // job's facts may have changed. (A unit parsed only for another file's
    // facts is unchanged, so are the facts it gives.)
    bool Escaped = false;
    for (auto &KV : UnitFacts)
      for (size_t J : ToPort[KV.first] ? KV.second : std::set<size_t>())
        if (!ToPort[J]) {
          Escaped = true;
          if (Plan.OnEscape == RunPlan::AddTouched)
            ToPort[J] = true;
        }
    if (Escaped && Plan.OnEscape == RunPlan::Widen) {
      std::vector<size_t> Rest;
      for (size_t I = 0; I < Files.size(); ++I)
        if (!ToParse[I] && Parseable(I))
          Rest.push_back(I);
      ParseUnits(Rest);
      std::fill(ToPort.begin(), ToPort.end(), 1);
    }
  }
  if (dumpIndexRequested())
    for (size_t I = 0; I < Files.size(); ++I) {
      auto It = Facts.find(Keys[I]);
      if (It != Facts.end())
        dumpIndex(llvm::errs(), Files[I].Input, Texts[I], It->second.Index);
    }

  // Phase 2: token rules, one task per file.
  std::vector<FileResult> Results(Files.size());
  unsigned FilesDone = 0;
  unsigned ToPortCount = unsigned(std::count(ToPort.begin(), ToPort.end(), 1));
  for (size_t I = 0; I < Files.size(); ++I) {
    if (!ToPort[I]) {
      Results[I].Input = Files[I].Input;
      Results[I].Output = Files[I].Output;
      Results[I].Skipped = true;
      continue;
    }
    Pool.async([&, I] {
      const FileJob &J = Files[I];
      if (Progress) {
        std::lock_guard<std::mutex> Lock(Mu);
        Progress("porting", J.Input, FilesDone, ToPortCount);
      }
      FileResult R;
      if (!ReadErrors[I].empty()) {
        R = unreadableResult(J.Input, ReadErrors[I]);
      } else {
        FileFacts FF;
        {
          std::lock_guard<std::mutex> Lock(Mu);
          auto It = Facts.find(Keys[I]);
          if (It != Facts.end())
            FF = It->second;
        }
        {
          std::optional<PhaseTimer> T;
          if (Times)
            T.emplace(Times->RulesNs);
          R = portBuffer(J.Input, Texts[I], FF, !J.IsTU);
        }
        std::lock_guard<std::mutex> Lock(Mu);
        auto EIt = TUErrors.find(J.Input);
        if (EIt != TUErrors.end())
          R.Findings.insert(R.Findings.begin(), EIt->second.begin(), EIt->second.end());
        if (TUFailed.count(J.Input))
          R.Failed = true;
      }
      R.Output = J.Output;
      Results[I] = std::move(R);
      if (Progress) {
        std::lock_guard<std::mutex> Lock(Mu);
        Progress("porting", "", ++FilesDone, ToPortCount);
      }
    });
  }
  Pool.wait();
  for (auto &KV : UnitFacts) {
    FileResult &R = Results[KV.first];
    for (size_t J : KV.second)
      R.FactFiles.push_back(Files[J].Input);
    const auto &Reads = UnitReads[KV.first];
    R.Reads.assign(Reads.begin(), Reads.end());
  }
  for (auto &R : Results)
    sortAndDedupFindings(R.Findings);
  return Results;
}


std::string unifiedDiff(const FileResult &R, llvm::StringRef OldName,
                        llvm::StringRef NewName) {
  if (R.Original == R.Ported)
    return "";
  llvm::StringRef Old = R.Original;
  // Line start offsets of the original.
  std::vector<unsigned> LineStart = {0};
  for (unsigned I = 0; I < Old.size(); ++I)
    if (Old[I] == '\n')
      LineStart.push_back(I + 1);
  if (LineStart.back() == Old.size() && LineStart.size() > 1)
    LineStart.pop_back();
  unsigned NLines = LineStart.size();
  auto LineOf = [&](unsigned Off) {
    return unsigned(std::upper_bound(LineStart.begin(), LineStart.end(), Off) -
                    LineStart.begin() - 1);
  };
  auto LineEnd = [&](unsigned L) {
    return L + 1 < NLines ? LineStart[L + 1] : (unsigned)Old.size();
  };
  // Group edits into hunks of changed lines [First, Last].
  struct Hunk {
    unsigned First, Last;
    std::vector<const Edit *> Edits;
  };
  std::vector<Hunk> Hunks;
  const unsigned Ctx = 3;
  for (const Edit &E : R.Edits) {
    unsigned A = LineOf(E.Offset);
    unsigned B = LineOf(E.Length ? E.Offset + E.Length - 1 : E.Offset);
    if (!Hunks.empty() && A <= Hunks.back().Last + 2 * Ctx + 1) {
      Hunks.back().Last = std::max(Hunks.back().Last, B);
      Hunks.back().Edits.push_back(&E);
    } else
      Hunks.push_back({A, B, {&E}});
  }
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "--- " << OldName << "\n+++ " << NewName << "\n";
  int Delta = 0;
  // patch(1) needs this marker after a last line without '\n'.
  const char *NoEol = "\\ No newline at end of file\n";
  bool OldNoEol = !Old.empty() && Old.back() != '\n';
  auto OldLine = [&](unsigned L) { return Old.slice(LineStart[L], LineEnd(L)).rtrim('\n'); };
  // Whole lines inserted before a line (an #include added above the first
  // code line): added lines there, the line itself unchanged.
  auto IsLineInsert = [&](const Edit &E) {
    bool AtLineStart = E.Offset == 0 || (E.Offset <= Old.size() && Old[E.Offset - 1] == '\n');
    return E.Length == 0 && E.Offset < Old.size() && AtLineStart &&
           llvm::StringRef(E.Text).endswith("\n");
  };
  for (const Hunk &H : Hunks) {
    unsigned CtxFirst = H.First >= Ctx ? H.First - Ctx : 0;
    unsigned CtxLast = std::min(NLines - 1, H.Last + Ctx);
    // Which lines do the hunk's edits touch?
    std::vector<bool> Touched(CtxLast - CtxFirst + 1, false);
    for (const Edit *E : H.Edits) {
      if (IsLineInsert(*E))
        continue;
      unsigned A = LineOf(E->Offset);
      unsigned B = LineOf(E->Length ? E->Offset + E->Length - 1 : E->Offset);
      for (unsigned L = A; L <= B; ++L)
        Touched[L - CtxFirst] = true;
    }
    // Body lines: unchanged lines as context, each run of touched lines as
    // its old lines removed and its new text added.
    std::string Body;
    llvm::raw_string_ostream BS(Body);
    unsigned OldCount = 0, NewCount = 0;
    for (unsigned L = CtxFirst; L <= CtxLast;) {
      if (!Touched[L - CtxFirst]) {
        for (const Edit *Ed : H.Edits)
          if (IsLineInsert(*Ed) && Ed->Offset == LineStart[L]) {
            llvm::StringRef Added = llvm::StringRef(Ed->Text).drop_back();
            llvm::SmallVector<llvm::StringRef, 4> AddedLines;
            Added.split(AddedLines, '\n');
            for (llvm::StringRef AL : AddedLines)
              BS << "+" << AL << "\n", ++NewCount;
          }
        BS << " " << OldLine(L) << "\n";
        if (OldNoEol && L == NLines - 1)
          BS << NoEol;
        ++OldCount, ++NewCount, ++L;
        continue;
      }
      unsigned RunEnd = L;
      while (RunEnd + 1 <= CtxLast && Touched[RunEnd + 1 - CtxFirst])
        ++RunEnd;
      unsigned B = LineStart[L], E = LineEnd(RunEnd);
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
        BS << "-" << OldLine(K) << "\n";
        if (OldNoEol && K == NLines - 1)
          BS << NoEol;
      }
      llvm::SmallVector<llvm::StringRef, 16> NewLines;
      llvm::StringRef(New).split(NewLines, '\n');
      if (!NewLines.empty() && NewLines.back().empty())
        NewLines.pop_back();
      for (llvm::StringRef NL : NewLines)
        BS << "+" << NL << "\n", ++NewCount;
      if (RunEnd == NLines - 1 && !New.empty() && New.back() != '\n')
        BS << NoEol;
      L = RunEnd + 1;
    }
    OS << "@@ -" << CtxFirst + 1 << "," << OldCount << " +" << int(CtxFirst + 1) + Delta
       << "," << NewCount << " @@\n"
       << BS.str();
    Delta += int(NewCount) - int(OldCount);
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
