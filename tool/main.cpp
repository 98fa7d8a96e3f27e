//===- main.cpp - the cu2hip command line ---------------------------------===//
//
//   cu2hip kernel.cu -o kernel.hip
//   cu2hip --in-root src --out-root hip-src [-p build] [-j N] [-- clang args]
//
// A thin driver over libcu2hip (rewriters/): options, the file walk, the
// compilation database, writing outputs, the closing summary.
//===----------------------------------------------------------------------===//
#include "cu2hip/MapTable.h"
#include "cu2hip/Porter.h"
#include "cu2hip/SemanticPass.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <map>
#include <set>

#ifndef CU2HIP_VERSION
#define CU2HIP_VERSION "0.1"
#endif

using namespace llvm;
using namespace cu2hip;

static cl::OptionCategory Cat("cu2hip options");

static cl::list<std::string> Inputs(cl::Positional, cl::desc("<input files>"),
                                    cl::cat(Cat));
static cl::opt<std::string> OutFile("o", cl::desc("Output file for a single input ('-' = stdout)"),
                                    cl::value_desc("file"), cl::cat(Cat));
static cl::opt<std::string> InRoot("in-root", cl::desc("Root of the CUDA tree to port"),
                                   cl::value_desc("dir"), cl::cat(Cat));
static cl::opt<std::string> OutRoot("out-root",
                                    cl::desc("Where the ported tree is written (paths mirrored)"),
                                    cl::value_desc("dir"), cl::cat(Cat));
static cl::opt<std::string> BuildPath("p", cl::desc("Build directory holding compile_commands.json"),
                                      cl::value_desc("dir"), cl::cat(Cat));
static cl::opt<unsigned> NumJobs("j", cl::desc("Translation units ported in parallel"),
                                 cl::init(1), cl::cat(Cat));
static cl::opt<bool> InPlace("inplace", cl::desc("Rewrite inputs in place (keeps FILE.orig)"),
                             cl::cat(Cat));
static cl::opt<bool> DryRun("dry-run", cl::desc("Port and report, write nothing"), cl::cat(Cat));
static cl::opt<bool> Diff("diff", cl::desc("Print a unified diff to stdout, write nothing"),
                          cl::cat(Cat));
static cl::opt<LaunchMode> Launch(
    "launch", cl::desc("Kernel launches"),
    cl::values(clEnumValN(LaunchMode::Keep, "keep", "keep <<<>>> (valid HIP; default)"),
               clEnumValN(LaunchMode::Ggl, "ggl", "hipLaunchKernelGGL(...)")),
    cl::init(LaunchMode::Keep), cl::cat(Cat));
static cl::opt<WaveMode> Wave(
    "wave", cl::desc("Warp-32 code on AMD wavefronts"),
    cl::values(clEnumValN(WaveMode::Logical32, "logical32",
                          "every CUDA warp is a 32-lane group of the wavefront (default)"),
               clEnumValN(WaveMode::Native, "native",
                          "recognised idioms use the full wavefront; rest as logical32"),
               clEnumValN(WaveMode::Keep, "keep",
                          "no wave rules (wave32-only targets); masks only widened")),
    cl::init(WaveMode::Logical32), cl::cat(Cat));
static cl::opt<bool> AllocHooks("alloc-hooks",
                                cl::desc("Route cudaMalloc/cudaFree/... through cu2hip's "
                                         "allocator hooks (<cu2hip/alloc.h>)"),
                                cl::cat(Cat));
static cl::opt<bool> Vectorize("vectorize",
                               cl::desc("Rewrite provable elementwise kernels to 128-bit "
                                        "loads/stores; alignment checks at vector casts"),
                               cl::cat(Cat));
static cl::opt<std::string> DynShared("dynamic-shared",
                                      cl::desc("keep | macro (HIP_DYNAMIC_SHARED, for the CPU emulator)"),
                                      cl::init("keep"), cl::cat(Cat));
static cl::opt<std::string> CudaPath("cuda-path", cl::desc("CUDA SDK used to parse the input"),
                                     cl::value_desc("dir"), cl::cat(Cat));
static cl::opt<bool> NoSemantic("no-semantic",
                                cl::desc("Token rules only: no CUDA SDK needed, no parse"),
                                cl::cat(Cat));
static cl::list<std::string> Configs("config",
                                     cl::desc("Extra configuration to parse, e.g. --config=\"-DUSE_X -DN=4\""),
                                     cl::cat(Cat));
static cl::list<std::string> RuleFiles("rules", cl::desc("Extra mapping file (maps format)"),
                                       cl::value_desc("file"), cl::cat(Cat));
