//===- Check.cpp - `cu2hip check`: does the port build on ROCm, and why not ===//
#include "Check.h"
#include "CheckClassify.h"
#include "CheckReport.h"
#include "CheckRun.h"
#include "KernelCost.h"
#include "cu2hip/FileIO.h"
#include "cu2hip/Signals.h"
#include "Manifest.h"
#include "Progress.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/WithColor.h"
#include <chrono>
#include <mutex>
#include <set>

using namespace llvm;

namespace cu2hip {

static cl::SubCommand CheckCmd("check", "Compile every ported translation unit with the HIP "
                                        "compiler and report why a unit does not build");
static cl::opt<std::string> OutRootOpt("out-root", cl::desc("The ported tree (required)"),
                                       cl::value_desc("dir"), cl::sub(CheckCmd));
static cl::opt<std::string> InRootOpt("in-root",
                                      cl::desc("The original tree (default: the manifest's)"),
                                      cl::value_desc("dir"), cl::sub(CheckCmd));
static cl::opt<std::string> BuildDirOpt("p", cl::desc("Build directory holding the originals' "
                                                      "compile_commands.json"),
                                        cl::value_desc("dir"), cl::sub(CheckCmd));
static cl::opt<std::string> ArchOpt("offload-arch",
                                    cl::desc("Comma-separated gfx targets (default gfx942,gfx1100)"),
                                    cl::init("gfx942,gfx1100"), cl::sub(CheckCmd));
static cl::opt<std::string> RocmRootOpt("rocm-root",
                                        cl::desc("ROCm install (DIR/bin/hipcc) or full root file "
                                                 "system (DIR/usr/bin/hipcc, run through chroot)"),
                                        cl::value_desc("dir"), cl::sub(CheckCmd));
static cl::opt<std::string> HipccOpt("hipcc", cl::desc("Command prefix that runs the HIP compiler"),
                                     cl::value_desc("command"), cl::sub(CheckCmd));
static cl::opt<bool> ObjectOpt("object", cl::desc("Compile to objects, not syntax-only"),
                               cl::sub(CheckCmd));
static cl::opt<unsigned> JobsOpt("j", cl::desc("Parallel compiles (default 1)"), cl::init(1),
                                 cl::Prefix, cl::sub(CheckCmd));
static cl::opt<std::string> NvccOpt("nvcc", cl::ValueOptional,
                                    cl::desc("Also compile the originals with nvcc (default "
                                             "$CUDA_PATH/bin/nvcc, /usr/local/cuda/bin/nvcc)"),
                                    cl::value_desc("path"), cl::sub(CheckCmd));
static cl::opt<std::string> NvccArchOpt("nvcc-arch", cl::desc("nvcc's -arch (default sm_80)"),
                                        cl::init("sm_80"), cl::sub(CheckCmd));
static cl::opt<bool> KernelsOpt("kernels", cl::desc("Per-kernel cost report on each target"),
                                cl::sub(CheckCmd));
static cl::opt<std::string> ReportOpt("report", cl::desc("Write the results as JSON, or SARIF "
                                                         "when the name ends in .sarif"),
                                      cl::value_desc("file"), cl::sub(CheckCmd));
static cl::opt<bool> ChangedOnlyOpt("changed-only",
                                    cl::desc("Only the units whose text the port changed (a "
                                             "host file that names no CUDA API is left out)"),
                                    cl::sub(CheckCmd));
static cl::list<std::string> UnitArgs(cl::Positional,
                                      cl::desc("[unit ...]: check only these units (paths "
                                               "relative to --out-root)"),
                                      cl::sub(CheckCmd));
static cl::opt<std::string> UnitsFileOpt("units",
                                         cl::desc("Check only the units FILE lists, one path "
                                                  "relative to --out-root a line ('#' starts a "
                                                  "comment)"),
                                         cl::value_desc("file"), cl::sub(CheckCmd));
static cl::opt<unsigned> TimeoutOpt("timeout", cl::desc("Seconds per compile (default 600)"),
                                    cl::init(600), cl::sub(CheckCmd));

bool checkChosen() { return bool(CheckCmd); }

namespace {

std::string absPath(StringRef P, StringRef Dir) {
  SmallString<256> A(P);
  if (!sys::path::is_absolute(A)) {
    A = Dir;
    sys::path::append(A, P);
  }
  sys::path::remove_dots(A, true);
  return std::string(A);
}

std::string rebase(StringRef P, StringRef From, StringRef To) {
  if (From.empty() || !(P == From || P.startswith((From + "/").str())))
    return P.str();
  return (To + P.drop_front(From.size())).str();
}

/// The language an `-x` flag names, in nvcc's spelling ("cu", "c++", "c"),
/// "" for one a check does not compile (assembly, headers, ...). nvcc takes
/// `-x cu`, clang `-x cuda` and `-x hip`.
std::string normalLanguage(StringRef L) {
  if (L == "cu" || L == "cuda" || L == "hip")
    return "cu";
  if (L == "c++" || L == "cpp" || L == "cxx")
    return "c++";
  return L == "c" ? "c" : "";
}

bool isPathFlag(StringRef F) {
  return F == "-I" || F == "-isystem" || F == "-iquote" || F == "-include" ||
         F == "--include-path" || F == "--pre-include" || F == "-idirafter";
}

} // namespace

std::vector<std::string> checkFlags(const std::vector<std::string> &Command, StringRef File,
                                    StringRef Dir, StringRef FromRoot, StringRef ToRoot) {
  std::vector<std::string> Out;
  auto path = [&](StringRef P) { return rebase(absPath(P, Dir), FromRoot, ToRoot); };
  for (size_t I = 1; I < Command.size(); ++I) {
    StringRef A = Command[I];
    std::string Next = I + 1 < Command.size() ? Command[I + 1] : "";
    if (isPathFlag(A) && I + 1 < Command.size()) {
      std::string F = A == "--include-path" ? "-I" : A == "--pre-include" ? "-include" : A.str();
      Out.push_back(F);
      Out.push_back(path(Next));
      ++I;
    } else if (A.startswith("-I") || A.startswith("--include-path=")) {
      Out.push_back("-I" + path(A.substr(A.find_first_of("I=") + 1)));
    } else if (A.startswith("-isystem") && A.size() > 8) {
      Out.push_back("-isystem");
      Out.push_back(path(A.drop_front(8)));
    } else if ((A == "-D" || A == "-U" || A == "--define-macro") && I + 1 < Command.size()) {
      Out.push_back((A == "-U" ? "-U" : "-D") + Next);
      ++I;
    } else if (A.startswith("-D") || A.startswith("-U")) {
      Out.push_back(A.str());
    } else if (A.startswith("--define-macro=")) {
      Out.push_back("-D" + A.drop_front(15).str());
    } else if (A.startswith("-std=") || A.startswith("--std=")) {
      Out.push_back("-std=" + A.substr(A.find('=') + 1).str());
    } else if ((A == "-std" || A == "--std") && I + 1 < Command.size()) {
      Out.push_back("-std=" + Next);
      ++I;
    } else if ((A == "-x" || A == "--x") && I + 1 < Command.size()) {
      if (std::string L = normalLanguage(Next); !L.empty())
        Out.insert(Out.end(), {"-x", L});
      ++I;
    } else if (A.startswith("-x") || A.startswith("--x=")) {
      // -xcu (clang), -x=cu and --x=cu (nvcc)
      StringRef Lang = A.drop_front(A.startswith("--x=") ? 4 : A.startswith("-x=") ? 3 : 2);
      if (std::string L = normalLanguage(Lang); !L.empty())
        Out.insert(Out.end(), {"-x", L});
    }
  }
  (void)File;
  return Out;
}

namespace {

/// Whether the port changed the text of `F`.
bool portChanged(const StoredFile &F) { return F.Hash.empty() || F.Hash != F.OutHash; }

/// For --changed-only: whether the port changed unit `F`'s text or that of a file
/// it reads (its headers, from the parse's Reads; `Changed` holds the absolute
/// inputs whose text changed).
bool unitChanged(const StoredFile &F, const llvm::StringSet<> &Changed, StringRef InRoot) {
  if (portChanged(F))
    return true;
  return llvm::any_of(F.Reads, [&](const HashedPath &R) {
    return Changed.contains(absPath(R.Path, InRoot));
  });
}

/// The translation units of the out-root: those its manifest lists, else
/// the .cu/.hip files under it.
/// The path of a manifest's output `Out` under `OutRoot`: outputs recorded
/// absolute under the out-root the port wrote (`PortRoot`) move with the tree
/// when it is copied, moved or reached by another path.
std::string outputUnder(StringRef Out, StringRef PortRoot, StringRef OutRoot) {
  if (!PortRoot.empty() && Out.startswith(PortRoot) && Out.size() > PortRoot.size() &&
      sys::path::is_separator(Out[PortRoot.size()]))
    return (OutRoot + Out.drop_front(PortRoot.size())).str();
  return absPath(Out, OutRoot);
}

std::vector<CheckUnit> listUnits(StringRef OutRoot, std::string &InRoot) {
  std::vector<CheckUnit> Units;
  if (auto M = readManifest(manifestPath(OutRoot))) {
    if (InRoot.empty())
      InRoot = M->Key.InRoot;
    llvm::StringSet<> Changed;
    for (const StoredFile &F : M->Files)
      if (F.Kind == "source" && portChanged(F))
        Changed.insert(absPath(F.Input, InRoot));
    for (const StoredFile &F : M->Files)
      if (F.Kind == "source" && F.TU && !F.Output.empty() &&
          (!ChangedOnlyOpt || unitChanged(F, Changed, InRoot)))
        Units.push_back({absPath(F.Input, InRoot), outputUnder(F.Output, M->Key.OutRoot, OutRoot),
                         {}, {}});
  } else {
    std::error_code EC;
    for (sys::fs::recursive_directory_iterator It(OutRoot, EC), End; It != End && !EC;
         It.increment(EC)) {
      StringRef Ext = sys::path::extension(It->path());
      if (Ext == ".cu" || Ext == ".hip")
        Units.push_back({"", It->path(), {}, {}});
    }
  }
  llvm::sort(Units, [](const CheckUnit &A, const CheckUnit &B) { return A.Output < B.Output; });
  for (CheckUnit &U : Units)
    U.Rel = U.Output.substr(std::min(U.Output.size(), OutRoot.size() + 1));
  return Units;
}

/// A unit path as given (relative to the out-root, or absolute under it),
/// in the form of CheckUnit::Rel: no "./" or "..", '/' separated.
std::string unitKey(StringRef P, StringRef OutRoot) {
  SmallString<256> A(P);
  sys::path::remove_dots(A, true);
  StringRef R = A;
  if (sys::path::is_absolute(R) && R.startswith((OutRoot + "/").str()))
    R = R.drop_front(OutRoot.size() + 1);
  return sys::path::convert_to_slash(R);
}

/// The unit paths the command line names: the positional arguments and the
/// lines of --units FILE (blank lines and '#' comments skipped). Errors: the
/// file cannot be read.
Expected<std::vector<std::string>> wantedUnits() {
  std::vector<std::string> W(UnitArgs.begin(), UnitArgs.end());
  if (UnitsFileOpt.empty())
    return W;
  auto Buf = readFileChecked(UnitsFileOpt);
  if (!Buf)
    return createStringError(inconvertibleErrorCode(), "--units " + UnitsFileOpt + ": " +
                                                           toString(Buf.takeError()));
  SmallVector<StringRef, 64> Lines;
  (*Buf)->getBuffer().split(Lines, '\n');
  for (StringRef L : Lines) {
    L = L.split('#').first.trim();
    if (!L.empty())
      W.push_back(L.str());
  }
  return W;
}

/// Keeps the units of `Units` that `Wanted` names (all when it is empty).
/// Errors: a wanted path that is no translation unit of the out-root, named
/// with the out-root.
Error selectUnits(std::vector<CheckUnit> &Units, const std::vector<std::string> &Wanted,
                  StringRef OutRoot) {
  if (Wanted.empty())
    return Error::success();
  std::set<std::string> Keys;
  for (const std::string &W : Wanted)
    Keys.insert(unitKey(W, OutRoot));
  for (const std::string &K : Keys)
    if (llvm::none_of(Units, [&](const CheckUnit &U) { return U.Rel == K; }))
      return createStringError(inconvertibleErrorCode(),
                               "'" + K + "' is not a translation unit of " + OutRoot +
                                   " (give paths relative to --out-root)");
  llvm::erase_if(Units, [&](const CheckUnit &U) { return !Keys.count(U.Rel); });
  return Error::success();
}

/// The flags of each unit: from the compile database (the originals'),
/// rebased into the out-root, then the flags after `--`.
Error assignFlags(std::vector<CheckUnit> &Units, StringRef InRoot, StringRef OutRoot,
                  const std::vector<std::string> &Extra) {
  std::unique_ptr<clang::tooling::CompilationDatabase> DB;
  if (!BuildDirOpt.empty()) {
    std::string Msg;
    DB = clang::tooling::CompilationDatabase::loadFromDirectory(BuildDirOpt, Msg);
    if (!DB)
      return createStringError(inconvertibleErrorCode(),
                               "cannot load compile_commands.json from " + BuildDirOpt + ": " + Msg);
  }
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  std::vector<std::string> ExtraCmd{"cc"};
  ExtraCmd.insert(ExtraCmd.end(), Extra.begin(), Extra.end());
  for (CheckUnit &U : Units) {
    if (DB && !U.Input.empty()) {
      auto Cmds = DB->getCompileCommands(U.Input);
      if (!Cmds.empty()) {
        U.NvccFlags = checkFlags(Cmds.front().CommandLine, U.Input, Cmds.front().Directory, "", "");
        U.Flags = checkFlags(Cmds.front().CommandLine, U.Input, Cmds.front().Directory, InRoot,
                             OutRoot);
      }
    }
    auto E = checkFlags(ExtraCmd, "", Cwd, "", "");
    U.NvccFlags.insert(U.NvccFlags.end(), E.begin(), E.end());
    auto H = checkFlags(ExtraCmd, "", Cwd, InRoot, OutRoot);
    U.Flags.insert(U.Flags.end(), H.begin(), H.end());
  }
  return Error::success();
}

/// The language `U` is compiled in, as nvcc decides it: the last `-x` of its
/// flags (its compile command's, then those after `--`), else the original's
/// extension: `.cu`/`.cuh` (and a port's `.hip`) CUDA ("cu"), `.c` C ("c"),
/// anything else (`.cpp`, `.cc`, `.cxx`) host C++ ("c++"), which nvcc hands to the
/// host compiler (CUDA Compiler Driver NVCC, "Supported Input File Suffixes").
std::string unitLanguage(const CheckUnit &U) {
  for (size_t I = U.Flags.size(); I >= 2; --I)
    if (U.Flags[I - 2] == "-x")
      return U.Flags[I - 1];
  StringRef Ext = sys::path::extension(U.Input.empty() ? U.Output : U.Input);
  if (Ext == ".cu" || Ext == ".cuh" || Ext == ".hip")
    return "cu";
  return Ext == ".c" ? "c" : "c++";
}

bool hasStd(const std::vector<std::string> &Flags) {
  return llvm::any_of(Flags, [](const std::string &F) { return StringRef(F).startswith("-std="); });
}

/// Directories a compile of `U` reads: the unit's, the roots, -I dirs.
std::vector<std::string> bindsOf(const CheckUnit &U, StringRef InRoot, StringRef OutRoot,
                                 StringRef RuntimeDir) {
  std::vector<std::string> B{OutRoot.str(), RuntimeDir.str(),
                             sys::path::parent_path(U.Output).str()};
  if (!InRoot.empty())
    B.push_back(InRoot.str());
  for (size_t I = 0; I + 1 < U.Flags.size(); ++I)
    if (isPathFlag(U.Flags[I]))
      B.push_back(U.Flags[I] == "-include" ? sys::path::parent_path(U.Flags[I + 1]).str()
                                           : U.Flags[I + 1]);
  for (const std::string &F : U.Flags)
    if (StringRef(F).startswith("-I") && F.size() > 2)
      B.push_back(F.substr(2));
  llvm::erase_if(B, [](const std::string &D) { return !sys::fs::is_directory(D); });
  return B;
}

/// Notes once each -I/-isystem/-iquote/-idirafter directory of `Units`
/// that the ROCm root of HC's chroot has of its own (/usr/include, ...):
/// it is not bind-mounted over the root's (HipCompiler::rootHas), so the
/// compiles read the root's headers there, not this system's.
void noteRootOwnDirs(const std::vector<CheckUnit> &Units, const HipCompiler &HC) {
  std::set<std::string> Seen;
  for (const CheckUnit &U : Units)
    for (size_t I = 0; I < U.Flags.size(); ++I) {
      StringRef F = U.Flags[I];
      std::string D;
      if (isPathFlag(F) && F != "-include" && I + 1 < U.Flags.size())
        D = U.Flags[I + 1];
      else if (F.startswith("-I") && F.size() > 2)
        D = F.drop_front(2).str();
      if (!D.empty() && Seen.insert(D).second && HC.rootHas(D))
        WithColor::note(errs(), "cu2hip check")
            << D << " is a directory of the ROCm root's own: the compiles in its chroot read "
            << "the root's " << D << ", not this system's\n";
    }
}

struct Runner {
  const HipCompiler &HC;
  std::string InRoot, OutRoot, RuntimeDir, LogDir, Nvcc;
  std::vector<std::string> Targets;
  std::mutex Mu;
  unsigned Done = 0, Total = 0;
  ProgressLine *Progress = nullptr;

