//===- main.cpp - the cu2hip command line ---------------------------------===//
//
//   cu2hip kernel.cu -o kernel.hip
//   cu2hip --in-root src --out-root hip-src [-p build] [-j N] [-- clang args]
//   cu2hip doctor [--rocm-root DIR] [--json]     (Doctor.cpp)
//   cu2hip check --out-root DIR [options]         (Check.cpp)
//   cu2hip --in-root src --export-edits DIR [--unit FILE]...; cu2hip apply DIR ...
//
// A thin driver over libcu2hip (rewriters/): the options, then
//   Inputs.cpp       which files are ported, copied or refused (tree walk),
//   OutputWriter.cpp safe writes: identity checks, temporaries, backups,
//   Summary.cpp      diagnostics, the closing summary, the JSON report,
//   Manifest.cpp     the out-root's manifest: what a re-run keeps,
//   EditExport.cpp   per-unit edit exports and `apply`,
//   ClangArgs.cpp    the arguments after `--`.
//===----------------------------------------------------------------------===//
#include "ClangArgs.h"
#include "Check.h"
#include "Doctor.h"
#include "EditExport.h"
#include "Inputs.h"
#include "Manifest.h"
#include "OutputWriter.h"
#include "Instrument.h"
#include "KrecCompare.h"
#include "Progress.h"
#include "RuntimeBundle.h"
#include "Sarif.h"
#include "Summary.h"
#include "cu2hip/BundledHeaders.h"
#include "cu2hip/BuildPort.h"
#include "cu2hip/MapTable.h"
#include "cu2hip/Porter.h"
#include "cu2hip/SemanticPass.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "cu2hip/Signals.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <optional>
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
static cl::opt<std::string> DynShared("dynamic-shared",
                                      cl::desc("keep | macro (HIP_DYNAMIC_SHARED, for the CPU emulator)"),
                                      cl::init("keep"), cl::cat(Cat));
static cl::opt<std::string> CudaPath("cuda-path", cl::desc("CUDA SDK used to parse the input"),
                                     cl::value_desc("dir"), cl::cat(Cat));
/// Which CUDA headers the parses read (docs/sdk-free.md, BundledHeaders.h).
enum class HeadersChoice { Auto, Bundled, Sdk };
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

/// The directory holding <cu2hip/wave.h> etc. (--print-include-dir).
static std::string Argv0;
static std::string runtimeIncludeDir() {
  return findDataDir(Argv0.c_str(), "include/cu2hip-runtime",
                     CU2HIP_SOURCE_DIR "/runtime/include");
}

