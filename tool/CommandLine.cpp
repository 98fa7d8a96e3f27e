//===- CommandLine.cpp - the cu2hip command line --------------------------===//
//
//   cu2hip kernel.cu -o kernel.hip
//   cu2hip --in-root src --out-root hip-src [-p build] [-j N] [-- clang args]
//   cu2hip doctor [--rocm-root DIR] [--json]     (Doctor.cpp)
//   cu2hip check --out-root DIR [options]         (Check.cpp)
//   cu2hip compare A B [--noise A2]               (parity/KrecCompare.h)
//   cu2hip --in-root src --export-edits DIR [--unit FILE]...; cu2hip apply DIR ...
//
// The options (llvm::cl), parsed once into RunOptions; then the subcommand
// the command line chose, or a port run (Driver.h). main() (main.cpp) only
// calls cu2hipMain, as clang-tidy's ClangTidyToolMain calls clangTidyMain.
//
// Adding a subcommand: a cl::SubCommand with its options and a
// `bool xChosen()` / `int runX(const RunOptions &)` pair in its own file
// (as Doctor.cpp, Check.cpp), and one row in Subcommands below. A subcommand
// that takes a positional word before the options (as `apply DIR`) goes in
// takeLeadingSubcommand; one with a command line of its own, parsed before
// ours (as `compare`), in OwnParseSubcommands.
//===----------------------------------------------------------------------===//
#include "Check.h"
#include "ClangArgs.h"
#include "CommandLine.h"
#include "Doctor.h"
#include "Driver.h"
#include "KrecCompare.h"
#include "OutputWriter.h"
#include "RunSetup.h"
#include "cu2hip/Rule.h"
#include "cu2hip/Signals.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace cu2hip {
namespace {

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
static cl::opt<unsigned> NumJobs("j",
                                 cl::desc("Translation units ported in parallel (-j N or -jN; "
                                          "capped at the translation units and the cores; "
                                          "0 = one per core)"),
                                 cl::init(1), cl::Prefix, cl::cat(Cat));
static cl::opt<std::string> OffloadArch(
    "offload-arch",
    cl::desc("AMD GPU targets written into ported build files, ';'- or ','-separated "
             "(default gfx942;gfx90a;gfx1100)"),
    cl::value_desc("gfx list"), cl::init("gfx942;gfx90a;gfx1100"), cl::cat(Cat));
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
static cl::opt<TextureMode> Texture(
    "texture", cl::desc("Texture objects and fetches (tex2D, tex1Dfetch, ...)"),
    cl::values(clEnumValN(TextureMode::Image, "image",
                          "HIP's texture objects: image instructions, RDNA (gfx10+) only; a "
                          "texture-target warning at each fetch (default)"),
               clEnumValN(TextureMode::Software, "software",
                          "cu2hip/texture.h: CUDA's sampler in code over the backing memory "
                          "(every target, CDNA included)")),
    cl::init(TextureMode::Image), cl::cat(Cat));
static cl::opt<bool> AllocHooks("alloc-hooks",
                                cl::desc("Route cudaMalloc/cudaFree/... through cu2hip's "
                                         "allocator hooks (<cu2hip/alloc.h>)"),
                                cl::cat(Cat));
static cl::opt<bool> Instrument("instrument",
                                cl::desc("Record every kernel launch (<cu2hip/krec.h>) in the "
                                         "port and in an instrumented CUDA copy"),
                                cl::cat(Cat));
static cl::opt<std::string> InstrumentOut("instrument-out",
                                          cl::desc("Where --instrument writes the CUDA copy "
                                                   "(default: <out-root>-cuda)"),
                                          cl::value_desc("dir"), cl::cat(Cat));
static cl::opt<bool> Vectorize("vectorize",
                               cl::desc("Rewrite provable elementwise kernels to 128-bit "
                                        "loads/stores; alignment checks at vector casts"),
                               cl::cat(Cat));
static cl::opt<bool> Atomic16Coarse(
    "atomic16-coarse",
    cl::desc("atomicAdd on __half/__half2/bf16 uses AMD's packed 16-bit atomic add where the "
             "gfx target has it (cu2hip::atomic_add_coarse); only for coarse-grained memory "
             "(hipMalloc), wrong on fine-grained or host memory"),
    cl::cat(Cat));
static cl::opt<std::string> DynShared("dynamic-shared",
                                      cl::desc("keep | macro (HIP_DYNAMIC_SHARED, for the CPU emulator)"),
                                      cl::init("keep"), cl::cat(Cat));
static cl::opt<std::string> CudaPath("cuda-path", cl::desc("CUDA SDK used to parse the input"),
                                     cl::value_desc("dir"), cl::cat(Cat));
static cl::opt<HeadersChoice> CudaHeaders(
    "cuda-headers", cl::desc("CUDA headers the parses read"),
    cl::values(clEnumValN(HeadersChoice::Auto, "auto",
                          "the bundled declaration-only headers, and a parse they may not "
                          "stand for again with the installed SDK when it is of their CUDA "
                          "version; else the SDK, or the bundled headers without one (default)"),
               clEnumValN(HeadersChoice::Bundled, "bundled",
                          "the bundled declaration-only headers only"),
               clEnumValN(HeadersChoice::Sdk, "sdk", "the CUDA SDK's headers only")),
    cl::init(HeadersChoice::Auto), cl::cat(Cat));
static cl::opt<bool> NoSemantic("no-semantic",
                                cl::desc("Token rules only: no CUDA SDK needed, no parse"),
                                cl::cat(Cat));
static cl::opt<bool> NoPch("no-pch",
                           cl::desc("Parse the SDK headers in every translation unit instead "
                                    "of sharing a precompiled prelude among them"),
                           cl::cat(Cat));
// Keeps in the shared preludes the headers Clang's CUDA wrapper already
// included (CompileSetup.cpp, "Headers the base already included"), to
// compare: the output is the same.
static cl::opt<bool> KeepBaseIncludes("keep-base-includes",
                                      cl::desc("Keep headers the CUDA wrapper already included "
                                               "in the shared preludes"),
                                      cl::Hidden, cl::cat(Cat));
// Parses every --config set even where the host parse proves it equal
// (to check that proof; tests compare the two).
static cl::opt<bool> ParseEqualConfigs("parse-equal-configs",
                                       cl::desc("Parse --config sets equal to the host's too"),
                                       cl::Hidden, cl::cat(Cat));
// The SDK's function bodies are skipped unless a rule needs one
// (rewriters/include/cu2hip/SdkBodies.h); this parses them all, to compare.
static cl::opt<bool> ParseSdkBodies("parse-sdk-bodies",
                                    cl::desc("Parse the bodies of the SDK's functions in every "
                                             "parse (slower; by default they are skipped unless "
                                             "a rule needs one)"),
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
static cl::opt<std::string> ReportFile("report", cl::desc("Write a JSON report (SARIF 2.1.0 when FILE ends in .sarif)"),
                                       cl::value_desc("file"), cl::cat(Cat));
static cl::opt<std::string> MaxFileSize("max-file-size",
                                        cl::desc("Largest source or header ported, in bytes, "
                                                 "or with a K, M or G suffix (default 64M)"),
                                        cl::value_desc("size"), cl::init("64M"), cl::cat(Cat));
static cl::list<std::string> Excludes("exclude",
                                      cl::desc("Leave out the --in-root paths (relative to it) "
                                               "matching GLOB; a directory matched is left out "
                                               "whole (repeatable)"),
                                      cl::value_desc("glob"), cl::cat(Cat));
static cl::opt<bool> Quiet("quiet", cl::desc("Only errors and the summary"), cl::cat(Cat));
static cl::opt<bool> Verbose("verbose",
                             cl::desc("Also print Clang's type-check notes (parse-semantic)"),
                             cl::cat(Cat));
static cl::opt<bool> NoSummary("no-summary", cl::desc("Do not print the closing summary"),
                               cl::cat(Cat));
static cl::opt<bool> ListRules("list-rules", cl::desc("List rule ids and exit"), cl::cat(Cat));
static cl::opt<bool> NoIncremental(
    "no-incremental",
    cl::desc("Port every file of the tree even when the out-root's manifest shows it "
             "unchanged since the last run"),
    cl::cat(Cat));
static cl::opt<std::string> ExportEdits(
    "export-edits",
    cl::desc("Parse each translation unit on its own and write its edits and findings as "
             "YAML into DIR (one file per unit) instead of writing outputs; `cu2hip apply "
             "DIR` merges them"),
    cl::value_desc("dir"), cl::cat(Cat));
static cl::list<std::string> ExportUnits(
    "unit", cl::desc("With --export-edits: export only this translation unit (repeatable)"),
    cl::value_desc("file"), cl::cat(Cat));
static cl::opt<bool> PrintIncludeDir("print-include-dir",
                                     cl::desc("Print the directory holding <cu2hip/wave.h> and exit"),
                                     cl::cat(Cat));

/// The options of a port run, as the command line gave them.
RunOptions runOptions(const char *Argv0, std::string ApplyDir,
                      std::vector<std::string> ClangArgs) {
  RunOptions O;
  O.Argv0 = Argv0;
  O.Inputs.assign(Inputs.begin(), Inputs.end());
  O.OutFile = OutFile;
  O.InRoot = InRoot;
  O.OutRoot = OutRoot;
  O.BuildPath = BuildPath;
  O.NumJobs = NumJobs;
  O.OffloadArch = OffloadArch;
  O.InPlace = InPlace;
  O.DryRun = DryRun;
  O.Diff = Diff;
  O.Launch = Launch;
  O.Wave = Wave;
  O.Texture = Texture;
  O.AllocHooks = AllocHooks;
  O.Instrument = Instrument;
  O.InstrumentOut = InstrumentOut;
  O.Vectorize = Vectorize;
  O.Atomic16Coarse = Atomic16Coarse;
  O.Annotate = Annotate;
  O.DynShared = DynShared;
  O.CudaPath = CudaPath;
  O.CudaHeaders = CudaHeaders;
  O.NoSemantic = NoSemantic;
  O.NoPch = NoPch;
  O.KeepBaseIncludes = KeepBaseIncludes;
  O.ParseEqualConfigs = ParseEqualConfigs;
  O.ParseSdkBodies = ParseSdkBodies;
  O.Configs.assign(Configs.begin(), Configs.end());
  O.RuleFiles.assign(RuleFiles.begin(), RuleFiles.end());
  O.MapsDir = MapsDir;
  O.ReportFile = ReportFile;
  O.MaxFileSize = MaxFileSize;
  O.Excludes.assign(Excludes.begin(), Excludes.end());
  O.Quiet = Quiet;
  O.Verbose = Verbose;
  O.NoSummary = NoSummary;
  O.NoIncremental = NoIncremental;
  O.ExportEdits = ExportEdits;
  O.ExportUnits.assign(ExportUnits.begin(), ExportUnits.end());
  O.ApplyDir = std::move(ApplyDir);
  O.ClangArgs = std::move(ClangArgs);
  return O;
}

/// Flushes stdout at exit: an error there is said and fails the run, and
/// never ends in LLVM's fatal "IO failure on output stream".
int closeStdout(int Status) {
  if (Error E = writeToStdout(""))
    errs() << "cu2hip: error: " << toString(std::move(E)) << "\n";
  else
    return Status;
  return Status ? Status : 1;
}

int runDoctorCommand(const RunOptions &O) {
  return runDoctor({versionLine(), runtimeIncludeDir(O.Argv0), clangResourceDir().str(),
                    OffloadArch.getDefault().getValue(), bundledCudaDeclsDir(O.Argv0)},
                   outs());
}

int runCheckCommand(const RunOptions &O) {
  return runCheck({"cu2hip " CU2HIP_VERSION, runtimeIncludeDir(O.Argv0), O.ClangArgs}, outs());
}

int printIncludeDir(const RunOptions &O) {
  outs() << runtimeIncludeDir(O.Argv0) << "\n";
  return 0;
}

int listRules(const RunOptions &) {
  for (const RuleIdInfo &R : ruleCatalogue())
    outs() << format("%-22s %-8s %s\n", R.Id, idKindName(R.Kind).str().c_str(), R.Summary);
  return 0;
}

bool printIncludeDirChosen() { return PrintIncludeDir; }
bool listRulesChosen() { return ListRules; }

/// What the command line may ask for besides a port run, checked in order
/// after the options are parsed; the first chosen one runs.
struct Subcommand {
  bool (*Chosen)();
  int (*Run)(const RunOptions &);
};
const Subcommand Subcommands[] = {
    {doctorChosen, runDoctorCommand},
    {checkChosen, runCheckCommand},
    {printIncludeDirChosen, printIncludeDir},
    {listRulesChosen, listRules},
};

/// A subcommand that parses its own command line (argv from its name on),
/// chosen by the first word; it runs before our options are parsed.
struct OwnParseSubcommand {
  const char *Name;
  int (*Run)(int Argc, const char **Argv, raw_ostream &OS);
};
const OwnParseSubcommand OwnParseSubcommands[] = {
    {"compare", runKrecCompare}, // per-kernel traces (docs/parity.md)
};

/// `cu2hip apply DIR [options]`: takes `apply DIR` off `Args` and returns
/// DIR ("" when the command line is no apply); a usage error when DIR is
/// missing.
Expected<std::string> takeLeadingSubcommand(std::vector<const char *> &Args) {
  if (Args.size() < 2 || StringRef(Args[1]) != "apply")
    return "";
  if (Args.size() < 3 || StringRef(Args[2]).startswith("-"))
    return createStringError(inconvertibleErrorCode(), "usage: cu2hip apply DIR [options]");
  std::string Dir = Args[2];
  Args.erase(Args.begin() + 1, Args.begin() + 3);
  return Dir;
}

} // namespace

int cu2hipMain(int argc, const char **argv) {
  InitLLVM X(argc, argv);
  keepIgnoredInterruptsIgnored();
  treatQuitAsInterrupt();
  std::vector<const char *> Args(argv, argv + argc);
  for (const OwnParseSubcommand &C : OwnParseSubcommands)
    if (Args.size() > 1 && StringRef(Args[1]) == C.Name)
      return closeStdout(C.Run(int(Args.size()) - 1, Args.data() + 1, outs()));
  Expected<std::string> ApplyDir = takeLeadingSubcommand(Args);
  if (!ApplyDir) {
    WithColor::error(errs(), "cu2hip") << toString(ApplyDir.takeError()) << "\n";
    return 2;
  }
  std::vector<const char *> Own;
  std::vector<std::string> ClangArgs;
  splitCommandLine(int(Args.size()), Args.data(), Own, ClangArgs);
  cl::HideUnrelatedOptions(Cat);
  cl::SetVersionPrinter([](raw_ostream &OS) { OS << versionLine() << "\n"; });
  cl::ParseCommandLineOptions(Own.size(), Own.data(),
                              "cu2hip: port CUDA C++ to HIP, wave64-correct\n");
  RunOptions O = runOptions(argv[0], std::move(*ApplyDir), std::move(ClangArgs));
  for (const Subcommand &C : Subcommands)
    if (C.Chosen())
      return closeStdout(C.Run(O));
  Expected<int> Status = runPort(O);
  if (!Status) {
    WithColor::error(errs(), "cu2hip") << toString(Status.takeError()) << "\n";
    return closeStdout(2);
  }
  return closeStdout(*Status);
}

} // namespace cu2hip