static cl::opt<std::string> MapsDir("maps-dir", cl::desc("Directory of the built-in maps"),
                                    cl::value_desc("dir"), cl::cat(Cat));
static cl::opt<bool> Annotate("annotate", cl::desc("Write findings as comments into the output"),
                              cl::cat(Cat));
static cl::opt<std::string> ReportFile("report", cl::desc("Write a JSON report"),
                                       cl::value_desc("file"), cl::cat(Cat));
static cl::opt<bool> Quiet("quiet", cl::desc("Only errors and the summary"), cl::cat(Cat));
static cl::opt<bool> Verbose("verbose",
                             cl::desc("Also print Clang's type-check notes (parse-semantic)"),
                             cl::cat(Cat));
static cl::opt<bool> NoSummary("no-summary", cl::desc("Do not print the closing summary"),
                               cl::cat(Cat));
static cl::opt<bool> ListRules("list-rules", cl::desc("List rule ids and exit"), cl::cat(Cat));
static cl::opt<bool> PrintIncludeDir("print-include-dir",
                                     cl::desc("Print the directory holding <cu2hip/wave.h> and exit"),
                                     cl::cat(Cat));

static std::string exeDir(const char *Argv0) {
  std::string P = sys::fs::getMainExecutable(Argv0, (void *)&exeDir);
  return std::string(sys::path::parent_path(P));
}

/// First existing directory among the installed and the source-tree layout.
static std::string findDataDir(const char *Argv0, StringRef Installed, StringRef Source) {
  SmallString<256> P(exeDir(Argv0));
  sys::path::append(P, "..", Installed);
  if (sys::fs::is_directory(P))
    return std::string(P);
  if (sys::fs::is_directory(Source))
    return Source.str();
  return "";
}

static bool isSourceExt(StringRef Ext) {
  return Ext == ".cu" || Ext == ".cpp" || Ext == ".cc" || Ext == ".cxx" || Ext == ".c";
}
static bool isHeaderExt(StringRef Ext) {
  return Ext == ".cuh" || Ext == ".h" || Ext == ".hpp" || Ext == ".hh" || Ext == ".hxx" ||
         Ext == ".inl" || Ext == ".inc" || Ext == ".cuinc";
}

static std::string absolute(StringRef P) {
  SmallString<256> A(P);
  sys::fs::make_absolute(A);
  sys::path::remove_dots(A, /*remove_dot_dot=*/true);
  return std::string(A);
}