/// A usage or setup error: printed, exit status 2.
static Error usage(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

static void warn(const Twine &Msg) { WithColor::warning(errs(), "cu2hip") << Msg << "\n"; }

/// --max-file-size: bytes, or with a K, M or G suffix (powers of 1024).
static Expected<uint64_t> parseSize(StringRef S) {
  uint64_t Scale = 1;
  if (!S.empty() && StringRef("KMG").contains(toUpper(S.back()))) {
    Scale = uint64_t(1) << (10 * (StringRef("KMG").find(toUpper(S.back())) + 1));
    S = S.drop_back();
  }
  uint64_t N;
  if (S.getAsInteger(10, N) || N > UINT64_MAX / Scale)
    return usage("--max-file-size=" + MaxFileSize + ": expected bytes, or a number with K, M "
                 "or G");
  return N * Scale;
}

/// The built-in maps, then the --rules files (their doubts as warnings).
static Error loadMaps(const char *Argv0, MapTable &Maps) {
  std::string Dir = MapsDir.empty() ? findDataDir(Argv0, "share/cu2hip/maps",
                                                  CU2HIP_SOURCE_DIR "/rewriters/maps")
                                    : std::string(MapsDir);
  if (Dir.empty())
    return usage("cannot find the mapping tables; pass --maps-dir");
  if (Error E = Maps.loadDirectory(Dir))
    return E;
  for (const std::string &F : RuleFiles) {
    // A FIFO or device here would block or never end.
    if (sys::fs::exists(F))
      if (std::string Why = whyNotPortable(F, uint64_t(64) << 20); !Why.empty())
        return usage("--rules " + F + ": " + Why);
    if (Error E = Maps.loadFile(F, /*AllowOverride=*/true))
      return E;
  }
  for (const MapWarning &W : Maps.warnings())
    WithColor::warning(errs(), W.Loc) << W.Message << "\n";
  return Error::success();
}

/// --config values: each a list of flags, checked like the ones after `--`.
static std::vector<std::vector<std::string>> parseConfigs() {
  std::vector<std::vector<std::string>> Out;
  for (const std::string &C : Configs) {
    SmallVector<StringRef, 8> Parts;
    StringRef(C).split(Parts, ' ', -1, /*KeepEmpty=*/false);
    std::vector<std::string> V(Parts.begin(), Parts.end());
    if (V.empty())
      warn("--config=\"" + C + "\" holds no flags: it parses the default configuration again");
    for (const std::string &M : checkClangArgs(V, "in --config=\"" + C + "\""))
      warn(M);
    Out.push_back(std::move(V));
  }
  return Out;
}

/// Says that the parse uses the bundled CUDA declarations in `DeclsDir`: a
/// note when no SDK was found where one is looked for by default, a warning
/// naming the path and what it lacks when --cuda-path chose one that cannot
/// be used (an explicit choice that is not honoured).
static void sayCudaFallback(StringRef DeclsDir) {
  std::string Then =
      "parsing with the bundled declaration-only CUDA headers (" + DeclsDir.str() + ")";
  if (CudaPath.empty())
    WithColor::note(errs(), "cu2hip")
        << "no CUDA SDK in $CUDA_PATH or /usr/local/cuda: " << Then << "\n";
  else
    warn("--cuda-path=" + CudaPath + " is no CUDA SDK: " + whyNotCudaSdk(CudaPath) + "; " +
         Then);
}

/// Sets Options::CudaPath (and Options::Fallback) as --cuda-headers says:
/// the SDK found (--cuda-path, $CUDA_PATH, /usr/local/cuda) or the bundled
/// declaration-only headers; with `auto`, the bundled ones first where the
/// SDK has their CUDA version (BundledHeaders.h).
static Error chooseCudaHeaders(Options &Opts) {
  std::string Sdk = findCudaPath(CudaPath);
  std::string Bundled = findDataDir(Argv0.c_str(), "share/cu2hip/cuda-decls",
                                    CU2HIP_SOURCE_DIR "/rewriters/cuda-decls");
  if (CudaHeaders == HeadersChoice::Sdk && Sdk.empty())
    return usage(Twine("--cuda-headers=sdk: no CUDA SDK ") +
                 (CudaPath.empty() ? "in $CUDA_PATH or /usr/local/cuda"
                                   : "at --cuda-path=" + CudaPath + ": " +
                                         whyNotCudaSdk(CudaPath)));
  if (CudaHeaders != HeadersChoice::Bundled && !Sdk.empty()) {
    Opts.CudaPath = Sdk;
    if (CudaHeaders == HeadersChoice::Sdk || Bundled.empty() ||
        cudaHeadersVersion(Sdk) != cudaHeadersVersion(Bundled))
      return Error::success();
    auto F = SdkFallback::load(Bundled, Sdk);
    if (!F) {
      // Incomplete bundled data: the SDK alone.
      warn(toString(F.takeError()) + "; parsing with the CUDA SDK at " + Sdk);
      return Error::success();
    }
    Opts.CudaPath = Bundled;
    Opts.Fallback = std::move(*F);
    return Error::success();
  }
  // No SDK: the declaration-only CUDA headers generated from the maps
  // (docs/sdk-free.md) stand in for it.
  if (Bundled.empty())
    return usage(Twine("no CUDA headers found") +
                 (CudaPath.empty() ? " in $CUDA_PATH or /usr/local/cuda"
                                   : " under --cuda-path=" + CudaPath) +
                 " and no bundled CUDA declarations: pass --cuda-path=<CUDA SDK dir> (the "
                 "one holding include/cuda_runtime.h and bin/), or --no-semantic to port with "
                 "token rules only");
  Opts.CudaPath = Bundled;
  if (CudaHeaders != HeadersChoice::Bundled)
    sayCudaFallback(Opts.CudaPath);
  return Error::success();
}

/// The porter's options from the command line.
static Expected<Options> porterOptions(const std::vector<std::string> &ClangArgs) {
  Options Opts;
  Opts.Launch = Launch;
  Opts.Wave = Wave;
  Opts.Annotate = Annotate;
  Opts.AllocHooks = AllocHooks;
  setInstrumentLaunches(Instrument);
  Opts.Vectorize = Vectorize;
  Opts.ExtraArgs = ClangArgs;
  Opts.ResourceDir = CU2HIP_CLANG_RESOURCE_DIR;
  if (DynShared != "keep" && DynShared != "macro")
    return usage("--dynamic-shared must be 'keep' or 'macro'");
  Opts.DynamicSharedMacro = DynShared == "macro";
  for (const std::string &M : checkClangArgs(Opts.ExtraArgs, "after --"))
    warn(M);
  Opts.ExtraConfigs = parseConfigs();
  if (Wave == WaveMode::Keep)
    warn("--wave=keep: warp-32 code is only correct on wave32 targets (RDNA, gfx10+); on "
         "CDNA (wave64) shuffles, ballots and votes span two CUDA warps");
  Opts.Semantic = !NoSemantic;
  Opts.SharedPrelude = !NoPch;
  Opts.SkipEqualConfigs = !ParseEqualConfigs;
  Opts.SkipSdkBodies = !ParseSdkBodies;
  Opts.DropBaseIncludes = !KeepBaseIncludes;
  if (!Opts.Semantic)
    return Opts;
  if (Error E = chooseCudaHeaders(Opts))
    return std::move(E);
  return Opts;
}

/// Flags and working directory of each translation unit (-p).
static Error attachCompileCommands(std::vector<FileJob> &Jobs) {
  std::unique_ptr<clang::tooling::CompilationDatabase> Db;
  if (!BuildPath.empty()) {
    // Clang reads the database itself: a FIFO or /dev/zero there is refused
    // first (FileIO.h), not read without end.
    SmallString<256> Json(BuildPath);
    sys::path::append(Json, "compile_commands.json");
    if (sys::fs::exists(Json))
      if (Error E = checkReadable(Json))
        return usage("-p: " + toString(std::move(E)));
    std::string ErrMsg;
    Db = clang::tooling::CompilationDatabase::autoDetectFromDirectory(BuildPath, ErrMsg);
    if (!Db)
      return usage("cannot load compile_commands.json from " + BuildPath + ": " + ErrMsg);
  }
  for (FileJob &J : Jobs) {
    J.HostOnly = J.IsTU && isHostOnlySource(J.Input, {});
    if (Db && J.IsTU) {
      auto Cmds = Db->getCompileCommands(J.Input);
      if (!Cmds.empty()) {
        J.Flags = filterCompileFlags(Cmds.front().CommandLine);
        J.WorkDir = Cmds.front().Directory;
        J.HostOnly = isHostOnlySource(J.Input, Cmds.front().CommandLine);
      }
    }
    if (J.WorkDir.empty())
      J.WorkDir = std::string(sys::path::parent_path(J.Input));
  }
  return Error::success();
}

/// FIFOs and device files named like sources in the tree would block the
/// parse of any file that includes one (clang opens includes itself, and
/// LibTooling ignores -ivfsoverlay): such a run uses the token rules only.
static void avoidBlockingParse(const InputPlan &Plan, Options &Opts) {
  if (Plan.SpecialFiles.empty() || !Opts.Semantic)
    return;
  warn(Plan.SpecialFiles.front() + (Plan.SpecialFiles.size() > 1 ? " (and others)" : "") +
       " is not a regular file: a parse including it would block, so this run ports with "
       "the token rules only (as --no-semantic); remove it to get the semantic passes");
  Opts.Semantic = false;
}

/// -j: the requested workers, at most one per translation unit and core.
static unsigned workersFor(const std::vector<FileJob> &Jobs) {
  unsigned TUs = 0;
  for (const FileJob &J : Jobs)
    TUs += J.IsTU;
  unsigned Cores = std::max(1u, llvm::hardware_concurrency().compute_thread_count());
  unsigned Want = NumJobs == 0 ? Cores : unsigned(NumJobs);
  return std::max(1u, std::min({Want, Cores, std::max(1u, TUs)}));
}

static InputOptions inputOptions(uint64_t MaxSize) {
  InputOptions O;
  O.Files.assign(Inputs.begin(), Inputs.end());
  O.InRoot = InRoot;
  O.OutRoot = OutRoot;
  O.OutFile = OutFile;
  O.InPlace = InPlace;
  O.DryRun = DryRun || !ExportEdits.empty();
  O.Diff = Diff;
  O.MaxFileSize = MaxSize;
  return O;
}

/// Writes (or prints) one result as the mode asks; false on an I/O error,
/// which is printed naming the file.
static bool emitResult(const FileResult &R, RunTally &T) {
  auto Fail = [&](Error E) {
    errs() << (R.Output.empty() || R.Output == "-" ? R.Input : R.Output) << ": error: " << toString(std::move(E))
           << " [io-error]\n";
    ++T.Failed;
    return false;
  };
  if (Diff) {
    std::string Text =
        unifiedDiff(R, R.Input, R.Output.empty() || R.Output == "-" ? R.Input : R.Output);
    if (Error E = writeToStdout(Text))
      return Fail(std::move(E));
    return true;
  }
  if (DryRun || R.Output.empty())
    return true;
  if (R.Output == "-") {
    if (Error E = writeToStdout(R.Ported))
      return Fail(std::move(E));
    return true;
  }
  if (InPlace) {
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

/// The non-source files of the tree.
static void copyFiles(const std::vector<CopyJob> &Copies, RunTally &T) {
  for (const CopyJob &C : Copies) {
    if (Error E = copyFileAtomically(C.From, C.To)) {
      errs() << C.From << ": error: " << toString(std::move(E)) << " [io-error]\n";
      ++T.Failed;
      continue;
    }
    ++T.Copied;
  }
}

/// --offload-arch as the build rules take it: ';'-separated gfx targets.
static Expected<BuildOptions> buildOptions() {
  BuildOptions B;
  SmallVector<StringRef, 4> Parts;
  std::string List = OffloadArch;
  std::replace(List.begin(), List.end(), ',', ';');
  StringRef(List).split(Parts, ';', -1, false);
  B.OffloadArch.clear();
  for (StringRef P : Parts) {
    P = P.trim();
    // gfx<digits/hex>[:feature+|-]..., as clang's --offload-arch takes it.
    StringRef Name = P.split(':').first;
    if (!Name.startswith("gfx") || Name.size() < 5 ||
        !llvm::all_of(Name.drop_front(3), [](char C) { return isHexDigit(C); }))
      return usage("--offload-arch=" + OffloadArch + ": '" + P +
                   "' is not an AMD GPU target (gfx942, gfx90a:xnack+, ...)");
    B.OffloadArch += (B.OffloadArch.empty() ? "" : ";") + P.str();
  }
  if (B.OffloadArch.empty())
    return usage("--offload-arch is empty");
  return B;
}

/// The build files of the tree (CMake, make), ported by the build rules.
static std::vector<FileResult> portBuildFiles(const std::vector<FileJob> &Jobs,
                                              const BuildOptions &Opts,
                                              StringRef BundleRoot) {
  std::vector<FileResult> Out;
  for (const FileJob &J : Jobs) {
    BuildOptions B = Opts;
    if (!BundleRoot.empty()) {
      B.RuntimeInclude = bundleFrom(J.Output, BundleRoot);
      B.RuntimeIncludeRelative = true;
    }
    auto Buf = readFileChecked(J.Input);
    if (!Buf) {
      FileResult R;
      R.Input = J.Input;
      R.Output = J.Output;
      R.Failed = true;
      Finding F;
      F.RuleId = "io-error";
      F.Sev = Severity::Error;
      F.File = J.Input;
      F.Message = toString(Buf.takeError());
      R.Findings.push_back(F);
      Out.push_back(std::move(R));
      continue;
    }
    FileResult R = portBuildFile(J.Input, (*Buf)->getBuffer(), buildKindOf(J.Input), B);
    R.Output = J.Output;
    Out.push_back(std::move(R));
  }
  return Out;
}

/// The --report document: SARIF 2.1.0 for a `.sarif` path, else our JSON.
static std::string reportText(const std::vector<FileResult> &Results, const InputPlan &Plan,
                              StringRef ReportPath, const RunTally &T, double Secs) {
  if (!isSarifPath(ReportPath))
    return reportJson(Results, Plan.Problems, T, Secs);
  std::string SrcRoot = InRoot.empty() ? "" : absolutePath(InRoot);
  while (SrcRoot.size() > 1 && SrcRoot.back() == '/')
    SrcRoot.pop_back();
  return reportSarif(Results, Plan.Problems, CU2HIP_VERSION, SrcRoot);
}

/// Summary and report; false when the report could not be written.
static bool finish(const std::vector<FileResult> &Results, const InputPlan &Plan,
                   const std::string &ReportPath, RunTally &T, double Secs) {
  bool Ok = true;
  if (!ReportPath.empty())
    if (Error E = writeFileAtomically(ReportPath, reportText(Results, Plan, ReportPath, T, Secs))) {
      errs() << ReportPath << ": error: " << toString(std::move(E)) << " [io-error]\n";
      ++T.Failed;
      Ok = false;
    }
  if (!NoSummary)
    printSummary(T, Secs, errs());
  return Ok;
}

/// Everything a run needs before porting, each part checked.
struct RunSetup {
  MapTable Maps;
  Options Opts;
  InputPlan Plan;
  std::string ReportPath; ///< absolute, or ""
  BuildOptions Build;
};

/// Maps, options, inputs and the check of every output; an error is a usage
/// error (exit status 2) and nothing has been written.
static Error prepare(const char *Argv0, const std::vector<std::string> &ClangArgs,
                     RunSetup &S) {
  // Resolve relative paths now: parsing changes directories per file.
  S.ReportPath = ReportFile.empty() ? "" : absolutePath(ReportFile);
  Expected<uint64_t> MaxSize = parseSize(MaxFileSize);
  if (!MaxSize)
    return MaxSize.takeError();
  if (Error E = loadMaps(Argv0, S.Maps))
    return E;
  Expected<Options> Opts = porterOptions(ClangArgs);
  if (!Opts)
    return Opts.takeError();
  S.Opts = std::move(*Opts);
  Expected<BuildOptions> Build = buildOptions();
  if (!Build)
    return Build.takeError();
  S.Build = std::move(*Build);
  Expected<InputPlan> Plan = collectInputs(inputOptions(*MaxSize));
  if (!Plan)
    return Plan.takeError();
  S.Plan = std::move(*Plan);
  std::vector<std::string> Refused = checkOutputs(S.Plan, inputOptions(*MaxSize), S.ReportPath);
  if (!ExportEdits.empty())
    if (Error E = WriteGate::get().check(absolutePath(ExportEdits) + "/export.yaml"))
      Refused.push_back("--export-edits: " + toString(std::move(E)));
  for (const std::string &M : Refused)
    WithColor::error(errs(), "cu2hip") << M << "\n";
  if (!Refused.empty())
    return usage("nothing written");
  if (Error E = attachCompileCommands(S.Plan.Jobs))
    return E;
  avoidBlockingParse(S.Plan, S.Opts);
  return Error::success();
}

/// The out-root that gets a copy of the runtime headers (RuntimeBundle.h):
/// a tree run writing build files whose sources include them; "" otherwise
/// (the build files then name this machine's directory).
static std::string runtimeBundleRoot(const RunSetup &S) {
  if (S.Build.RuntimeInclude.empty() || S.Plan.BuildJobs.empty() || S.Plan.OutRoot.empty() ||
      InPlace || DryRun || Diff)
    return "";
  // A ported tree ported again has the copy already (its marker): it is
  // replaced. A directory of the user's of that name is not.
  SmallString<256> Clash(InRoot), Copy;
  sys::path::append(Clash, RuntimeBundleDir);
  sys::path::append(Copy = Clash, RuntimeBundleMarker);
  if (sys::fs::exists(Clash) && !sys::fs::exists(Copy)) {
    warn(Clash + " exists in the input tree: the ported build files name cu2hip's runtime "
                 "headers at " + S.Build.RuntimeInclude + " instead of a copy");
    return "";
  }
  return S.Plan.OutRoot;
}

/// Copies the runtime headers into `OutRoot`; each file copied goes into
/// `Entries` (kind "runtime": removed by a later run that no longer needs
/// it, when unchanged since).
static void bundleRuntime(StringRef OutRoot, RunTally &T, std::vector<StoredFile> &Entries) {
  std::vector<std::string> Hashes;
  auto Files = copyRuntimeHeaders(runtimeIncludeDir(), OutRoot, &Hashes);
  if (!Files) {
    errs() << "cu2hip: error: " << toString(Files.takeError()) << " [io-error]\n";
    ++T.Failed;
    return;
  }
  for (size_t I = 0; I < Files->size(); ++I) {
    StoredFile E;
    E.Kind = "runtime";
    E.Input = (*Files)[I].From;
    E.Output = (*Files)[I].To;
    E.Hash = E.OutHash = Hashes[I];
    Entries.push_back(std::move(E));
  }
  if (!Quiet)
    errs() << "cu2hip: note: cu2hip's runtime headers copied to " << OutRoot << "/"
           << RuntimeBundleDir << " (" << Files->size() - 1
           << " files), for the ported build files\n";
}

/// `cu2hip apply DIR`: the directory of edit exports, or "".
static std::string ApplyDir;

/// Content digest of the directory of built-in maps (every file, by name).
static std::string mapsDigest(const char *Argv0) {
  std::string Dir = MapsDir.empty() ? findDataDir(Argv0, "share/cu2hip/maps",
                                                  CU2HIP_SOURCE_DIR "/rewriters/maps")
                                    : std::string(MapsDir);
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
static std::string optionsDigest(const RunSetup &S) {
  const Options &O = S.Opts;
  std::string D;
  raw_string_ostream OS(D);
  OS << "launch=" << int(O.Launch) << " wave=" << int(O.Wave)
     << " dynshared=" << O.DynamicSharedMacro << " alloc=" << O.AllocHooks
     << " vectorize=" << O.Vectorize << " annotate=" << O.Annotate
     << " semantic=" << O.Semantic << " prelude=" << O.SharedPrelude
     << " skipequal=" << O.SkipEqualConfigs << " sdkbodies=" << !O.SkipSdkBodies
     << " cuda=" << O.CudaPath << " sdk=" << (O.Fallback ? O.Fallback->sdkPath() : "")
     << " resource=" << O.ResourceDir << " offload=" << S.Build.OffloadArch
     << " maxsize=" << MaxFileSize << "\nargs:";
  for (const std::string &A : O.ExtraArgs)
    OS << " " << A;
  for (const auto &C : O.ExtraConfigs) {
    OS << "\nconfig:";
    for (const std::string &A : C)
      OS << " " << A;
  }
  for (const std::string &F : RuleFiles)
    OS << "\nrules: " << fileHash(F).value_or("unreadable");
  OS << "\nincludes: "
     << includeSearchDigest(O.ExtraArgs, S.Plan.Jobs,
                            {InRoot.empty() ? "" : absolutePath(InRoot), S.Plan.OutRoot});
  return contentHash(OS.str());
}

/// A tree run that ports into an out-root, an apply included (not --diff,
/// --inplace or an export): it cleans the outputs of inputs gone since the
/// last run (with --dry-run, says which it would remove).
static bool cleansStaleOutputs(const RunSetup &S) {
  return !InRoot.empty() && !S.Plan.OutRoot.empty() && !Diff && !InPlace &&
         ExportEdits.empty();
}

/// The manifest of this run's out-root, when this run keeps one: a tree
/// run that writes its outputs (not --dry-run, --diff, --inplace or an
/// export).
static bool keepsManifest(const RunSetup &S) {
  return cleansStaleOutputs(S) && !DryRun && !Instrument;
}

/// What an apply's manifest has for options: the options digest marked, so
/// that the next run records what apply wrote (and removes the outputs of
/// units gone since) but never keeps a file on its strength: apply's results
/// come from the exports, not from this tree's parse.
static std::string applyOptionsKey(const std::string &Digest) { return Digest + "+apply"; }

/// --max-file-size in bytes (checked by prepare()).
static uint64_t maxFileSize() {
  Expected<uint64_t> M = parseSize(MaxFileSize);
  if (M)
    return *M;
  consumeError(M.takeError());
  return uint64_t(64) << 20;
}

/// What the incremental machinery needs through a run.
struct IncrementalRun {
  bool Enabled = false;           ///< this run writes a manifest
  std::optional<Manifest> Last;   ///< the out-root's manifest, whatever its keys
  bool Matches = false;           ///< Last's keys are this run's: files may be kept
  Manifest New;
  HashCache Hashes;
  ReusePlan Reuse;
  const Manifest *old() const { return Matches ? &*Last : nullptr; }
};

/// Loads the out-root's manifest; plans what to keep when its keys match
/// this run's.
static void startIncremental(const char *Argv0, RunSetup &S, IncrementalRun &Inc) {
  Inc.Enabled = keepsManifest(S);
  if (cleansStaleOutputs(S)) {
    std::string Problem;
    if (auto M = readManifest(manifestPath(S.Plan.OutRoot), &Problem); M && M->Key.OutRoot == S.Plan.OutRoot)
      Inc.Last = std::move(M);
    if (!Problem.empty())
      warn(Problem);
    if (!DryRun) // temporaries of a run killed by SIGKILL
      sweepOrphanedTemporaries(S.Plan.OutRoot);
  }
  if (!Inc.Enabled)
    return;
  std::string Options = optionsDigest(S);
  if (!ApplyDir.empty())
    Options = applyOptionsKey(Options);
  Inc.New.Key = {CU2HIP_VERSION, mapsDigest(Argv0), Options,
                 InRoot.empty() ? "" : absolutePath(InRoot), S.Plan.OutRoot};
  Inc.Matches = Inc.Last && !NoIncremental && ApplyDir.empty() && Inc.Last->Key == Inc.New.Key;
  // The headers the last run found included though their names say nothing
  // (promoteIncludedCopies) are headers again, so the jobs match its own.
  if (Inc.Matches) {
    std::set<std::string> WereSources;
    for (const StoredFile &E : Inc.Last->Files)
      if (E.Kind == "source")
        WereSources.insert(E.Input);
    promoteIncludedCopies(S.Plan, WereSources, maxFileSize());
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
  Expected<StaleRemoval> R = removeUnchangedOutput(E.Output, S.Plan.OutRoot, E.OutHash, DryRun);
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
static void removeStaleOutputs(const RunSetup &S, const IncrementalRun &Inc, RunTally &T,
                               StringRef Bundle) {
  if (!Inc.Last)
    return;
  T.StaleDryRun = DryRun;
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
  for (const BundledFile &F : runtimeBundleFiles(runtimeIncludeDir(), Bundle))
    Outs.insert(F.To);
  std::set<std::string> Dirs;
  for (const StoredFile *E : staleEntries(*Inc.Last, Ins, Outs))
    if (!(DryRun && E->Kind == "runtime") && removeStaleOutput(S, *E, T))
      Dirs.insert(sys::path::parent_path(E->Output).str());
  if (DryRun)
    return;
  std::string In = absolutePath(InRoot);
  for (const std::string &D : Dirs)
    removeEmptyDirsUpTo(D, S.Plan.OutRoot, [&](StringRef Dir) {
      return sys::fs::is_directory(In + Dir.drop_front(S.Plan.OutRoot.size()));
    });
}

/// The manifest entry of a ported source `R` of job `J` (written or not).
static StoredFile sourceEntry(const FileResult &R, const FileJob &J, bool Written,
                              HashCache &Hashes) {
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

/// --export-edits: each unit (or each --unit) parsed on its own, its
/// results written as DIR/<unit>.yaml; no other output. Returns the exit
/// status.
static int exportEdits(RunSetup &S, Porter &P, unsigned Workers, RunTally &T,
                       std::chrono::steady_clock::time_point Start) {
  std::set<std::string> Wanted, Left; // --unit; those not met yet
  for (const std::string &U : ExportUnits)
    Wanted.insert(absolutePath(U));
  Left = Wanted;
  std::string Digest = optionsDigest(S);
  std::string Dir = absolutePath(ExportEdits); // parsing changes directories
  HashCache Hashes;
  for (size_t I = 0; I < S.Plan.Jobs.size(); ++I) {
    const FileJob &J = S.Plan.Jobs[I];
    if (!J.IsTU || (!Wanted.empty() && !Wanted.count(J.Input)))
      continue;
    Left.erase(J.Input);
    RunPlan Plan;
    Plan.Parse.assign(S.Plan.Jobs.size(), 0);
    Plan.Port.assign(S.Plan.Jobs.size(), 0);
    Plan.Parse[I] = Plan.Port[I] = 1;
    Plan.OnEscape = RunPlan::AddTouched;
    UnitExport U{CU2HIP_VERSION, Digest, J.Input, {}};
    for (const FileResult &R : P.run(S.Plan.Jobs, Workers, Plan)) {
      if (R.Skipped)
        continue;
      StoredFile F = storeResult(R);
      F.Hash = R.Original.empty() && R.Failed ? "" : contentHash(R.Original);
      F.TU = R.Input == J.Input;
      F.FactFiles.clear();
      F.Edits = R.Edits;
      if (F.TU) {
        // What apply checks besides each file's own hash (staleExports).
        F.Depends = flagsHash(J);
        for (const std::string &Read : R.Reads)
          F.Reads.push_back({Read, Hashes.get(Read)});
      }
      T.addResult(R, F.TU);
      U.Files.push_back(std::move(F));
    }
    U.Namesakes = namesakes(includedNames(U), S.Plan.Jobs);
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
  if (!NoSummary)
    printSummary(T, Secs, errs());
  return T.Failed ? 1 : 0;
}

/// `cu2hip apply`: reads the exports of ApplyDir into `Units` and checks
/// them: made by another version or with other options is a usage error
/// (exit status 2), any export that no longer describes the tree (a file it
/// reached or read changed or is gone, a unit's flags changed) refuses the
/// whole apply before anything is written (1), each stale file named with
/// what changed. Returns the exit status when apply stops.
static std::optional<int> readApplyExports(RunSetup &S, std::vector<UnitExport> &Units) {
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

/// The results of the planned sources: ported, kept from the manifest, or
/// merged from edit exports (apply, `Units`).
static std::vector<FileResult> sourceResults(RunSetup &S, Porter &P, unsigned Workers,
                                             IncrementalRun &Inc,
                                             const std::vector<UnitExport> &Units) {
  if (!ApplyDir.empty())
    return applyUnitExports(Units, S.Plan.Jobs, P, Workers);
  std::vector<FileResult> Results = P.run(S.Plan.Jobs, Workers, Inc.Reuse.Run);
  // Files a parse included that the plan copies (no header extension): they
  // are headers of the unit, ported with its facts, so the run is done again
  // with them as jobs (until no copy is included).
  for (;;) {
    std::set<std::string> Included;
    for (size_t I = 0; I < Results.size(); ++I) {
      for (const std::string &R : Results[I].Reads)
        Included.insert(R);
      if (Results[I].Skipped && I < Inc.Reuse.Kept.size() && Inc.Reuse.Kept[I])
        for (const HashedPath &R : Inc.Reuse.Kept[I]->Reads)
          Included.insert(R.Path);
    }
    if (!promoteIncludedCopies(S.Plan, Included, maxFileSize()))
      break;
    Inc.Reuse = planReuse(Inc.old(), S.Plan.Jobs, Inc.Hashes);
    Results = P.run(S.Plan.Jobs, Workers, Inc.Reuse.Run);
  }
  // A kept file the porter ported after all (a changed unit reached it).
  for (size_t I = 0; I < Inc.Reuse.Kept.size(); ++I)
    if (!Results[I].Skipped)
      Inc.Reuse.Kept[I] = nullptr;
    else if (Inc.Reuse.Kept[I])
      Results[I] = restoreResult(*Inc.Reuse.Kept[I]);
  return Results;
}

/// --instrument: the instrumented CUDA copy beside the port (Instrument.h).
static void writeCudaCopy(const RunSetup &S, const std::vector<FileResult> &Results,
                          size_t Sources, RunTally &T) {
  std::string Dir = instrumentDir(InstrumentOut, S.Plan.OutRoot);
  Expected<unsigned> N = writeInstrumentedCopy(absolutePath(InRoot), Dir, Results, Sources,
                                               S.Plan.Copies);
  if (!N) {
    errs() << "cu2hip: error: " << toString(N.takeError()) << " [io-error]\n";
    ++T.Failed;
  } else if (!Quiet) {
    errs() << "cu2hip: note: instrumented CUDA copy (" << *N << " files) in " << Dir << "\n";
  }
}

/// Ports the planned jobs, then writes, copies and reports.
/// Prints each result's findings, tallies it and writes it (a kept one is
/// carried into the new manifest as it was), recording what was written.
static void writeResults(const RunSetup &S, std::vector<FileResult> &Results,
                         const std::vector<const StoredFile *> &Kept, size_t Sources,
                         const std::string &BuildDepends, IncrementalRun &Inc, RunTally &T,
                         const Verbosity &V, PhaseTimes &Times) {
  for (size_t I = 0; I < Results.size(); ++I) {
    for (const Finding &F : Results[I].Findings)
      printFinding(F, V);
    T.addResult(Results[I], I < Sources && S.Plan.Jobs[I].IsTU);
    if (Kept[I]) {
      ++T.Unchanged;
      Inc.New.Files.push_back(*Kept[I]);
      continue;
    }
    PhaseTimer Writing(Times.WriteNs);
    bool Written = false;
    if (!(Results[I].Original.empty() && Results[I].Failed))
      Written = emitResult(Results[I], T);
    if (!Inc.Enabled)
      continue;
    const FileJob &J = I < Sources ? S.Plan.Jobs[I] : S.Plan.BuildJobs[I - Sources];
    StoredFile E = sourceEntry(Results[I], J, Written, Inc.Hashes);
    if (I >= Sources) {
      E.Kind = "build";
      E.Depends = BuildDepends;
    }
    Inc.New.Files.push_back(std::move(E));
  }
}

/// Copies the tree's other files (kept ones unchanged) and the runtime
/// headers into `Bundle` when the ported build files need them.
static void copyTreeFiles(const RunSetup &S, const std::string &Bundle, IncrementalRun &Inc,
                          RunTally &T, PhaseTimes &Times) {
  PhaseTimer Copying(Times.WriteNs);
  for (const CopyJob &C : S.Plan.Copies) {
    if (const StoredFile *E = keptEntry(Inc.old(), "copy", C.From, C.To, "", Inc.Hashes)) {
      ++T.Unchanged;
      Inc.New.Files.push_back(*E);
      continue;
    }
    RunTally One;
    copyFiles({C}, One);
    T.Copied += One.Copied;
    T.Failed += One.Failed;
    if (Inc.Enabled && One.Copied) {
      StoredFile E;
      E.Kind = "copy";
      E.Input = C.From;
      E.Output = C.To;
      E.Hash = E.OutHash = Inc.Hashes.get(C.From);
      Inc.New.Files.push_back(std::move(E));
    }
  }
  if (!Bundle.empty())
    bundleRuntime(Bundle, T, Inc.New.Files);
}

static int portAndWrite(const char *Argv0, RunSetup &S,
                        std::chrono::steady_clock::time_point Start) {
  RunTally T;
  Verbosity V{Quiet, Verbose};
  for (const Finding &F : S.Plan.Problems) {
    printFinding(F, V);
    T.addProblem(F);
  }
  PhaseTimes Times;
  T.Times = &Times;
  Porter P(S.Opts, S.Maps, &Times);
  unsigned Workers = workersFor(S.Plan.Jobs);
  if (Verbose)
    errs() << "cu2hip: " << S.Plan.Jobs.size() << " files to port, "
           << (Workers == 1 ? "1 worker" : std::to_string(Workers) + " workers") << "\n";
  // A tree run on a terminal shows how far it is (not with --quiet, nor
  // while --diff prints to stdout).
  std::optional<ProgressLine> Line;
  if (!InRoot.empty() && !Quiet && !Diff && ProgressLine::isWanted()) {
    Line.emplace(Start);
    P.setProgress([&Line](StringRef Phase, StringRef File, unsigned Done, unsigned Total) {
      Line->update(Phase, File, Done, Total);
    });
  }
  if (!ExportEdits.empty()) {
    int Status = exportEdits(S, P, Workers, T, Start);
    if (Line)
      Line->finish();
    return Status;
  }
  std::vector<UnitExport> Units;
  if (!ApplyDir.empty())
    if (std::optional<int> Stop = readApplyExports(S, Units)) {
      if (Line)
        Line->finish();
      return *Stop;
    }
  IncrementalRun Inc;
  startIncremental(Argv0, S, Inc);
  std::vector<FileResult> Results = sourceResults(S, P, Workers, Inc, Units);
  if (Line)
    Line->finish();
  size_t Sources = Results.size();
  for (size_t I = 0; I < Sources; ++I) {
    const StoredFile *K = Inc.Reuse.Kept.size() > I ? Inc.Reuse.Kept[I] : nullptr;
    if (K ? K->Runtime : usesRuntimeHeader(Results[I].RuntimeHeaders))
      S.Build.RuntimeInclude = runtimeIncludeDir();
    if (K ? K->Roctx : usesRoctxHeader(Results[I].RuntimeHeaders))
      S.Build.LinkRoctx = true;
  }
  // What the ported build files depend on besides their input.
  std::string BuildDepends = S.Build.RuntimeInclude + (S.Build.LinkRoctx ? "\nroctx" : "");
  std::string Bundle = runtimeBundleRoot(S);
  // Build files and copies kept when they and their outputs are unchanged.
  std::vector<const StoredFile *> Kept(Inc.Reuse.Kept.begin(), Inc.Reuse.Kept.end());
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
  // First, so that a path whose input changed kind (file <-> directory) is
  // free for the new output.
  removeStaleOutputs(S, Inc, T, Bundle);
  writeResults(S, Results, Kept, Sources, BuildDepends, Inc, T, V, Times);
  copyTreeFiles(S, Bundle, Inc, T, Times);
  if (Instrument && !InRoot.empty() && !DryRun)
    writeCudaCopy(S, Results, Sources, T);
  if (Inc.Enabled)
    if (Error E = writeManifest(manifestPath(S.Plan.OutRoot), Inc.New)) {
      errs() << manifestPath(S.Plan.OutRoot) << ": error: " << toString(std::move(E))
             << " [io-error]\n";
      ++T.Failed;
    }
  double Secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  finish(Results, S.Plan, S.ReportPath, T, Secs);
  return T.Failed ? 1 : 0;
}

/// Plans, checks, ports and writes; returns the exit status.
static Expected<int> portAll(const char *Argv0, const std::vector<std::string> &ClangArgs) {
  auto Start = std::chrono::steady_clock::now();
  RunSetup S;
  if (Error E = prepare(Argv0, ClangArgs, S))
    return std::move(E);
  return portAndWrite(Argv0, S, Start);
}

/// Flushes stdout at exit: an error there is said and fails the run, and
/// never ends in LLVM's fatal "IO failure on output stream".
static int closeStdout(int Status) {
  if (Error E = writeToStdout(""))
    errs() << "cu2hip: error: " << toString(std::move(E)) << "\n";
  else
    return Status;
  return Status ? Status : 1;
}

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
  keepIgnoredInterruptsIgnored();
  treatQuitAsInterrupt();
  // `cu2hip apply DIR [options]`: the run's outputs from edit exports.
  std::vector<const char *> Args(argv, argv + argc);
  if (Args.size() > 1 && StringRef(Args[1]) == "compare") // per-kernel traces
    return closeStdout(runKrecCompare(int(Args.size()) - 1, Args.data() + 1, outs()));
  if (Args.size() > 1 && StringRef(Args[1]) == "apply") {
    if (Args.size() < 3 || StringRef(Args[2]).startswith("-")) {
      WithColor::error(errs(), "cu2hip") << "usage: cu2hip apply DIR [options]\n";
      return 2;
    }
    ApplyDir = Args[2];
    Args.erase(Args.begin() + 1, Args.begin() + 3);
  }
  std::vector<const char *> Own;
  std::vector<std::string> ClangArgs;
  splitCommandLine(int(Args.size()), Args.data(), Own, ClangArgs);
  cl::HideUnrelatedOptions(Cat);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "cu2hip " CU2HIP_VERSION " (Clang/LLVM " LLVM_VERSION_STRING ")\n";
  });
  cl::ParseCommandLineOptions(Own.size(), Own.data(),
                              "cu2hip: port CUDA C++ to HIP, wave64-correct\n");
  Argv0 = argv[0];
  if (doctorChosen())
    return closeStdout(runDoctor({"cu2hip " CU2HIP_VERSION " (Clang/LLVM " LLVM_VERSION_STRING ")",
                                  runtimeIncludeDir(), CU2HIP_CLANG_RESOURCE_DIR,
                                  OffloadArch.getDefault().getValue(),
                                  findDataDir(Argv0.c_str(), "share/cu2hip/cuda-decls",
                                              CU2HIP_SOURCE_DIR "/rewriters/cuda-decls")},
                                 outs()));
  if (checkChosen())
    return closeStdout(runCheck({"cu2hip " CU2HIP_VERSION, runtimeIncludeDir(), ClangArgs}, outs()));
  if (PrintIncludeDir) {
    outs() << runtimeIncludeDir() << "\n";
    return closeStdout(0);
  }
  if (ListRules) {
    for (const RuleIdInfo &R : ruleCatalogue())
      outs() << format("%-22s %-8s %s\n", R.Id, idKindName(R.Kind).str().c_str(), R.Summary);
    return closeStdout(0);
  }
  Expected<int> Status = portAll(argv[0], ClangArgs);
  if (!Status) {
    WithColor::error(errs(), "cu2hip") << toString(Status.takeError()) << "\n";
    return closeStdout(2);
  }
  return closeStdout(*Status);
}
