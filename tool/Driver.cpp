//===- Driver.cpp - a run's options, maps and inputs, checked -------------===//
//
// prepare(): everything a port run checks before it ports anything (the
// maps, the porter's and the build rules' options, the CUDA headers to
// parse with, the inputs and every output); a failure is a usage error and
// nothing is written. Also the data directories beside the executable.
//===----------------------------------------------------------------------===//
#include "ClangArgs.h"
#include "Doctor.h"
#include "Driver.h"
#include "Instrument.h"
#include "RunSetup.h"
#include "cu2hip/BundledHeaders.h"
#include "cu2hip/FileIO.h"
#include "cu2hip/SemanticPass.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace cu2hip {

std::string versionLine() {
  return "cu2hip " CU2HIP_VERSION " (Clang/LLVM " LLVM_VERSION_STRING ")";
}

static std::string exeDir(StringRef Argv0) {
  std::string P = sys::fs::getMainExecutable(Argv0.str().c_str(), (void *)&exeDir);
  return std::string(sys::path::parent_path(P));
}

std::string findDataDir(StringRef Argv0, StringRef Installed, StringRef Source) {
  SmallString<256> P(exeDir(Argv0));
  sys::path::append(P, "..", Installed);
  if (sys::fs::is_directory(P))
    return std::string(P);
  if (sys::fs::is_directory(Source))
    return Source.str();
  return "";
}

std::string runtimeIncludeDir(StringRef Argv0) {
  return findDataDir(Argv0, "include/cu2hip-runtime", CU2HIP_SOURCE_DIR "/runtime/include");
}

std::string bundledCudaDeclsDir(StringRef Argv0) {
  return findDataDir(Argv0, "share/cu2hip/cuda-decls",
                     CU2HIP_SOURCE_DIR "/rewriters/cuda-decls");
}

StringRef clangResourceDir() { return CU2HIP_CLANG_RESOURCE_DIR; }

Error usage(const Twine &Msg) { return createStringError(inconvertibleErrorCode(), Msg); }

void warn(const Twine &Msg) { WithColor::warning(errs(), "cu2hip") << Msg << "\n"; }

Expected<uint64_t> parseSize(StringRef S) {
  StringRef Given = S;
  uint64_t Scale = 1;
  if (!S.empty() && StringRef("KMG").contains(toUpper(S.back()))) {
    Scale = uint64_t(1) << (10 * (StringRef("KMG").find(toUpper(S.back())) + 1));
    S = S.drop_back();
  }
  uint64_t N;
  if (S.getAsInteger(10, N) || N > UINT64_MAX / Scale)
    return usage("--max-file-size=" + Given + ": expected bytes, or a number with K, M "
                 "or G");
  return N * Scale;
}

/// The built-in maps' directory (--maps-dir, else installed or source).
static std::string mapsDir(const RunOptions &O) {
  return O.MapsDir.empty() ? findDataDir(O.Argv0, "share/cu2hip/maps",
                                         CU2HIP_SOURCE_DIR "/rewriters/maps")
                           : O.MapsDir;
}