  std::string readLog(StringRef Path) {
    auto B = readFileChecked(Path);
    if (!B) {
      consumeError(B.takeError());
      return std::string();
    }
    return (*B)->getBuffer().str();
  }

  /// The HIP compiler's flags for `U` on `Target`, in the unit's language
  /// (unitLanguage()). A host unit (C or C++) is compiled as a host compiler would
  /// with HIP's headers: `__HIP_PLATFORM_AMD__` is defined, which hip_runtime_api.h
  /// needs outside HIP compiles (hipcc defines it only for HIP sources); a C unit
  /// drops C++ standards (the tree's flags are shared by its C and C++ units), since
  /// clang rejects `-std=c++17` with `-xc`.
  std::vector<std::string> hipArgs(const CheckUnit &U, StringRef Target) {
    std::string Lang = unitLanguage(U);
    bool IsC = Lang == "c";
    std::vector<std::string> A;
    for (size_t I = 0; I < U.Flags.size(); ++I) {
      StringRef F = U.Flags[I];
      if (F == "-x")
        ++I;
      else if (!IsC || !(F.startswith("-std=c++") || F.startswith("-std=gnu++")))
        A.push_back(F.str());
    }
    A.insert(A.begin(), {"-I", RuntimeDir});
    if (!IsC && !hasStd(U.Flags))
      A.push_back("-std=c++17");
    if (Lang != "cu")
      A.push_back("-D__HIP_PLATFORM_AMD__");
    A.push_back(Lang == "cu" ? "-xhip" : "-x" + Lang);
    A.push_back(("--offload-arch=" + Target).str());
    return A;
  }