static bool isUnder(StringRef Path, StringRef Dir) {
  return Path.startswith(Dir) && (Path.size() == Dir.size() || Path[Dir.size()] == '/');
}

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
  // Arguments after `--` go to clang.
  std::vector<const char *> Own;
  std::vector<std::string> ClangArgs;
  bool After = false;
  for (int I = 0; I < argc; ++I) {
    if (!After && StringRef(argv[I]) == "--") {
      After = true;
      continue;
    }
    if (After) {
      // Relative include paths are relative to where cu2hip was started,
      // not to the directory of each file (the parse's working directory).
      StringRef A = argv[I];
      for (StringRef Flag : {"-I", "-isystem", "-iquote", "-idirafter"}) {
        if (A.startswith(Flag) && A.size() > Flag.size() &&
            !sys::path::is_absolute(A.substr(Flag.size()))) {
          ClangArgs.push_back((Flag + absolute(A.substr(Flag.size()))).str());
          A = "";
          break;
        }
        if (A == Flag && I + 1 < argc && !sys::path::is_absolute(argv[I + 1])) {
          ClangArgs.push_back(Flag.str());
          ClangArgs.push_back(absolute(argv[++I]));
          A = "";
          break;
        }
      }
      if (!A.empty())
        ClangArgs.push_back(A.str());
      continue;
    }
    else
      Own.push_back(argv[I]);
  }
  cl::HideUnrelatedOptions(Cat);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "cu2hip " CU2HIP_VERSION " (Clang/LLVM " LLVM_VERSION_STRING ")\n";
  });
  cl::ParseCommandLineOptions(Own.size(), Own.data(),
                              "cu2hip: port CUDA C++ to HIP, wave64-correct\n");
  auto Err = [](const Twine &Msg) {
    WithColor::error(errs(), "cu2hip") << Msg << "\n";
    return 2;
  };

  std::string SourceRoot = CU2HIP_SOURCE_DIR;
  if (PrintIncludeDir) {
    outs() << findDataDir(argv[0], "include/cu2hip-runtime", SourceRoot + "/runtime/include")
           << "\n";
    return 0;
  }
  if (ListRules) {
    for (const RuleIdInfo &R : ruleCatalogue())
      outs() << format("%-22s %-8s %s\n", R.Id, idKindName(R.Kind).str().c_str(), R.Summary);
    return 0;
  }

  auto Start = std::chrono::steady_clock::now();
  // Resolve relative paths now: parsing changes directories per file.
  std::string ReportPath = ReportFile.empty() ? "" : absolute(ReportFile);
  // Maps.
  MapTable Maps;
  std::string Dir = MapsDir.empty()
                        ? findDataDir(argv[0], "share/cu2hip/maps", SourceRoot + "/rewriters/maps")
                        : std::string(MapsDir);
  if (Dir.empty())
    return Err("cannot find the mapping tables; pass --maps-dir");
  if (Error E = Maps.loadDirectory(Dir))
    return Err(toString(std::move(E)));
  for (auto &F : RuleFiles)
    if (Error E = Maps.loadFile(F, /*AllowOverride=*/true))
      return Err(toString(std::move(E)));

  Options Opts;
  Opts.Launch = Launch;
  Opts.Wave = Wave;
  Opts.Annotate = Annotate;
  Opts.AllocHooks = AllocHooks;
  Opts.Vectorize = Vectorize;
  Opts.ExtraArgs = ClangArgs;
  Opts.ResourceDir = CU2HIP_CLANG_RESOURCE_DIR;
  if (DynShared != "keep" && DynShared != "macro")
    return Err("--dynamic-shared must be 'keep' or 'macro'");
  Opts.DynamicSharedMacro = DynShared == "macro";
  for (auto &C : Configs) {
    SmallVector<StringRef, 8> Parts;
    StringRef(C).split(Parts, ' ', -1, false);
    std::vector<std::string> V;
    for (auto P : Parts)
      V.push_back(P.str());
    Opts.ExtraConfigs.push_back(V);
  }
  if (Wave == WaveMode::Keep)
    WithColor::warning(errs(), "cu2hip")
        << "--wave=keep: warp-32 code is only correct on wave32 targets "
           "(RDNA, gfx10+); on CDNA (wave64) shuffles, ballots and votes span "
           "two CUDA warps\n";
  Opts.Semantic = !NoSemantic;
  if (Opts.Semantic) {
    Opts.CudaPath = findCudaPath(CudaPath);
    if (Opts.CudaPath.empty())
      return Err(Twine("no CUDA headers found") +
                 (CudaPath.empty() ? " in $CUDA_PATH or /usr/local/cuda"
                                   : " under --cuda-path=" + CudaPath) +
                 ": pass --cuda-path=<CUDA SDK dir> (the one holding "
                 "include/cuda_runtime.h), or --no-semantic to port with token "
                 "rules only");
  }

  // Compilation database.
  std::unique_ptr<clang::tooling::CompilationDatabase> Db;
  if (!BuildPath.empty()) {
    std::string ErrMsg;
    Db = clang::tooling::CompilationDatabase::autoDetectFromDirectory(BuildPath, ErrMsg);
    if (!Db)
      return Err("cannot load compile_commands.json from " + BuildPath + ": " + ErrMsg);
  }

  // Files and outputs.
  std::vector<FileJob> Jobs;
  if (!InRoot.empty()) {
    if (!Inputs.empty())
      return Err("give either --in-root or input files, not both");
    if (OutRoot.empty() && !InPlace && !DryRun && !Diff)
      return Err("--in-root needs --out-root, --inplace, --dry-run or --diff");
    std::string In = absolute(InRoot), Out = OutRoot.empty() ? "" : absolute(OutRoot);
    if (!sys::fs::is_directory(In))
      return Err("--in-root " + InRoot + " is not a directory");
    if (!Out.empty() && Out == In)
      return Err("--out-root must differ from --in-root (use --inplace to rewrite the tree)");
    if (!Out.empty()) {
      // Also through symbolic links: an out-root that is the in-root would
      // overwrite the inputs.
      SmallString<256> RIn, ROut;
      if (!sys::fs::real_path(In, RIn) && !sys::fs::real_path(Out, ROut) &&
          (RIn == ROut || isUnder(RIn, ROut)))
        return Err("--out-root " + OutRoot + " is (or contains) the in-root " + InRoot +
                   " (through a symbolic link); use --inplace to rewrite the tree");
    }
    std::error_code EC;
    std::vector<std::string> Found;
    // Symbolic links to directories are not followed (no loops, no trees
    // ported twice); links to files are ported as files.
    for (sys::fs::recursive_directory_iterator It(In, EC, /*follow_symlinks=*/false), End;
         It != End && !EC; It.increment(EC)) {
      std::string P = It->path();
      if (!Out.empty() && isUnder(P, Out)) {
        It.no_push();
        continue;
      }
      StringRef Name = sys::path::filename(P);
      sys::fs::file_type Type = It->type();
      if (Type == sys::fs::file_type::symlink_file) {
        sys::fs::file_status St;
        if (sys::fs::status(P, St, /*follow=*/true)) {
          errs() << P << ": warning: dangling symbolic link, skipped\n";
          continue;
        }
        if (St.type() == sys::fs::file_type::directory_file) {
          errs() << P << ": warning: symbolic link to a directory, not followed\n";
          continue;
        }
        Type = St.type();
      }
      if (Name.startswith(".") && Type == sys::fs::file_type::directory_file) {
        It.no_push();
        continue;
      }
      if (Type == sys::fs::file_type::regular_file)
        Found.push_back(P);
    }
    if (EC)
      return Err("cannot walk " + InRoot + ": " + EC.message());
    std::sort(Found.begin(), Found.end());
    for (auto &P : Found) {
      StringRef Ext = sys::path::extension(P);
      std::string Rel = P.substr(In.size() + 1);
      std::string Dest = InPlace ? P : (Out.empty() ? "" : Out + "/" + Rel);
      if (!isSourceExt(Ext) && !isHeaderExt(Ext)) {
        // Other files are copied so the tree stays buildable.
        if (!Dest.empty() && !InPlace && !DryRun && !Diff) {
          sys::fs::create_directories(sys::path::parent_path(Dest));
          if (std::error_code CE = sys::fs::copy_file(P, Dest))
            errs() << P << ": error: cannot copy: " << CE.message() << "\n";
        }
        continue;
      }
      FileJob J;
      J.Input = P;
      J.Output = Dest;
      J.IsTU = isSourceExt(Ext);
      Jobs.push_back(J);
    }
  } else {
    if (Inputs.empty())
      return Err("no input files (give files, or --in-root DIR --out-root DIR)");
    if (!OutFile.empty() && Inputs.size() != 1)
      return Err("-o takes exactly one input file");
    if (!OutFile.empty() && (InPlace || !OutRoot.empty()))
      return Err("-o cannot be combined with --inplace or --out-root");
    if (Inputs.size() > 1 && OutRoot.empty() && !InPlace && !DryRun && !Diff)
      return Err("several inputs need --out-root, --inplace, --dry-run or --diff");
    std::string Out = OutRoot.empty() ? "" : absolute(OutRoot);
    for (auto &I : Inputs) {
      if (!sys::fs::exists(I))
        return Err("no such file: " + I);
      FileJob J;
      J.Input = absolute(I);
      StringRef Ext = sys::path::extension(I);
      J.IsTU = !isHeaderExt(Ext);
      if (InPlace)
        J.Output = J.Input;
      else if (!OutFile.empty())
        J.Output = OutFile == "-" ? "-" : absolute(OutFile);
      else if (!Out.empty())
        J.Output = Out + "/" + std::string(sys::path::filename(I));
      else if (!DryRun && !Diff)
        J.Output = "-";
      Jobs.push_back(J);
    }
  }
  for (auto &J : Jobs) {
    if (Db && J.IsTU) {
      auto Cmds = Db->getCompileCommands(J.Input);
      if (!Cmds.empty()) {
        J.Flags = filterCompileFlags(Cmds.front().CommandLine);
        J.WorkDir = Cmds.front().Directory;
      }
    }
    if (J.WorkDir.empty())
      J.WorkDir = std::string(sys::path::parent_path(J.Input));
  }

  Porter P(Opts, Maps);
  std::vector<FileResult> Results = P.run(Jobs, NumJobs);

  // Diagnostics, outputs.
  unsigned Failed = 0, Written = 0, Lines = 0, TUs = 0;
  std::map<std::string, unsigned> PerRule, PerLib, PerEdit;
  std::vector<const Finding *> Unsupported;
  for (size_t I = 0; I < Results.size(); ++I) {
    FileResult &R = Results[I];
    Lines += R.Lines;
    TUs += Jobs[I].IsTU;
    for (const Finding &F : R.Findings) {
      ++PerRule[F.RuleId];
      if (F.RuleId == "names-unsupported" || F.RuleId == "includes-unsupported")
        Unsupported.push_back(&F);
      bool Chatty = F.RuleId == "names-user-macro" || F.RuleId == "parse-semantic";
      if (F.Sev == Severity::Error || (!Quiet && F.Sev == Severity::Warning) ||
          (!Quiet && F.Sev == Severity::Note && (!Chatty || Verbose)))
        F.print(errs());
    }
    for (auto &KV : R.Stats.RenamesPerLib)
      PerLib[KV.getKey().str()] += KV.getValue();
    for (auto &KV : R.Stats.EditsPerRule)
      if (KV.getKey() != "names")
        PerEdit[KV.getKey().str()] += KV.getValue();
    if (R.Failed)
      ++Failed;
    if (R.Original.empty() && R.Failed)
      continue;
    if (Diff) {
      outs() << unifiedDiff(R, R.Input, R.Output.empty() || R.Output == "-" ? R.Input : R.Output);
      continue;
    }
    if (DryRun || R.Output.empty())
      continue;
    if (R.Output == "-") {
      outs() << R.Ported;
      continue;
    }
    if (InPlace) {
      if (R.Ported == R.Original)
        continue;
      // FILE.orig, or FILE.orig.N when FILE.orig already exists (never
      // overwrite a backup, never lose the current content).
      std::string Backup = R.Input + ".orig";
      for (unsigned N = 1; sys::fs::exists(Backup); ++N)
        Backup = R.Input + ".orig." + std::to_string(N);
      if (Backup != R.Input + ".orig")
        errs() << R.Input << ": note: " << R.Input << ".orig exists; backup written to "
               << Backup << "\n";
      if (std::error_code EC = sys::fs::copy_file(R.Input, Backup)) {
        errs() << R.Input << ": error: cannot write backup " << Backup << ": "
               << EC.message() << "; file left unchanged\n";
        ++Failed;
        continue;
      }
    }
    if (Error E = writeFileAtomically(R.Output, R.Ported)) {
      errs() << R.Output << ": error: " << toString(std::move(E)) << "\n";
      ++Failed;
      continue;
    }
    ++Written;
  }
  double Secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();

  if (!NoSummary) {
    auto &OS = errs();
    OS << "cu2hip: " << Results.size() << " files (" << TUs << " translation units), "
       << Lines << " lines, " << Written << " written, " << Failed << " failed, "
       << format("%.2f", Secs) << " s\n";
    if (!PerLib.empty()) {
      OS << "  names converted:";
      for (auto &KV : PerLib)
        OS << " " << KV.first << "=" << KV.second;
      OS << "\n";
    }
    if (!PerEdit.empty()) {
      OS << "  edits by rule:";
      for (auto &KV : PerEdit)
        OS << " " << KV.first << "=" << KV.second;
      OS << "\n";
    }
    if (!PerRule.empty()) {
      OS << "  findings:";
      for (auto &KV : PerRule)
        OS << " " << KV.first << "=" << KV.second;
      OS << "\n";
    }
    if (!Unsupported.empty()) {
      OS << "  unsupported:\n";
      for (const Finding *F : Unsupported)
        OS << "    " << F->File << ":" << F->Line << ":" << F->Col << ": " << F->Message
           << "\n";
    }
  }
  if (!ReportFile.empty()) {
    json::Array Files;
    for (auto &R : Results) {
      json::Array Fs;
      for (auto &F : R.Findings)
        Fs.push_back(json::Object{{"rule", F.RuleId},
                                  {"severity", severityName(F.Sev)},
                                  {"file", F.File},
                                  {"line", F.Line},
                                  {"col", F.Col},
                                  {"message", F.Message},
                                  {"fix", F.Fix}});
      json::Object Renames;
      for (auto &KV : R.Stats.RenamesPerLib)
        Renames[KV.getKey()] = KV.getValue();
      json::Object Edits;
      for (auto &KV : R.Stats.EditsPerRule)
        Edits[KV.getKey()] = KV.getValue();
      Files.push_back(json::Object{{"input", R.Input},
                                   {"output", R.Output},
                                   {"lines", R.Lines},
                                   {"failed", R.Failed},
                                   {"parsed", R.SemanticRan},
                                   {"renames", std::move(Renames)},
                                   {"edits", std::move(Edits)},
                                   {"findings", std::move(Fs)}});
    }
    json::Object Root{{"files", std::move(Files)}, {"seconds", Secs}, {"failed", Failed}};
    std::string S;
    raw_string_ostream OS(S);
    OS << formatv("{0:2}", json::Value(std::move(Root))) << "\n";
    if (Error E = writeFileAtomically(ReportPath, OS.str()))
      return Err(toString(std::move(E)));
  }
  return Failed ? 1 : 0;
}