/// The built-in maps, then the --rules files (their doubts as warnings).
static Error loadMaps(const RunOptions &O, MapTable &Maps) {
  std::string Dir = mapsDir(O);
  if (Dir.empty())
    return usage("cannot find the mapping tables; pass --maps-dir");
  if (Error E = Maps.loadDirectory(Dir))
    return E;
  for (const std::string &F : O.RuleFiles) {
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
static std::vector<std::vector<std::string>> parseConfigs(const RunOptions &O) {
  std::vector<std::vector<std::string>> Out;
  for (const std::string &C : O.Configs) {
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
static void sayCudaFallback(const RunOptions &O, StringRef DeclsDir) {
  std::string Then =
      "parsing with the bundled declaration-only CUDA headers (" + DeclsDir.str() + ")";
  if (O.CudaPath.empty())
    WithColor::note(errs(), "cu2hip")
        << "no CUDA SDK in $CUDA_PATH or /usr/local/cuda: " << Then << "\n";
  else
    warn("--cuda-path=" + O.CudaPath + " is no CUDA SDK: " + whyNotCudaSdk(O.CudaPath) + "; " +
         Then);
}

/// Sets Options::CudaPath (and Options::Fallback) as --cuda-headers says:
/// the SDK found (--cuda-path, $CUDA_PATH, /usr/local/cuda) or the bundled
/// declaration-only headers; with `auto`, the bundled ones first where the
/// SDK has their CUDA version (BundledHeaders.h).
static Error chooseCudaHeaders(const RunOptions &O, Options &Opts) {
  std::string Sdk = findCudaPath(O.CudaPath);
  std::string Bundled = bundledCudaDeclsDir(O.Argv0);
  if (O.CudaHeaders == HeadersChoice::Sdk && Sdk.empty())
    return usage(Twine("--cuda-headers=sdk: no CUDA SDK ") +
                 (O.CudaPath.empty() ? "in $CUDA_PATH or /usr/local/cuda"
                                     : "at --cuda-path=" + O.CudaPath + ": " +
                                           whyNotCudaSdk(O.CudaPath)));
  if (O.CudaHeaders != HeadersChoice::Bundled && !Sdk.empty()) {
    Opts.CudaPath = Sdk;
    if (O.CudaHeaders == HeadersChoice::Sdk || Bundled.empty() ||
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
                 (O.CudaPath.empty() ? " in $CUDA_PATH or /usr/local/cuda"
                                     : " under --cuda-path=" + O.CudaPath) +
                 " and no bundled CUDA declarations: pass --cuda-path=<CUDA SDK dir> (the "
                 "one holding include/cuda_runtime.h and bin/), or --no-semantic to port with "
                 "token rules only");
  Opts.CudaPath = Bundled;
  if (O.CudaHeaders != HeadersChoice::Bundled)
    sayCudaFallback(O, Opts.CudaPath);
  return Error::success();
}

Expected<Options> porterOptions(const RunOptions &O) {
  Options Opts;
  Opts.Launch = O.Launch;
  Opts.Wave = O.Wave;
  Opts.Texture = O.Texture;
  Opts.Annotate = O.Annotate;
  Opts.AllocHooks = O.AllocHooks;
  setInstrumentLaunches(O.Instrument);
  Opts.Vectorize = O.Vectorize;
  Opts.Atomic16Coarse = O.Atomic16Coarse;
  Opts.ExtraArgs = O.ClangArgs;
  Opts.ResourceDir = CU2HIP_CLANG_RESOURCE_DIR;
  if (O.DynShared != "keep" && O.DynShared != "macro")
    return usage("--dynamic-shared must be 'keep' or 'macro'");
  Opts.DynamicSharedMacro = O.DynShared == "macro";
  for (const std::string &M : checkClangArgs(Opts.ExtraArgs, "after --"))
    warn(M);
  Opts.ExtraConfigs = parseConfigs(O);
  if (O.Wave == WaveMode::Keep)
    warn("--wave=keep: warp-32 code is only correct on wave32 targets (RDNA, gfx10+); on "
         "CDNA (wave64) shuffles, ballots and votes span two CUDA warps");
  Opts.Semantic = !O.NoSemantic;
  Opts.SharedPrelude = !O.NoPch;
  Opts.SkipEqualConfigs = !O.ParseEqualConfigs;
  Opts.SkipSdkBodies = !O.ParseSdkBodies;
  Opts.DropBaseIncludes = !O.KeepBaseIncludes;
  if (!Opts.Semantic)
    return Opts;
  if (Error E = chooseCudaHeaders(O, Opts))
    return std::move(E);
  return Opts;
}

/// Flags and working directory of each translation unit (-p).
static Error attachCompileCommands(StringRef BuildPath, std::vector<FileJob> &Jobs) {
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

static InputOptions inputOptions(const RunOptions &O, uint64_t MaxSize) {
  InputOptions I;
  I.Files = O.Inputs;
  I.InRoot = O.InRoot;
  I.OutRoot = O.OutRoot;
  I.OutFile = O.OutFile;
  I.InPlace = O.InPlace;
  I.DryRun = O.DryRun || !O.ExportEdits.empty();
  I.Diff = O.Diff;
  I.MaxFileSize = MaxSize;
  I.Excludes = O.Excludes;
  return I;
}

Expected<BuildOptions> buildOptions(const RunOptions &O) {
  BuildOptions B;
  SmallVector<StringRef, 4> Parts;
  std::string List = O.OffloadArch;
  std::replace(List.begin(), List.end(), ',', ';');
  StringRef(List).split(Parts, ';', -1, false);
  B.OffloadArch.clear();
  for (StringRef P : Parts) {
    P = P.trim();
    // gfx<digits/hex>[:feature+|-]..., as clang's --offload-arch takes it.
    StringRef Name = P.split(':').first;
    if (!Name.startswith("gfx") || Name.size() < 5 ||
        !llvm::all_of(Name.drop_front(3), [](char C) { return isHexDigit(C); }))
      return usage("--offload-arch=" + O.OffloadArch + ": '" + P +
                   "' is not an AMD GPU target (gfx942, gfx90a:xnack+, ...)");
    B.OffloadArch += (B.OffloadArch.empty() ? "" : ";") + P.str();
  }
  if (B.OffloadArch.empty())
    return usage("--offload-arch is empty");
  return B;
}

Error prepare(RunSetup &S) {
  const RunOptions &O = S.O;
  // Resolve relative paths now: parsing changes directories per file.
  S.ReportPath = O.ReportFile.empty() ? "" : absolutePath(O.ReportFile);
  Expected<uint64_t> MaxSize = parseSize(O.MaxFileSize);
  if (!MaxSize)
    return MaxSize.takeError();
  if (Error E = loadMaps(O, S.Maps))
    return E;
  Expected<Options> Opts = porterOptions(O);
  if (!Opts)
    return Opts.takeError();
  S.Opts = std::move(*Opts);
  Expected<BuildOptions> Build = buildOptions(O);
  if (!Build)
    return Build.takeError();
  S.Build = std::move(*Build);
  Expected<InputPlan> Plan = collectInputs(inputOptions(O, *MaxSize));
  if (!Plan)
    return Plan.takeError();
  S.Plan = std::move(*Plan);
  std::vector<std::string> Refused =
      checkOutputs(S.Plan, inputOptions(O, *MaxSize), S.ReportPath);
  if (!O.ExportEdits.empty())
    if (Error E = WriteGate::get().check(absolutePath(O.ExportEdits) + "/export.yaml"))
      Refused.push_back("--export-edits: " + toString(std::move(E)));
  for (const std::string &M : Refused)
    WithColor::error(errs(), "cu2hip") << M << "\n";
  if (!Refused.empty())
    return usage("nothing written");
  if (Error E = attachCompileCommands(O.BuildPath, S.Plan.Jobs))
    return E;
  avoidBlockingParse(S.Plan, S.Opts);
  return Error::success();
}

std::string mapsDirOf(const RunOptions &O) { return mapsDir(O); }

} // namespace cu2hip