  void tick(StringRef File) {
    std::lock_guard<std::mutex> L(Mu);
    ++Done;
    if (Progress)
      Progress->update("compiling", File, Done, Total);
  }

  /// The compile of `U` for target T: with --object one full compile to an
  /// object; else the device side alone, through Clang's code generation
  /// (to LLVM IR at -O0; with --kernels to assembly, kernels()), where the
  /// target's builtins and features are checked (-fsyntax-only does not
  /// reach them). The host side is checked once per unit (host()).
  void compile(CheckUnit &U, size_t Idx, size_t T) {
    const std::string &Target = Targets[T];
    UnitResult &R = U.Results[T];
    auto T0 = std::chrono::steady_clock::now();
    if (KernelsOpt && !ObjectOpt) {
      R.Ok = kernels(U, Idx, T);
    } else {
      std::vector<std::string> A = hipArgs(U, Target);
      std::string Obj = HC.tempInside((Twine(Idx) + "." + Target + ".o").str());
      if (ObjectOpt)
        A.insert(A.end(), {"-c", "-o", Obj});
      else
        // -O1: ROCm 7.2 rejects some gfx1100 device code at -O0 only (it
        // selects a DPP wavefront shift GFX10+ lacks), which optimised
        // builds compile; -O1 costs no more time here (lit check-object-opt).
        A.insert(A.end(), {"--offload-device-only", "-O1", "-c", "-o", Obj});
      A.push_back(U.Output);
      std::string Log = (LogDir + "/" + Twine(Idx) + "." + Target + ".log").str(), Err;
      sys::RemoveFileOnSignal(HC.tempOutside((Twine(Idx) + "." + Target + ".o").str()));
      int RC = runLogged(HC.command(A, bindsOf(U, InRoot, OutRoot, RuntimeDir)), Log, TimeoutOpt,
                         Err, &R.TimedOut);
      R.Ok = RC == 0;
      R.Log = RC == -1 && !Err.empty() ? Err + "\n" + readLog(Log) : readLog(Log);
      sys::fs::remove(HC.tempOutside((Twine(Idx) + "." + Target + ".o").str()));
      if (ObjectOpt && KernelsOpt && R.Ok)
        kernels(U, Idx, T);
    }
    R.Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - T0).count();
    tick(U.Rel);
  }

