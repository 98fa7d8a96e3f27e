//===- Summary.cpp - diagnostics, the closing summary, the JSON report ----===//
#include "Summary.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace llvm;

namespace cu2hip {

void printFinding(const Finding &F, Verbosity V) {
  bool Chatty = F.RuleId == "names-user-macro" || F.RuleId == "parse-semantic" ||
                F.RuleId == "parse-sdk";
  if (F.Sev == Severity::Error || (!V.Quiet && F.Sev == Severity::Warning) ||
      (!V.Quiet && F.Sev == Severity::Note && (!Chatty || V.Verbose)))
    F.print(errs());
}

void RunTally::addResult(const FileResult &R, bool IsTU) {
  ++Files;
  Lines += R.Lines;
  TUs += IsTU;
  for (const Finding &F : R.Findings) {
    ++PerRule[F.RuleId];
    if (F.RuleId == "names-unsupported" || F.RuleId == "includes-unsupported")
      Unsupported.push_back(F);
  }
  for (auto &KV : R.Stats.RenamesPerLib)
    PerLib[KV.getKey().str()] += KV.getValue();
  RenamesNewerHip += R.Stats.RenamesNewerHip;
  for (auto &KV : R.Stats.EditsPerRule)
    if (KV.getKey() != "names")
      PerEdit[KV.getKey().str()] += KV.getValue();
  Failed += R.Failed;
}

void RunTally::addProblem(const Finding &F) {
  ++PerRule[F.RuleId];
  Failed += F.Sev == Severity::Error;
}

static void printCounts(raw_ostream &OS, StringRef Title,
                        const std::map<std::string, unsigned> &M) {
  if (M.empty())
    return;
  OS << "  " << Title << ":";
  for (auto &KV : M)
    OS << " " << KV.first << "=" << KV.second;
  OS << "\n";
}

/// The summary's time line: where the run's time went (PhaseTimes).
static std::string timeLine(const PhaseTimes &P) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << format("parse %.2f s (%u parses", PhaseTimes::seconds(P.ParseNs), P.Parses.load());
  if (P.ParsesSkipped)
    OS << ", " << P.ParsesSkipped.load() << " skipped as equal to the host's";
  if (P.HostOnlyDeviceSkipped)
    OS << ", " << P.HostOnlyDeviceSkipped.load()
       << " device parses of host-only sources (.cpp) not run";
  if (P.SdkBodiesRedone)
    OS << ", " << P.SdkBodiesRedone.load() << " redone with the SDK's function bodies";
  if (P.NoOpsRedone)
    OS << ", " << P.NoOpsRedone.load() << " redone without a PCH (a header left out of it was "
       << "not skipped)";
  if (P.PchFailedRedone)
    OS << ", " << P.PchFailedRedone.load()
       << " redone without a PCH (Clang refused it or crashed with it)";
  if (P.SdkRedone)
    OS << ", " << P.SdkRedone.load()
       << " with the installed CUDA SDK, not the bundled headers (parse-sdk)";
  OS << format("), SDK prelude PCH %.2f s (%u built, %u uses", PhaseTimes::seconds(P.PreludeNs),
               P.PreludesBuilt.load(), P.PreludeUses.load());
  OS << format("), token rules %.2f s, writing %.2f s", PhaseTimes::seconds(P.RulesNs),
               PhaseTimes::seconds(P.WriteNs));
  return OS.str();
}

/// Prints `Paths` sorted, the files of cu2hip's runtime copy
/// (`cu2hip-runtime/...`, RuntimeBundle.h) as one entry with their count.
static void printPaths(raw_ostream &OS, StringRef Title, std::vector<std::string> Paths) {
  if (Paths.empty())
    return;
  llvm::sort(Paths);
  OS << "  " << Title << ": " << Paths.size() << ":";
  size_t Runtime = llvm::count_if(
      Paths, [](const std::string &P) { return StringRef(P).startswith("cu2hip-runtime/"); });
  if (Runtime)
    OS << " cu2hip-runtime/ (" << Runtime << " files)";
  for (const std::string &P : Paths)
    if (!StringRef(P).startswith("cu2hip-runtime/"))
      OS << " " << P;
  OS << "\n";
}