  /// The host side of `U`, syntax only (not with --object, whose compiles
  /// include it).
  void host(CheckUnit &U, size_t Idx) {
    std::vector<std::string> A = hipArgs(U, Targets.front());
    A.insert(A.end(), {"--offload-host-only", "-fsyntax-only", U.Output});
    std::string Log = (LogDir + "/" + Twine(Idx) + ".host.log").str(), Err;
    int RC = runLogged(HC.command(A, bindsOf(U, InRoot, OutRoot, RuntimeDir)), Log, TimeoutOpt,
                       Err, &U.HostTimedOut);
    U.HostOk = RC == 0;
    U.HostLog = RC == -1 && !Err.empty() ? Err + "\n" + readLog(Log) : readLog(Log);
    tick(U.Rel);
  }

  /// The device side of `U` for target T compiled to assembly with the
  /// resource-usage remarks; fills the kernel figures and hazards. False
  /// (with the compiler's log as the result's) when it does not compile.
  bool kernels(CheckUnit &U, size_t Idx, size_t T) {
    const std::string &Target = Targets[T];
    std::vector<std::string> A = hipArgs(U, Target);
    std::string Name = (Twine(Idx) + "." + Target + ".s").str();
    A.insert(A.end(), {"--offload-device-only", "-S", "-o", HC.tempInside(Name),
                       "-Rpass-analysis=kernel-resource-usage", U.Output});
    std::string Log = (LogDir + "/" + Twine(Idx) + "." + Target + ".k.log").str(), Err;
    UnitResult &R = U.Results[T];
    sys::RemoveFileOnSignal(HC.tempOutside(Name));
    int RC = runLogged(HC.command(A, bindsOf(U, InRoot, OutRoot, RuntimeDir)), Log, TimeoutOpt, Err,
                       &R.TimedOut);
    R.Kernels = parseResourceRemarks(readLog(Log));
    std::string Asm = readLog(HC.tempOutside(Name));
    sys::fs::remove(HC.tempOutside(Name));
    if (RC != 0) {
      R.Ok = false;
      R.Log = RC == -1 && !Err.empty() ? Err + "\n" + readLog(Log) : readLog(Log);
      R.Kernels.clear();
      return false;
    }
    countInstructions(Asm, R.Kernels);
    for (KernelCost &K : R.Kernels) {
      K.Unit = U.Rel;
      K.Target = Target;
      K.Limiter = occupancyLimiter(K, Target);
    }
    R.Hazards = findHazards(R.Kernels, readLog(U.Output), Target);
    return true;
  }

  /// For a host unit (C, C++) that failed somewhere: its unported original
  /// (in-root, the original's flags) compiled by the same compiler in the same
  /// language, syntax only; sets U.OriginalError. Where the original fails
  /// with the same error, the compiler rejects the tree itself (clang where
  /// the tree's host compiler is g++, say), not the port.
  void original(CheckUnit &U, size_t Idx) {
    CheckUnit O = U;
    O.Output = U.Input;
    O.Flags = U.NvccFlags;
    std::vector<std::string> A = hipArgs(O, Targets.front());
    A.insert(A.end(), {"--offload-host-only", "-fsyntax-only", U.Input});
    std::string Log = (LogDir + "/" + Twine(Idx) + ".original.log").str(), Err;
    int RC = runLogged(HC.command(A, bindsOf(O, InRoot, OutRoot, RuntimeDir)), Log, TimeoutOpt,
                       Err);
    U.OriginalError = RC == 0 ? FirstError() : firstError(readLog(Log));
  }

  /// Whether original() applies to `U`: a host unit with its input at hand
  /// that failed for a target.
  bool wantsOriginal(const CheckUnit &U) {
    bool Failed = (U.HostOk && !*U.HostOk) ||
                  llvm::any_of(U.Results, [](const UnitResult &R) { return !R.Ok; });
    return Failed && unitLanguage(U) != "cu" && !U.Input.empty() && sys::fs::exists(U.Input);
  }