void printSummary(const RunTally &T, double Secs, raw_ostream &OS) {
  OS << "cu2hip: " << T.Files << " files (" << T.TUs << " translation units), " << T.Lines
     << " lines, " << T.Written << " written, " << T.Copied << " copied, " << T.Failed
     << " failed, " << format("%.2f", Secs) << " s\n";
  if (T.Unchanged)
    OS << "  unchanged since the last run (kept): " << T.Unchanged << "\n";
  printPaths(OS, T.StaleDryRun ? "would remove (their inputs are gone)"
                               : "removed (their inputs are gone)",
             T.StaleRemoved);
  printPaths(OS, "kept though their inputs are gone (changed since written)", T.StaleKept);
  printCounts(OS, "names converted", T.PerLib);
  if (T.RenamesNewerHip)
    OS << "  newer HIP: " << T.RenamesNewerHip
       << " renamed names exist in HIP 7.2's headers, not in HIP 5.2's\n";
  printCounts(OS, "edits by rule", T.PerEdit);
  printCounts(OS, "findings", T.PerRule);
  if (const PhaseTimes *P = T.Times)
    OS << "  time: " << timeLine(*P) << "\n";
  if (T.Unsupported.empty())
    return;
  OS << "  unsupported:\n";
  for (const Finding &F : T.Unsupported)
    OS << "    " << F.File << ":" << F.Line << ":" << F.Col << ": " << F.Message << "\n";
}

static json::Value findingJson(const Finding &F) {
  return json::Object{{"rule", F.RuleId}, {"severity", severityName(F.Sev)},
                      {"file", F.File},   {"line", F.Line},
                      {"col", F.Col},     {"message", F.Message},
                      {"fix", F.Fix}};
}

static json::Value fileJson(const FileResult &R) {
  json::Array Fs;
  for (const Finding &F : R.Findings)
    Fs.push_back(findingJson(F));
  json::Object Renames, Edits;
  for (auto &KV : R.Stats.RenamesPerLib)
    Renames[KV.getKey()] = KV.getValue();
  for (auto &KV : R.Stats.EditsPerRule)
    Edits[KV.getKey()] = KV.getValue();
  json::Object O{{"input", R.Input},        {"output", R.Output},
                 {"lines", R.Lines},        {"failed", R.Failed},
                 {"parsed", R.SemanticRan}, {"renames", std::move(Renames)},
                 {"renames_newer_hip", R.Stats.RenamesNewerHip},
                 {"edits", std::move(Edits)}, {"findings", std::move(Fs)}};
  if (R.Unchanged)
    O["unchanged"] = true;
  return O;
}

std::string reportJson(const std::vector<FileResult> &Results,
                       const std::vector<Finding> &Problems, const RunTally &T, double Secs) {
  json::Array Files, Probs;
  for (const FileResult &R : Results)
    Files.push_back(fileJson(R));
  for (const Finding &F : Problems)
    Probs.push_back(findingJson(F));
  json::Object Root{{"files", std::move(Files)},
                    {"problems", std::move(Probs)},
                    {"seconds", Secs},
                    {"failed", T.Failed}};
  // Outputs of inputs gone since the last run (RunTally::StaleRemoved).
  if (!T.StaleRemoved.empty())
    Root[T.StaleDryRun ? "stale_to_remove" : "stale_removed"] = json::Array(T.StaleRemoved);
  if (!T.StaleKept.empty())
    Root["stale_kept"] = json::Array(T.StaleKept);
  if (const PhaseTimes *P = T.Times)
    Root["time"] = json::Object{{"parse", PhaseTimes::seconds(P->ParseNs)},
                                {"prelude_pch", PhaseTimes::seconds(P->PreludeNs)},
                                {"token_rules", PhaseTimes::seconds(P->RulesNs)},
                                {"writing", PhaseTimes::seconds(P->WriteNs)},
                                {"parses", P->Parses.load()},
                                {"parses_skipped", P->ParsesSkipped.load()},
                                {"preludes_built", P->PreludesBuilt.load()},
                                {"prelude_uses", P->PreludeUses.load()},
                                {"sdk_bodies_redone", P->SdkBodiesRedone.load()},
                                {"no_pch_redone", P->NoOpsRedone.load()},
                                {"pch_failed_redone", P->PchFailedRedone.load()},
                                {"sdk_redone", P->SdkRedone.load()},
                                {"host_only_device_skipped", P->HostOnlyDeviceSkipped.load()}};
  return formatv("{0:2}", json::Value(std::move(Root))).str() + "\n";
}

} // namespace cu2hip