  /// Every compile of `Units` on -j threads: nvcc's, each target's and the
  /// host side's; then the originals of the host units that failed.
  void runAll(std::vector<CheckUnit> &Units) {
    ThreadPool Pool(hardware_concurrency(std::max(1u, unsigned(JobsOpt))));
    for (size_t I = 0; I < Units.size(); ++I) {
      if (!Nvcc.empty())
        Pool.async([&, I] { nvcc(Units[I], I); });
      for (size_t T = 0; T < Targets.size(); ++T)
        Pool.async([&, I, T] { compile(Units[I], I, T); });
      if (!ObjectOpt)
        Pool.async([&, I] { host(Units[I], I); });
    }
    Pool.wait();
    for (size_t I = 0; I < Units.size(); ++I)
      if (wantsOriginal(Units[I]))
        Pool.async([&, I] { original(Units[I], I); });
    Pool.wait();
  }

  /// nvcc on the original of `U`; NvccOk stays unset, with NvccNote saying
  /// why, where it did not run (no original at hand, nvcc not runnable,
  /// killed after --timeout).
  void nvcc(CheckUnit &U, size_t Idx) {
    if (U.Input.empty() || !sys::fs::exists(U.Input)) {
      U.NvccNote = U.Input.empty() ? "no original known (no manifest)"
                                   : "the original " + U.Input + " is missing";
      tick(U.Rel);
      return;
    }
    std::vector<std::string> A{Nvcc, "-arch=" + NvccArchOpt};
    A.insert(A.end(), U.NvccFlags.begin(), U.NvccFlags.end());
    if (!hasStd(U.NvccFlags))
      A.push_back("-std=c++17");
    if (KernelsOpt)
      A.insert(A.end(), {"-Xptxas", "-v"});
    if (!llvm::is_contained(U.NvccFlags, "-x") && unitLanguage(U) == "cu")
      A.insert(A.end(), {"-x", "cu"});
    A.insert(A.end(), {"-c", "-o", "/dev/null", "-Xcompiler", "-fsyntax-only", U.Input});
    std::string Log = (LogDir + "/" + Twine(Idx) + ".nvcc.log").str(), Err;
    int RC = runLogged(A, Log, TimeoutOpt, Err);
    U.NvccLog = readLog(Log);
    if (RC == -1 && !Err.empty())
      U.NvccNote = Err;
    else
      U.NvccOk = RC == 0;
    tick(U.Rel);
  }
};

/// Every compile of `Units` by `R`, their logs in a fresh temporary
/// directory (R.LogDir) that is removed afterwards, and on SIGINT/SIGTERM/
/// SIGHUP with the logs (runLogged registers each); a progress line on a
/// terminal. Errors: the directory cannot be made.
Error runWithLogs(Runner &R, std::vector<CheckUnit> &Units,
                  std::chrono::steady_clock::time_point Start) {
  SmallString<128> LogDir;
  if (Error E = createTemporaryDirectory("cu2hip-check", LogDir))
    return E;
  R.LogDir = std::string(LogDir);
  removeDirOnInterrupt(R.LogDir);
  for (CheckUnit &U : Units)
    U.Results.resize(R.Targets.size());
  R.Total = Units.size() * (R.Targets.size() + (ObjectOpt ? 0 : 1) + (R.Nvcc.empty() ? 0 : 1));
  std::unique_ptr<ProgressLine> PL;
  if (ProgressLine::isWanted())
    PL = std::make_unique<ProgressLine>(Start);
  R.Progress = PL.get();
  R.runAll(Units);
  if (PL)
    PL->finish();
  sys::fs::remove_directories(LogDir);
  forgetDirRemovedOnInterrupt(R.LogDir);
  return Error::success();
}

std::string findNvcc() {
  if (!NvccOpt.empty())
    return NvccOpt;
  if (const char *C = getenv("CUDA_PATH"))
    if (sys::fs::can_execute(std::string(C) + "/bin/nvcc"))
      return std::string(C) + "/bin/nvcc";
  if (sys::fs::can_execute("/usr/local/cuda/bin/nvcc"))
    return "/usr/local/cuda/bin/nvcc";
  auto P = sys::findProgramByName("nvcc");
  return P ? *P : "";
}

/// The port's findings by ported file (absolute output path), from the
/// out-root's manifest; empty without one.
StringMap<std::vector<Finding>> portFindings(StringRef OutRoot) {
  StringMap<std::vector<Finding>> By;
  if (auto M = readManifest(manifestPath(OutRoot)))
    for (const StoredFile &F : M->Files)
      if (!F.Findings.empty() && !F.Output.empty())
        By[outputUnder(F.Output, M->Key.OutRoot, OutRoot)] = F.Findings;
  return By;
}

/// Whether a host unit's unported original fails with R's first error, not
/// one about a missing CUDA header (which the original needs and the HIP
/// compiler's system lacks) nor one inside cu2hip's runtime headers.
bool sameErrorInOriginal(const CheckUnit &U, const UnitResult &R, StringRef RuntimeDir) {
  if (!U.OriginalError || !U.OriginalError->Found ||
      U.OriginalError->Message != R.Error.Message)
    return false;
  StringRef M = R.Error.Message;
  return !StringRef(R.Error.File).startswith(RuntimeDir) && !M.endswith("file not found");
}

/// Classifies every failure once all targets and nvcc have run. A failure
/// about a name the port reported (an unsupported CUDA name kept) is a
/// port gap that carries the port's finding as its reason.
void classifyAll(std::vector<CheckUnit> &Units, StringRef RuntimeDir, StringRef OutRoot) {
  StringMap<std::vector<Finding>> Findings = portFindings(OutRoot);
  for (CheckUnit &U : Units) {
    // A host-side error fails every target; the device error comes first.
    if (U.HostOk && !*U.HostOk)
      for (UnitResult &R : U.Results)
        if (R.Ok) {
          R.Ok = false;
          R.Log = U.HostLog;
          R.TimedOut = U.HostTimedOut;
        }
    bool AnyOk = llvm::any_of(U.Results, [](const UnitResult &R) { return R.Ok; });
    for (UnitResult &R : U.Results) {
      if (R.Ok)
        continue;
      if (R.TimedOut) {
        R.Error = FirstError();
        R.Error.Message = "timed out after " + std::to_string(TimeoutOpt) + " s";
        R.Category = CheckCategory::Timeout;
        R.Why = "the compile ran longer than --timeout " + std::to_string(TimeoutOpt) +
                " and was killed, with the processes it started";
        continue;
      }
      R.Error = firstError(R.Log);
      if (!R.Error.Found) {
        R.Error.Message = StringRef(R.Log).trim().take_front(300).str();
        if (R.Error.Message.empty())
          R.Error.Message = "the compiler failed without a message";
      }
      R.Category = classifyError(R.Error, AnyOk, U.NvccOk, RuntimeDir, R.Why);
      if (R.Category == CheckCategory::PortGap || R.Category == CheckCategory::Other) {
        auto It = Findings.find(R.Error.File);
        std::string Reported = It == Findings.end() ? "" : portFindingFor(R.Error, It->second);
        if (!Reported.empty()) {
          R.Category = CheckCategory::PortGap;
          R.Why = std::move(Reported);
          continue;
        }
      }
      if (R.Category != CheckCategory::Input && sameErrorInOriginal(U, R, RuntimeDir)) {
        R.Category = CheckCategory::Input;
        R.Why = "the unported original fails the same way with this compiler (" +
                std::string(unitLanguage(U) == "c" ? "C" : "C++") +
                "): the compiler's difference from the tree's own, not the port's";
      }
    }
  }
}

/// Adds ptxas's figures of the originals to the kernels of the same name.
void attachPtx(std::vector<CheckUnit> &Units) {
  for (CheckUnit &U : Units) {
    auto Ptx = parsePtxasInfo(U.NvccLog);
    if (Ptx.empty())
      continue;
    // HIP's vector types mangle unlike CUDA's (float4 is HIP_vector_type):
    // a kernel without its mangled name in ptxas's output takes the figures
    // of the one original kernel of the same unqualified name.
    std::map<std::string, std::vector<const PtxFigures *>> ByBase;
    for (const auto &[Name, F] : Ptx)
      ByBase[kernelBaseName(Name)].push_back(&F);
    for (UnitResult &R : U.Results)
      for (KernelCost &K : R.Kernels) {
        const PtxFigures *F = nullptr;
        auto It = Ptx.find(K.Name);
        if (It != Ptx.end())
          F = &It->second;
        else if (ByBase[kernelBaseName(K.Name)].size() == 1)
          F = ByBase[kernelBaseName(K.Name)].front();
        if (!F)
          continue;
        K.PtxRegs = F->Regs;
        K.PtxSmem = F->Smem;
        K.PtxSpill = F->Spill;
      }
  }
}

} // namespace

int runCheck(const CheckInputs &In, raw_ostream &OS) {
  auto fail = [](const Twine &Msg) {
    WithColor::error(errs(), "cu2hip check") << Msg << "\n";
    return 2;
  };
  if (OutRootOpt.empty() || !sys::fs::is_directory(OutRootOpt))
    return fail("give --out-root DIR, a ported tree");
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  std::string OutRoot = absPath(OutRootOpt, Cwd);
  std::string InRoot = InRootOpt.empty() ? "" : absPath(InRootOpt, Cwd);
  std::vector<CheckUnit> Units = listUnits(OutRoot, InRoot);
  if (Units.empty())
    return fail("no translation units under " + OutRoot + " (port the tree first)");
  auto Wanted = wantedUnits();
  if (!Wanted)
    return fail(toString(Wanted.takeError()));
  if (Error E = selectUnits(Units, *Wanted, OutRoot))
    return fail(toString(std::move(E)));
  if (Error E = assignFlags(Units, InRoot, OutRoot, In.ExtraArgs))
    return fail(toString(std::move(E)));
  Expected<HipCompiler> HC = HipCompiler::choose(HipccOpt, RocmRootOpt);
  if (!HC)
    return fail(toString(HC.takeError()));
  if (HC->usesChroot())
    noteRootOwnDirs(Units, *HC);
  std::vector<std::string> Targets;
  for (StringRef T : split(ArchOpt, ','))
    if (!T.trim().empty())
      Targets.push_back(T.trim().str());
  if (Targets.empty())
    return fail("--offload-arch names no target");
  SmallString<256> Bundled(OutRoot);
  sys::path::append(Bundled, "cu2hip-runtime");
  std::string RuntimeDir = sys::fs::is_directory(Bundled + "/cu2hip") ? std::string(Bundled)
                                                                       : In.RuntimeIncludeDir;
  std::string Nvcc = NvccOpt.getNumOccurrences() ? findNvcc() : "";
  if (NvccOpt.getNumOccurrences() && Nvcc.empty())
    return fail("--nvcc: no nvcc found (give --nvcc=PATH)");
  Runner R{*HC, InRoot, OutRoot, RuntimeDir, "", Nvcc, Targets};
  auto Start = std::chrono::steady_clock::now();
  if (Error E = runWithLogs(R, Units, Start))
    return fail(toString(std::move(E)));
  classifyAll(Units, RuntimeDir, OutRoot);
  attachPtx(Units);
  CheckRunInfo Info{In.Version, HC->describe(), OutRoot, InRoot, Targets, !R.Nvcc.empty(),
                    bool(KernelsOpt),
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count()};
  printCheckTable(Units, Info, OS);
  if (!ReportOpt.empty())
    if (Error E = writeCheckReport(ReportOpt, Units, Info))
      return fail(toString(std::move(E)));
  bool All = llvm::all_of(Units, [](const CheckUnit &U) {
    return llvm::all_of(U.Results, [](const UnitResult &R) { return R.Ok; });
  });
  return All ? 0 : 1;
}

} // namespace cu2hip
